/**
 * The project being edited: classes with their example sentences, the project name and the training
 * settings. Pure functions and a reducer (no React), tested in Node. Ids exist only for React keys and
 * edits; the file format (`@ai-edu/ml/text`) has none.
 */
import {
  cleanSentence,
  DEFAULT_PROJECT_SETTINGS,
  textLength,
  type LabelledSentence,
  type ProjectSettings,
  type TextProject,
} from '@ai-edu/ml/text/index.ts';
import { LIMITS, MIN_CLASSES } from './meta.ts';

export interface Example {
  readonly id: number;
  readonly text: string;
}

export interface ClassDraft {
  readonly id: number;
  readonly name: string;
  readonly examples: readonly Example[];
}

export interface ProjectState {
  readonly name: string;
  readonly classes: readonly ClassDraft[];
  readonly settings: ProjectSettings;
  /** Sentences offered as quick tests (from a starter project; not saved in files). */
  readonly samples: readonly string[];
  /** Grows with every change that alters what training would learn (examples, classes, settings). */
  readonly dataRevision: number;
  /** Grows with every change at all; compared with `savedRevision` to know about unsaved work. */
  readonly revision: number;
  readonly savedRevision: number;
  readonly nextId: number;
}

export type ProjectAction =
  | { type: 'addClass'; name: string }
  | { type: 'renameClass'; id: number; name: string }
  | { type: 'deleteClass'; id: number }
  | { type: 'addExamples'; classId: number; texts: readonly string[] }
  | { type: 'removeExample'; classId: number; exampleId: number }
  | { type: 'rename'; name: string }
  | { type: 'settings'; settings: Partial<ProjectSettings> }
  | { type: 'load'; project: TextProject; samples?: readonly string[]; saved: boolean }
  | { type: 'saved' };

/** A project from file data: fresh ids, every example kept in order. */
export function fromProject(
  project: TextProject,
  samples: readonly string[] = [],
  saved = true,
  firstId = 1,
): ProjectState {
  let nextId = firstId;
  const classes = project.classes.map((c) => ({
    id: nextId++,
    name: c.name,
    examples: c.examples.map((text) => ({ id: nextId++, text })),
  }));
  return {
    name: project.name,
    classes,
    settings: project.settings,
    samples,
    dataRevision: 0,
    revision: saved ? 0 : 1,
    savedRevision: 0,
    nextId,
  };
}

/** An empty project with two empty classes named by the caller (the names are translated). */
export function emptyProject(classNames: readonly string[]): TextProject {
  return {
    name: '',
    classes: classNames.map((name) => ({ name, examples: [] })),
    settings: DEFAULT_PROJECT_SETTINGS,
  };
}

/** The file form of the state (what "save" writes and autosave keeps). */
export function toProject(state: ProjectState): TextProject {
  return {
    name: cleanSentence(state.name),
    classes: state.classes.map((c) => ({ name: c.name, examples: c.examples.map((e) => e.text) })),
    settings: state.settings,
  };
}

export const hasUnsavedWork = (state: ProjectState): boolean =>
  state.revision !== state.savedRevision && state.classes.some((c) => c.examples.length > 0);

export type NameProblem = 'empty' | 'tooLong' | 'duplicate';

/** Why a class name cannot be used (names are compared without case), or null when it can. */
export function classNameProblem(state: ProjectState, name: string, ownId?: number): NameProblem | null {
  const clean = cleanSentence(name);
  if (clean === '') return 'empty';
  if (textLength(clean) > LIMITS.maxClassNameLength) return 'tooLong';
  const lower = clean.toLocaleLowerCase();
  if (state.classes.some((c) => c.id !== ownId && c.name.toLocaleLowerCase() === lower)) return 'duplicate';
  return null;
}

/** The first "Class n" style name not yet taken, from a translated pattern like n => `Class ${n}`. */
export function freeClassName(state: ProjectState, pattern: (n: number) => string): string {
  for (let n = state.classes.length + 1; ; n++) {
    const name = pattern(n);
    if (classNameProblem(state, name) === null) return name;
  }
}

export interface ExamplePlan {
  /** Clean, new sentences that fit. */
  readonly accepted: readonly string[];
  readonly duplicates: number;
  readonly tooLong: number;
  /** Sentences beyond the class's limit. */
  readonly overflow: number;
}

/**
 * What adding these texts to a class would do. Several lines pasted at once become several examples; blank
 * lines are skipped, sentences already in the class (or twice in the paste) are skipped as duplicates.
 */
