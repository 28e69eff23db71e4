/**
 * Digit datasets: 28×28 grey images stored as bytes (0 = paper, 255 = ink) with their labels 0–9, the
 * seeded split into training and held-out digits, and the compact binary pack the browser trains on.
 */
import { seededRandom, type Rng } from '../random.ts';
import { DIGIT_SIZE } from './preprocess.ts';

/** Pixels per digit image. */
export const DIGIT_PIXELS = DIGIT_SIZE * DIGIT_SIZE;
/** The ten classes. */
export const DIGIT_CLASSES = 10;

/** `count` digits: image `i` is `images.subarray(i * 784, (i + 1) * 784)`, its label `labels[i]`. */
export interface DigitSet {
  count: number;
  images: Uint8Array;
  labels: Uint8Array;
}

/** The pixels of digit `i` as bytes (a view, not a copy). */
export function digitImage(set: DigitSet, i: number): Uint8Array {
  return set.images.subarray(i * DIGIT_PIXELS, (i + 1) * DIGIT_PIXELS);
}

/** The pixels of digit `i` as grey levels in [0, 1]. */
export function digitPixels(set: DigitSet, i: number): Float32Array {
  return Float32Array.from(digitImage(set, i), (v) => v / 255);
}

/** A new set holding the digits at `indices`, in that order. */
export function pick(set: DigitSet, indices: readonly number[]): DigitSet {
  const images = new Uint8Array(indices.length * DIGIT_PIXELS);
  const labels = new Uint8Array(indices.length);
  indices.forEach((from, to) => {
    images.set(digitImage(set, from), to * DIGIT_PIXELS);
    labels[to] = set.labels[from] ?? 0;
  });
  return { count: indices.length, images, labels };
}

/** Fisher–Yates shuffle of `items` in place, driven by `rng`. */
export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export interface SplitOptions {
  /** Share of each class kept apart for testing. */
  heldOutShare: number;
  seed: number;
}

export interface Split {
  train: DigitSet;
  heldOut: DigitSet;
}

/**
 * Splits `set` into training and held-out digits, class by class (each digit 0–9 keeps the same share in
 * both), after a seeded shuffle: the same seed gives the same split on every machine. Both parts come out
 * shuffled (seeded too), so classes are mixed.
 */
export function splitDigits(set: DigitSet, { heldOutShare, seed }: SplitOptions): Split {
  const rng = seededRandom(seed);
  const byClass: number[][] = Array.from({ length: DIGIT_CLASSES }, () => []);
  for (let i = 0; i < set.count; i++) byClass[set.labels[i] ?? 0]!.push(i);
  const train: number[] = [];
  const heldOut: number[] = [];
  for (const indices of byClass) {
    shuffleInPlace(indices, rng);
    const cut = Math.round(indices.length * heldOutShare);
    heldOut.push(...indices.slice(0, cut));
    train.push(...indices.slice(cut));
  }
  return {
    train: pick(set, shuffleInPlace(train, rng)),
    heldOut: pick(set, shuffleInPlace(heldOut, rng)),
  };
}

/** The first `perClass` digits of each class in `set` order (a balanced subset). */
export function balancedSubset(set: DigitSet, perClass: number): DigitSet {
  const taken = new Array<number>(DIGIT_CLASSES).fill(0);
  const indices: number[] = [];
  for (let i = 0; i < set.count; i++) {
    const label = set.labels[i] ?? 0;
    if ((taken[label] ?? 0) < perClass) {
      taken[label] = (taken[label] ?? 0) + 1;
      indices.push(i);
    }
  }
  return pick(set, indices);
}

/**
 * The same digits with every grey level rounded to one of `levels` evenly spaced values (0 and 255 kept).
 * Sixteen levels look the same to the eye and to a network, and make the pack gzip to about 60 % of the size.
 */
export function quantize(set: DigitSet, levels: number): DigitSet {
  const step = 255 / (levels - 1);
  return { ...set, images: set.images.map((v) => Math.round(Math.round(v / step) * step)) };
}

/** A small FNV-1a hash of a set's bytes: equal sets give equal fingerprints (used to check determinism). */
export function fingerprint(set: DigitSet): string {
  let h = 0x811c9dc5;
  const mix = (bytes: Uint8Array) => {
    for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  };
  mix(set.labels);
  mix(set.images);
  return h.toString(16).padStart(8, '0');
}

// ——— The training pack: a few thousand digits for the browser, as one small binary file ———

const PACK_MAGIC = 0x31544744; // "DGT1" little-endian
const PACK_HEADER = 12;

/** The browser's training pack: digits to train on and digits to measure accuracy on. */
export interface DigitPack {
  train: DigitSet;
  test: DigitSet;
}

/**
 * Encodes a pack as bytes: "DGT1", uint16 train count, uint16 test count, 4 reserved bytes, then every
 * label (train then test) and every image. The file is gzipped on disk (MNIST is mostly zeros); the browser
 * inflates it with DecompressionStream.
 */
export function encodePack({ train, test }: DigitPack): Uint8Array {
  const count = train.count + test.count;
  const bytes = new Uint8Array(PACK_HEADER + count + count * DIGIT_PIXELS);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, PACK_MAGIC, true);
  view.setUint16(4, train.count, true);
  view.setUint16(6, test.count, true);
  bytes.set(train.labels, PACK_HEADER);
  bytes.set(test.labels, PACK_HEADER + train.count);
  bytes.set(train.images, PACK_HEADER + count);
  bytes.set(test.images, PACK_HEADER + count + train.count * DIGIT_PIXELS);
  return bytes;
}

/** Decodes `encodePack`'s bytes (already inflated); throws on anything else. */
export function decodePack(bytes: Uint8Array): DigitPack {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < PACK_HEADER || view.getUint32(0, true) !== PACK_MAGIC) {
    throw new Error('not a digit pack');
  }
  const trainCount = view.getUint16(4, true);
  const testCount = view.getUint16(6, true);
  const count = trainCount + testCount;
  if (bytes.byteLength !== PACK_HEADER + count * (1 + DIGIT_PIXELS)) throw new Error('digit pack truncated');
  const labels = bytes.subarray(PACK_HEADER, PACK_HEADER + count);
  const images = bytes.subarray(PACK_HEADER + count);
  return {
    train: {
      count: trainCount,
      labels: labels.slice(0, trainCount),
      images: images.slice(0, trainCount * DIGIT_PIXELS),
    },
    test: {
      count: testCount,
      labels: labels.slice(trainCount),
      images: images.slice(trainCount * DIGIT_PIXELS),
    },
  };
}
