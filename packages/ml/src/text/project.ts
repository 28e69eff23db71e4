/**
 * The project file of the text-classifier lab: classes and their example sentences plus the training
 * settings. Weights are not saved: training is deterministic (seeded), so the same file trains the same model
 * again in a moment. Reading a file is strict and all-or-nothing: `parseProjectFile` either returns a complete,
 * normalised project or one error saying what is wrong and where.
 */
import { DEFAULT_TRAIN_SETTINGS } from './classifier.ts';

export const PROJECT_FORMAT = 'ai-edu/train-text';
export const PROJECT_VERSION = 1;

export const PROJECT_LIMITS = {
  maxClasses: 10,
  maxExamplesPerClass: 200,
  /** Characters in one example sentence. */
  maxSentenceLength: 200,
  maxClassNameLength: 30,
  maxProjectNameLength: 60,
  maxFileBytes: 512 * 1024,
  maxEpochs: 200,
} as const;

/** The settings a learner can change (and that a file carries). */
export interface ProjectSettings {
  readonly epochs: number;
  readonly learningRate: number;
  readonly l2: number;
  readonly bigrams: boolean;
  readonly seed: number;
}

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = {
  epochs: DEFAULT_TRAIN_SETTINGS.epochs,
  learningRate: DEFAULT_TRAIN_SETTINGS.learningRate,
  l2: DEFAULT_TRAIN_SETTINGS.l2,
  bigrams: DEFAULT_TRAIN_SETTINGS.bigrams,
  seed: DEFAULT_TRAIN_SETTINGS.seed,
};

export interface ProjectClass {
  readonly name: string;
  readonly examples: readonly string[];
}

export interface TextProject {
  readonly name: string;
  readonly classes: readonly ProjectClass[];
  readonly settings: ProjectSettings;
}

export type ProjectErrorCode =
  | 'tooLarge'
  | 'notJson'
  | 'notProject'
  | 'newerVersion'
  | 'badProjectName'
  | 'tooManyClasses'
  | 'badClass'
  | 'badClassName'
  | 'duplicateClassName'
  | 'tooManyExamples'
  | 'badExample'
  | 'badSettings';

/** What is wrong with a file; numbers are 1-based, as a person counts. */
export interface ProjectError {
  readonly code: ProjectErrorCode;
  readonly classNumber?: number;
  readonly exampleNumber?: number;
  readonly limit?: number;
  /** The settings field that is out of range. */
  readonly field?: string;
}

export type ProjectParseResult = { ok: true; project: TextProject } | { ok: false; error: ProjectError };

