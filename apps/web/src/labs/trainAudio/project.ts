/**
 * The lab's classes and samples, and the rules for training: a background-noise class is always there,
 * every class needs MIN_SAMPLES, names must differ. Pure functions, so the rules are tested without a page.
 */
import { sliceIntoSeconds, soundFeatures } from '@ai-edu/ml/audio/features.ts';
import { TRAINER_LIMITS } from '../../features/trainer/limits.ts';

export const MIN_SAMPLES = 8;
export const BACKGROUND_SECONDS = 20;
export const MAX_CLASSES = TRAINER_LIMITS.maxClasses;
export const MAX_SAMPLES = TRAINER_LIMITS.maxSamplesPerClass;

export interface Sample {
  id: number;
  samples: Float32Array;
  sampleRate: number;
  /** What the model sees (for the thumbnail), computed once. */
  db: Float32Array;
}

export interface SoundClass {
  id: number;
  name: string;
  background: boolean;
  samples: Sample[];
}

let nextId = 1;
export const newId = () => nextId++;

export function newSample(samples: Float32Array, sampleRate: number): Sample {
  return { id: newId(), samples, sampleRate, db: soundFeatures(samples, sampleRate).db };
}

/** A recording or upload as 1-s samples (a piece under half a second is dropped). */
export function clipToSamples(samples: Float32Array, sampleRate: number): Sample[] {
  return sliceIntoSeconds(samples, sampleRate).map((piece) => newSample(piece, sampleRate));
}

export type TrainBlocker = { kind: 'classes' } | { kind: 'names' } | { kind: 'samples'; names: string[] };

/** Why training cannot start yet, or null when it can. */
export function trainBlocker(classes: readonly SoundClass[]): TrainBlocker | null {
  if (classes.filter((c) => !c.background).length < 1 || classes.length < 2) return { kind: 'classes' };
  const names = classes.map((c) => c.name.trim());
  if (names.some((n) => !n) || new Set(names).size !== names.length) return { kind: 'names' };
  const short = classes.filter((c) => c.samples.length < MIN_SAMPLES).map((c) => c.name);
  return short.length ? { kind: 'samples', names: short } : null;
}

/**
 * The words a model knows, for the block studio's "when I hear ⟨word⟩" (its library keeps only these): its
 * labels without the background noise, known by the lab's classes or, for an imported model, by the
 * background class's default names.
 */
export function commandWordsOf(
  labels: readonly string[],
  classes: readonly Pick<SoundClass, 'name' | 'background'>[],
  backgroundNames: readonly string[],
): string[] {
  const background = new Set([
    ...classes.filter((c) => c.background).map((c) => c.name.trim()),
    ...backgroundNames,
  ]);
  return labels.filter((label) => !background.has(label));
}
