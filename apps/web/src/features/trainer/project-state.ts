/**
 * The trainer project being edited: classes with their samples (a feature vector and a thumbnail each) and
 * the training settings. A reducer with no React or DOM, tested in Node.
 */
import { DEFAULT_TRAIN_SETTINGS, type TrainSettings } from '@ai-edu/ml/trainer/index.ts';
import { MIN_CLASSES, TRAINER_LIMITS } from './limits.ts';

export interface TrainerSample {
  readonly id: number;
  readonly features: Float32Array;
  /** A small JPEG data URL shown in the class card. */
  readonly thumb: string;
}

export interface TrainerClass {
  readonly id: number;
  readonly name: string;
  readonly samples: readonly TrainerSample[];
}

export interface TrainerState {
  readonly classes: readonly TrainerClass[];
  readonly settings: TrainSettings;
  /** Grows with every change that alters what training would learn. */
  readonly dataRevision: number;
  readonly nextId: number;
}

export interface NewSample {
  readonly features: Float32Array;
  readonly thumb: string;
}

export interface ProjectData {
  readonly classes: readonly { name: string; samples: readonly NewSample[] }[];
  readonly settings: TrainSettings;
}

export type TrainerAction =
  | { type: 'addClass'; name: string }
  | { type: 'renameClass'; id: number; name: string }
  | { type: 'deleteClass'; id: number }
  | { type: 'addSamples'; classId: number; samples: readonly NewSample[] }
  | { type: 'removeSample'; classId: number; sampleId: number }
  | { type: 'clearClass'; classId: number }
  | { type: 'settings'; settings: Partial<TrainSettings> }
  | { type: 'load'; project: ProjectData };

export function initialState(classNames: readonly string[]): TrainerState {
  return reduceLoad(
    { classes: [], settings: DEFAULT_TRAIN_SETTINGS, dataRevision: 0, nextId: 1 },
    { classes: classNames.map((name) => ({ name, samples: [] })), settings: DEFAULT_TRAIN_SETTINGS },
  );
}

function reduceLoad(state: TrainerState, project: ProjectData): TrainerState {
  let nextId = state.nextId;
  const classes = project.classes.map((c) => ({
    id: nextId++,
    name: c.name,
    samples: c.samples.map((s) => ({ id: nextId++, features: s.features, thumb: s.thumb })),
  }));
  return { classes, settings: project.settings, dataRevision: state.dataRevision + 1, nextId };
}

export type NameProblem = 'empty' | 'tooLong' | 'duplicate';

/** Why a class name cannot be used (compared without case), or null. */
export function classNameProblem(state: TrainerState, name: string, ownId?: number): NameProblem | null {
  const clean = name.trim();
  if (clean === '') return 'empty';
  if ([...clean].length > TRAINER_LIMITS.maxClassNameLength) return 'tooLong';
  const lower = clean.toLocaleLowerCase();
  return state.classes.some((c) => c.id !== ownId && c.name.toLocaleLowerCase() === lower)
    ? 'duplicate'
    : null;
}

/** The first free name of a translated pattern ("Class 3"). */
export function freeClassName(state: TrainerState, pattern: (n: number) => string): string {
  for (let n = state.classes.length + 1; ; n++) {
    const name = pattern(n);
    if (classNameProblem(state, name) === null) return name;
  }
}

const withClass = (state: TrainerState, id: number, update: (c: TrainerClass) => TrainerClass) =>
  state.classes.map((c) => (c.id === id ? update(c) : c));

export function trainerReducer(state: TrainerState, action: TrainerAction): TrainerState {
  const data = state.dataRevision + 1;
  switch (action.type) {
    case 'addClass':
      if (state.classes.length >= TRAINER_LIMITS.maxClasses || classNameProblem(state, action.name))
        return state;
      return {
        ...state,
        classes: [...state.classes, { id: state.nextId, name: action.name.trim(), samples: [] }],
        nextId: state.nextId + 1,
        dataRevision: data,
      };
    case 'renameClass':
      // A name changes nothing the model learned: classes are matched by position.
      if (classNameProblem(state, action.name, action.id)) return state;
      return { ...state, classes: withClass(state, action.id, (c) => ({ ...c, name: action.name.trim() })) };
    case 'deleteClass':
      if (!state.classes.some((c) => c.id === action.id)) return state;
      return { ...state, classes: state.classes.filter((c) => c.id !== action.id), dataRevision: data };
    case 'addSamples': {
      const cls = state.classes.find((c) => c.id === action.classId);
      if (!cls) return state;
      const room = TRAINER_LIMITS.maxSamplesPerClass - cls.samples.length;
      const added = action.samples
        .slice(0, Math.max(0, room))
        .map((s, i) => ({ ...s, id: state.nextId + i }));
      if (added.length === 0) return state;
      return {
        ...state,
        classes: withClass(state, cls.id, (c) => ({ ...c, samples: [...c.samples, ...added] })),
        nextId: state.nextId + added.length,
        dataRevision: data,
      };
    }
    case 'removeSample':
      return {
        ...state,
        classes: withClass(state, action.classId, (c) => ({
          ...c,
          samples: c.samples.filter((s) => s.id !== action.sampleId),
        })),
        dataRevision: data,
      };
    case 'clearClass':
      return {
        ...state,
        classes: withClass(state, action.classId, (c) => ({ ...c, samples: [] })),
        dataRevision: data,
      };
    case 'settings':
      return { ...state, settings: { ...state.settings, ...action.settings } };
    case 'load':
      return reduceLoad(state, action.project);
  }
}

export type TrainBlock = { reason: 'fewClasses' } | { reason: 'emptyClass'; name: string } | null;

/** Why training cannot start yet, or null. */
export function trainBlock(state: TrainerState): TrainBlock {
  if (state.classes.length < MIN_CLASSES) return { reason: 'fewClasses' };
  const empty = state.classes.find((c) => c.samples.length === 0);
  return empty ? { reason: 'emptyClass', name: empty.name } : null;
}

/** The samples as labelled features (label = position of the class). */
export function trainingData(state: TrainerState) {
  return state.classes.flatMap((c, label) => c.samples.map((s) => ({ features: s.features, label })));
}
