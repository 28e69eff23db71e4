/** A run's model problem as a line for the stage, in the UI language (namespace `makeModels`). */
import { currentLanguage, i18n } from '../../../lib/i18n.ts';
import { registerTexts } from '../../../lib/lab-i18n.ts';
import { modelTexts } from './i18n.ts';
import type { ModelProblem } from './model-session.ts';

export const MODEL_TEXTS_NS = 'makeModels';

const CAMERA_KEYS = {
  insecure: 'insecure',
  denied: 'denied',
  missing: 'missingCamera',
  error: 'cameraError',
} as const;

const DRAWING_KEYS = { doodle: 'doodleModel', digit: 'digitModel' } as const;

const MICROPHONE_KEYS = {
  insecure: 'micInsecure',
  denied: 'micDenied',
  missing: 'micMissing',
  busy: 'micBusy',
  unknown: 'micError',
} as const;

export function describeModelProblem(problem: ModelProblem): string {
  registerTexts(MODEL_TEXTS_NS, modelTexts);
  const key =
    problem.kind === 'camera'
      ? CAMERA_KEYS[problem.reason]
      : problem.kind === 'microphone'
        ? MICROPHONE_KEYS[problem.reason]
        : problem.kind === 'drawing'
          ? DRAWING_KEYS[problem.network]
          : problem.kind === 'noSoundModel' && !problem.words
            ? 'noSoundModelAtAll'
            : problem.kind;
  const values =
    problem.kind === 'load' ||
    problem.kind === 'speech' ||
    problem.kind === 'read' ||
    problem.kind === 'drawing'
      ? { message: problem.message }
      : {
          ...('name' in problem ? { name: problem.name } : {}),
          ...('words' in problem ? { words: problem.words } : {}),
        };
  // The namespace is registered at run time, so its keys are not in i18next's typed catalogue.
  const t = i18n.t as unknown as (key: string, options: Record<string, unknown>) => string;
  return t(`problem.${key}`, { ...values, ns: MODEL_TEXTS_NS, lng: currentLanguage() });
}