const fail = (error: ProjectError): ProjectParseResult => ({ ok: false, error });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Trims, and folds runs of whitespace (newlines included) into one space. */
export function cleanSentence(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Character count as a person sees it (an emoji is one), used for the length limits. */
export function textLength(text: string): number {
  return [...text].length;
}

type SettingsResult = { ok: true; settings: ProjectSettings } | { ok: false; field: string };

const SETTING_RULES: { [K in keyof ProjectSettings]: (v: unknown) => v is ProjectSettings[K] } = {
  epochs: (v): v is number =>
    Number.isInteger(v) && (v as number) >= 1 && (v as number) <= PROJECT_LIMITS.maxEpochs,
  learningRate: (v): v is number => typeof v === 'number' && v > 0 && v <= 1,
  l2: (v): v is number => typeof v === 'number' && v >= 0 && v <= 1,
  bigrams: (v): v is boolean => typeof v === 'boolean',
  seed: (v): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffffffff,
};

function readSettings(value: unknown): SettingsResult {
  if (value === undefined) return { ok: true, settings: DEFAULT_PROJECT_SETTINGS };
  if (!isRecord(value)) return { ok: false, field: 'settings' };
  const settings: Record<string, unknown> = { ...DEFAULT_PROJECT_SETTINGS };
  for (const [field, valid] of Object.entries(SETTING_RULES)) {
    if (value[field] === undefined) continue;
    if (!(valid as (v: unknown) => boolean)(value[field])) return { ok: false, field };
    settings[field] = value[field];
  }
  return { ok: true, settings: settings as unknown as ProjectSettings };
}

/** Checks a parsed value against the project format; see `parseProjectFile`. */
export function validateProject(value: unknown): ProjectParseResult {
  if (!isRecord(value) || value.format !== PROJECT_FORMAT) return fail({ code: 'notProject' });
  if (typeof value.version !== 'number' || !Number.isInteger(value.version) || value.version < 1) {
    return fail({ code: 'notProject' });
  }
  if (value.version > PROJECT_VERSION) return fail({ code: 'newerVersion' });

  const rawName = value.name ?? '';
  if (
    typeof rawName !== 'string' ||
    textLength(cleanSentence(rawName)) > PROJECT_LIMITS.maxProjectNameLength
  ) {
    return fail({ code: 'badProjectName', limit: PROJECT_LIMITS.maxProjectNameLength });
  }
  if (!Array.isArray(value.classes)) return fail({ code: 'notProject' });
  if (value.classes.length > PROJECT_LIMITS.maxClasses) {
    return fail({ code: 'tooManyClasses', limit: PROJECT_LIMITS.maxClasses });
  }

  const classes: ProjectClass[] = [];
  const names = new Set<string>();
  for (const [c, raw] of (value.classes as unknown[]).entries()) {
    const classNumber = c + 1;
    if (!isRecord(raw) || !Array.isArray(raw.examples)) return fail({ code: 'badClass', classNumber });
    const name = typeof raw.name === 'string' ? cleanSentence(raw.name) : '';
    if (name === '' || textLength(name) > PROJECT_LIMITS.maxClassNameLength) {
      return fail({ code: 'badClassName', classNumber, limit: PROJECT_LIMITS.maxClassNameLength });
    }
    if (names.has(name.toLocaleLowerCase())) return fail({ code: 'duplicateClassName', classNumber });
    names.add(name.toLocaleLowerCase());
    if (raw.examples.length > PROJECT_LIMITS.maxExamplesPerClass) {
      return fail({ code: 'tooManyExamples', classNumber, limit: PROJECT_LIMITS.maxExamplesPerClass });
    }
    const examples: string[] = [];
    for (const [e, example] of (raw.examples as unknown[]).entries()) {
      const text = typeof example === 'string' ? cleanSentence(example) : '';
      if (text === '' || textLength(text) > PROJECT_LIMITS.maxSentenceLength) {
        return fail({
          code: 'badExample',
          classNumber,
          exampleNumber: e + 1,
          limit: PROJECT_LIMITS.maxSentenceLength,
        });
      }
      // The same sentence twice in a class adds nothing a learner meant; keep the first.
      if (!examples.includes(text)) examples.push(text);
    }
    classes.push({ name, examples });
  }

  const settings = readSettings(value.settings);
  if (!settings.ok) return fail({ code: 'badSettings', field: settings.field });
  return { ok: true, project: { name: cleanSentence(rawName), classes, settings: settings.settings } };
}

/**
 * Reads a project file's text. Refuses (with one `ProjectError`) text longer than the file limit, text that
 * is not JSON, JSON that is not a project of this lab or of a newer version, and any class, sentence or
 * setting outside the limits. Unknown extra fields are ignored, so older apps can read newer harmless files.
 */
export function parseProjectFile(text: string): ProjectParseResult {
  if (text.length > PROJECT_LIMITS.maxFileBytes) {
    return fail({ code: 'tooLarge', limit: PROJECT_LIMITS.maxFileBytes });
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/u, ''));
  } catch {
    return fail({ code: 'notJson' });
  }
  return validateProject(value);
}

/** The file text of a project (pretty JSON, so a teacher can read and edit it). */
export function serializeProject(project: TextProject): string {
  return `${JSON.stringify(
    {
      format: PROJECT_FORMAT,
      version: PROJECT_VERSION,
      name: project.name,
      classes: project.classes.map((c) => ({ name: c.name, examples: c.examples })),
      settings: project.settings,
    },
    null,
    2,
  )}\n`;
}
