/**
 * Samples of a trainer project as plain arrays: one feature vector (an image embedding, pose keypoints or hand
 * landmarks, already normalised) and the index of its class. Splits and shuffles are seeded, so the same
 * project and seed always hold out the same samples.
 */
import { seededRandom, type Rng } from '../random.ts';

export interface LabelledFeatures {
  readonly features: ArrayLike<number>;
  /** Position of the class (0 … classes − 1). */
  readonly label: number;
}

/** Fisher–Yates shuffle of indices 0 … n − 1 with a seeded generator. */
export function shuffledIndices(n: number, rng: Rng): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export interface Split<T> {
  readonly train: T[];
  readonly test: T[];
}

/**
 * Holds out `fraction` of every class (rounded down) for testing, so each class is measured on samples the
 * model never saw. A class with fewer than `minPerClass` samples keeps them all for training (too few to
 * spare one); it then has no held-out accuracy.
 */
export function stratifiedSplit<T extends { readonly label: number }>(
  samples: readonly T[],
  fraction: number,
  seed: number,
  minPerClass = 4,
): Split<T> {
  const rng = seededRandom(seed);
  const byClass = new Map<number, T[]>();
  for (const s of samples) {
    const list = byClass.get(s.label) ?? [];
    list.push(s);
    byClass.set(s.label, list);
  }
  const train: T[] = [];
  const test: T[] = [];
  for (const label of [...byClass.keys()].sort((a, b) => a - b)) {
    const list = byClass.get(label) ?? [];
    const order = shuffledIndices(list.length, rng);
    const held = list.length >= minPerClass ? Math.max(1, Math.floor(list.length * fraction)) : 0;
    order.forEach((index, k) => (k < held ? test : train).push(list[index]!));
  }
  return { train, test };
}

/** L2-normalises a vector (a zero vector stays zero). */
export function l2Normalize(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! * values[i]!;
  const norm = Math.sqrt(sum);
  const out = new Float32Array(values.length);
  if (norm === 0) return out;
  for (let i = 0; i < values.length; i++) out[i] = values[i]! / norm;
  return out;
}
