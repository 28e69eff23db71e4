/**
 * What renaming or deleting a detection class changes: the project's class list and the boxes of every
 * image that uses it. Pure, so the page applies one tested plan.
 */
import { MODEL_TRAIN, trainClassNameSchema, type TrainBox, type TrainImage } from '@ai-edu/contract';

export type ClassNameProblem = 'invalid' | 'duplicate' | 'tooMany' | null;

/** Why a new (or renamed) class name cannot be used; `except` is the class being renamed. */
export function classNameProblem(
  name: string,
  classes: readonly string[],
  except?: string,
): ClassNameProblem {
  const trimmed = name.trim();
  if (!trainClassNameSchema.safeParse(trimmed).success) return 'invalid';
  const lower = trimmed.toLowerCase();
  if (classes.some((c) => c.toLowerCase() === lower && c !== except)) return 'duplicate';
  if (except === undefined && classes.length >= MODEL_TRAIN.maxClasses) return 'tooMany';
  return null;
}

/** How many boxes each class has. */
export function boxCounts(images: readonly Pick<TrainImage, 'boxes'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const im of images) for (const b of im.boxes) counts.set(b.label, (counts.get(b.label) ?? 0) + 1);
  return counts;
}

export interface ClassEdit {
  classes: string[];
  /** Images whose boxes change, with their new boxes. */
  updates: { id: number; boxes: TrainBox[] }[];
}

export function renameClass(
  images: readonly Pick<TrainImage, 'id' | 'boxes'>[],
  classes: readonly string[],
  from: string,
  to: string,
): ClassEdit {
  const name = to.trim();
  return {
    classes: classes.map((c) => (c === from ? name : c)),
    updates: images
      .filter((im) => im.boxes.some((b) => b.label === from))
      .map((im) => ({
        id: im.id,
        boxes: im.boxes.map((b) => (b.label === from ? { ...b, label: name } : b)),
      })),
  };
}

export function deleteClass(
  images: readonly Pick<TrainImage, 'id' | 'boxes'>[],
  classes: readonly string[],
  name: string,
): ClassEdit {
  return {
    classes: classes.filter((c) => c !== name),
    updates: images
      .filter((im) => im.boxes.some((b) => b.label === name))
      .map((im) => ({ id: im.id, boxes: im.boxes.filter((b) => b.label !== name) })),
  };
}
