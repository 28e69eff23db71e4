/**
 * The committed doodle network, loaded from its files and measured on the held-out Quick, Draw! drawings
 * (never trained on): it must reach the targets and say truthfully what it reached.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOODLE_CATEGORIES } from './categories.ts';
import { doodleProbabilities } from './model.ts';
import { loadServedDoodleModel, type DoodleModelJson } from './model-files-node.ts';
import { topK } from './model.ts';
import { loadDoodleSplit } from './quickdraw-node.ts';
import { DOODLE_PIXELS, rasteriseStrokes, strokesToInput } from './raster.ts';

let model: tf.LayersModel;
let json: DoodleModelJson;
const split = loadDoodleSplit();
const heldOutInputs = Array.from({ length: split.heldOut.count }, (_, i) =>
  Float32Array.from(
    split.heldOut.images.subarray(i * DOODLE_PIXELS, (i + 1) * DOODLE_PIXELS),
    (v) => v / 255,
  ),
);

beforeAll(async () => {
  await tf.setBackend('cpu');
  ({ model, json } = await loadServedDoodleModel(tf));
});

describe('the served doodle model', () => {
  it('knows the 40 categories in our order', () => {
    expect(json.userDefinedMetadata.categories).toEqual(DOODLE_CATEGORIES.map((c) => c.id));
    expect(model.outputs[0]?.shape[1]).toBe(DOODLE_CATEGORIES.length);
  });

  it('reaches top-1 ≥ 70 % and top-3 ≥ 88 % on the 800 held-out drawings, as its metadata says', () => {
    const probs = doodleProbabilities(tf, model, heldOutInputs);
    let top1 = 0;
    let top3 = 0;
    probs.forEach((row, i) => {
      const best = topK(row, 3).map((t) => t.index);
      if (best[0] === split.heldOut.labels[i]) top1++;
      if (best.includes(split.heldOut.labels[i]!)) top3++;
    });
    expect(split.heldOut.count).toBe(800);
    expect(top1 / 800).toBeGreaterThanOrEqual(0.7);
    expect(top3 / 800).toBeGreaterThanOrEqual(0.88);
    expect(top1 / 800).toBeCloseTo(json.userDefinedMetadata.heldOutTop1, 2);
    expect(top3 / 800).toBeCloseTo(json.userDefinedMetadata.heldOutTop3, 2);
  });

  it('recognises a drawing made of strokes on the page: a house drawn anywhere, at any size', () => {
    const house = [
      { x: [100, 100, 300, 300, 100], y: [400, 250, 250, 400, 400] },
      { x: [100, 200, 300], y: [250, 120, 250] },
      { x: [180, 180, 220, 220], y: [400, 330, 330, 400] },
    ];
    const [probs] = doodleProbabilities(tf, model, [strokesToInput(house)!]);
    expect(DOODLE_CATEGORIES[topK(probs!, 1)[0]!.index]?.id).toBe('house');
    expect(rasteriseStrokes(house).some((v) => v > 0)).toBe(true);
  });
});