export function planExamples(cls: ClassDraft, texts: readonly string[]): ExamplePlan {
  const seen = new Set(cls.examples.map((e) => e.text));
  const accepted: string[] = [];
  let duplicates = 0;
  let tooLong = 0;
  let overflow = 0;
  for (const raw of texts.flatMap((t) => t.split(/\r?\n/u))) {
    const text = cleanSentence(raw);
    if (text === '') continue;
    if (textLength(text) > LIMITS.maxSentenceLength) tooLong++;
    else if (seen.has(text)) duplicates++;
    else if (cls.examples.length + accepted.length >= LIMITS.maxExamplesPerClass) overflow++;
    else {
      seen.add(text);
      accepted.push(text);
    }
  }
  return { accepted, duplicates, tooLong, overflow };
}

const changed = (state: ProjectState, data: boolean): Pick<ProjectState, 'revision' | 'dataRevision'> => ({
  revision: state.revision + 1,
  dataRevision: data ? state.dataRevision + 1 : state.dataRevision,
});

function updateClass(state: ProjectState, id: number, update: (c: ClassDraft) => ClassDraft): ClassDraft[] {
  return state.classes.map((c) => (c.id === id ? update(c) : c));
}

export function projectReducer(state: ProjectState, action: ProjectAction): ProjectState {
  switch (action.type) {
    case 'addClass': {
      if (state.classes.length >= LIMITS.maxClasses || classNameProblem(state, action.name)) return state;
      const cls: ClassDraft = { id: state.nextId, name: cleanSentence(action.name), examples: [] };
      return {
        ...state,
        ...changed(state, true),
        classes: [...state.classes, cls],
        nextId: state.nextId + 1,
      };
    }
    case 'renameClass': {
      const current = state.classes.find((c) => c.id === action.id);
      if (!current || classNameProblem(state, action.name, action.id)) return state;
      const name = cleanSentence(action.name);
      if (name === current.name) return state;
      // A new name changes nothing the model learned: classes are matched by position.
      return {
        ...state,
        ...changed(state, false),
        classes: updateClass(state, action.id, (c) => ({ ...c, name })),
      };
    }
    case 'deleteClass': {
      if (!state.classes.some((c) => c.id === action.id)) return state;
      return { ...state, ...changed(state, true), classes: state.classes.filter((c) => c.id !== action.id) };
    }
    case 'addExamples': {
      const cls = state.classes.find((c) => c.id === action.classId);
      if (!cls) return state;
      const { accepted } = planExamples(cls, action.texts);
      if (accepted.length === 0) return state;
      const examples = accepted.map((text, i) => ({ id: state.nextId + i, text }));
      return {
        ...state,
        ...changed(state, true),
        classes: updateClass(state, cls.id, (c) => ({ ...c, examples: [...c.examples, ...examples] })),
        nextId: state.nextId + examples.length,
      };
    }
    case 'removeExample': {
      const cls = state.classes.find((c) => c.id === action.classId);
      if (!cls?.examples.some((e) => e.id === action.exampleId)) return state;
      return {
        ...state,
        ...changed(state, true),
        classes: updateClass(state, cls.id, (c) => ({
          ...c,
          examples: c.examples.filter((e) => e.id !== action.exampleId),
        })),
      };
    }
    case 'rename': {
      // Kept as typed (a trailing space is the start of the next word); tidied when saved.
      const name = action.name;
      if (name === state.name || textLength(cleanSentence(name)) > LIMITS.maxProjectNameLength) return state;
      return { ...state, ...changed(state, false), name };
    }
    case 'settings':
      return { ...state, ...changed(state, true), settings: { ...state.settings, ...action.settings } };
    case 'load': {
      // Fresh ids past the old ones, so no class of the new project is mistaken for one of the old.
      const loaded = fromProject(action.project, action.samples, action.saved, state.nextId);
      // Revisions keep growing across loads, so a model trained on the old project is never taken as current.
      const base = Math.max(state.revision, state.dataRevision) + 1;
      return {
        ...loaded,
        dataRevision: base,
        revision: base + loaded.revision,
        savedRevision: base,
      };
    }
    case 'saved':
      return { ...state, savedRevision: state.revision };
  }
}

export type TrainBlock = { reason: 'fewClasses' } | { reason: 'emptyClass'; name: string } | null;

/** Why training cannot start yet, or null. */
export function trainBlock(state: ProjectState): TrainBlock {
  if (state.classes.length < MIN_CLASSES) return { reason: 'fewClasses' };
  const empty = state.classes.find((c) => c.examples.length === 0);
  return empty ? { reason: 'emptyClass', name: empty.name } : null;
}

/** The examples as labelled sentences (label = position of the class). */
export function trainingData(state: ProjectState): LabelledSentence[] {
  return state.classes.flatMap((c, label) => c.examples.map((e) => ({ text: e.text, label })));
}

/** A safe file name for the project ("天气 vs 运动.json"); characters file systems refuse become "-". */
export function fileNameFor(name: string, fallback: string): string {
  const base = cleanSentence(name)
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/^[.\s-]+|[.\s-]+$/gu, '');
  return `${base || fallback}.json`;
}
