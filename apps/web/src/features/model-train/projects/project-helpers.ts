/** Small rules of the project list, kept out of the components so they can be tested. */
import { MODEL_TRAIN, type TrainProject } from '@ai-edu/contract';
import { paths } from '../../../config/paths.ts';

/** The training page of a project. */
export function projectPath(project: Pick<TrainProject, 'id' | 'kind'>): string {
  const base = project.kind === 'cls' ? paths.modelTrainCls : paths.modelTrainDet;
  return `${base}?project=${project.id}`;
}

/** `template` filled with the name, shortened (from the name's end) to fit the project-name limit. */
export function fitName(
  template: (name: string) => string,
  name: string,
  max = MODEL_TRAIN.projectNameMax,
): string {
  const whole = template(name);
  if ([...whole].length <= max) return whole;
  const overflow = [...whole].length - max;
  const chars = [...name];
  return template(
    chars
      .slice(0, Math.max(1, chars.length - overflow))
      .join('')
      .trimEnd(),
  );
}

/** Classes typed one per line: trimmed, empty lines and repeats (case-insensitive) dropped. */
export function parseClassLines(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const name = line.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** The headline figure of the last training: accuracy (cls) or mAP (det) as a percentage; null before one. */
export function lastScore(project: Pick<TrainProject, 'kind' | 'lastRun'>): string | null {
  const value = project.kind === 'cls' ? project.lastRun?.accuracy : project.lastRun?.map;
  return value == null ? null : `${(value * 100).toFixed(1)}%`;
}
