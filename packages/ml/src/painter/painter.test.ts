import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { PAINTER_FORMAT, packPainterWeights, parsePainterManifest, unpackPainterWeights } from './files.ts';
import {
  initPainterWeights,
  painterForward,
  levelCodes,
  painterParameters,
  painterWeightsFrom,
  type PainterConfig,
} from './model.ts';
import { recognitionCheck } from './recognition.ts';
import { paint, startingNoise } from './sample.ts';
import { alphaBars, levelCode, paintingLevels } from './schedule.ts';
import { noisyBatch, painterTrainer, WeightAverage } from './train.ts';

/** A painter of 4×4 pictures and two things: a bar across the top, a bar down the left. */
const tiny: PainterConfig = {
  pixels: 16,
  classes: 2,
  width: 32,
  hidden: 64,
  blocks: 2,
  levelCode: 16,
  levels: 50,
};
const TOP = Float32Array.from({ length: 16 }, (_, i) => (i < 4 ? 1 : -1));
const LEFT = Float32Array.from({ length: 16 }, (_, i) => (i % 4 === 0 ? 1 : -1));

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('the painter’s noise schedule', () => {
  it('goes from almost all picture to almost all noise, and paints down it in even steps', () => {
    const ab = alphaBars(200);
    expect(ab[0]).toBeGreaterThan(0.999);
    expect(ab[199]).toBeLessThan(0.001);
    for (let t = 1; t < 200; t++) expect(ab[t]).toBeLessThan(ab[t - 1]!);
    expect(paintingLevels(200, 5)).toEqual([199, 149, 100, 50, 0]);
    expect(paintingLevels(10, 50)).toHaveLength(10);
  });

  it('codes a noise level as sines and cosines', () => {
    const code = levelCode(0, 8);
    expect(Array.from(code)).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
    expect(levelCode(7, 8)[0]).toBeCloseTo(Math.sin(7), 6);
  });
});

describe('the painter’s training batches', () => {
  it('mix each picture with noise at its level, and hide the class as often as asked', () => {
    const ab = alphaBars(tiny.levels);
    const pictures = Array.from({ length: 400 }, (_, i) => (i % 2 ? TOP : LEFT));
    const labels = pictures.map((_, i) => i % 2);
    const batch = noisyBatch(tiny, ab, pictures, labels, seededRandom(1), 0.25);
    batch.levels.forEach((level, i) => {
      const j = 5;
      const expected =
        Math.sqrt(ab[level]!) * pictures[i]![j]! + Math.sqrt(1 - ab[level]!) * batch.noise[i * 16 + j]!;
      expect(batch.noisy[i * 16 + j]).toBeCloseTo(expected, 5);
      // What it should answer: the clean picture under the noise.
      expect(batch.target[i * 16 + j]).toBe(pictures[i]![j]);
    });
    const hidden = Array.from(batch.classes).filter((c) => c === tiny.classes).length / 400;
    expect(hidden).toBeGreaterThan(0.18);
    expect(hidden).toBeLessThan(0.32);
    Array.from(batch.classes).forEach((c, i) => expect([labels[i], tiny.classes]).toContain(c));
  });
});

describe('the tiny painter', () => {
  it('answers one noise value per pixel, and the class it is asked for changes the answer', () => {
    const weights = initPainterWeights(tf, tiny, 1);
    const x = tf.tensor2d(startingNoise(3, 16), [1, 16]);
    const answer = (c: number) =>
      painterForward(tf, weights, tiny, x, levelCodes(tf, tiny, [10]), tf.tensor1d([c], 'int32')).dataSync();
    expect(answer(0)).toHaveLength(16);
    expect(Array.from(answer(0))).not.toEqual(Array.from(answer(1)));
    expect(painterParameters(tiny)).toBe(
      16 * 32 + 32 + 16 * 32 + 32 + 3 * 32 + 2 * (32 * 2 + 32 * 64 + 64 + 64 * 32 + 32) + 64 + 32 * 16 + 16,
    );
  });

  it('learns to paint the thing it is asked for from noise, the same picture for the same seed', () => {
    const ab = alphaBars(tiny.levels);
    const weights = initPainterWeights(tf, tiny, 2);
    const trainer = painterTrainer(tf, weights, tiny);
    const average = new WeightAverage(weights, 0.99);
    const rng = seededRandom(5);
    const losses: number[] = [];
    for (let step = 0; step < 400; step++) {
      const labels = Array.from({ length: 32 }, () => (rng() < 0.5 ? 0 : 1));
      const batch = noisyBatch(
        tiny,
        ab,
        labels.map((l) => (l === 0 ? TOP : LEFT)),
        labels,
        rng,
        0.1,
      );
      losses.push(trainer.step(batch, 1e-2));
      average.update(weights);
    }
    trainer.dispose();
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean(losses.slice(-50))).toBeLessThan(mean(losses.slice(0, 50)) * 0.5);

    const options = { guidance: 2, steps: 20 };
    // The average trails the weights: between where they started and where they are.
    const out = weights.get('out.w')!.dataSync();
    expect(average.values.get('out.w')!.some((v, i) => v !== out[i])).toBe(true);
    const averaged = painterWeightsFrom(tf, tiny, average.values);
    const [top, left, topAgain, otherSeed] = paint(
      tf,
      weights,
      tiny,
      ab,
      [
        { classIndex: 0, seed: 9 },
        { classIndex: 1, seed: 9 },
        { classIndex: 0, seed: 9 },
        { classIndex: 0, seed: 10 },
      ],
      options,
    ).map((p) => p.frames.at(-1)!);
    // Pixels on the right side of the middle grey: all but a stray one or two.
    const rightPixels = (picture: Float32Array, wanted: Float32Array) =>
      picture.filter((v, i) => (wanted[i]! > 0 ? v > 0.5 : v < 0.5)).length;
    expect(rightPixels(top!, TOP)).toBeGreaterThanOrEqual(14);
    expect(rightPixels(left!, LEFT)).toBeGreaterThanOrEqual(14);
    expect(rightPixels(otherSeed!, TOP)).toBeGreaterThanOrEqual(14);
    expect(rightPixels(top!, LEFT)).toBeLessThan(12);
    expect(Array.from(topAgain!)).toEqual(Array.from(top!));
    expect(Array.from(otherSeed!)).not.toEqual(Array.from(top!));

    // Each step is kept: the starting noise, then one frame per step, ending clean; a guess per step.
    const painting = paint(tf, averaged, tiny, ab, [{ classIndex: 1, seed: 4 }], options)[0]!;
    expect(painting.frames).toHaveLength(21);
    expect(painting.guesses).toHaveLength(20);
    expect(painting.levels[0]).toBe(tiny.levels - 1);
    expect(painting.levels.at(-1)).toBe(0);
  });

  it('ignores the class with guidance 0 (it paints as if told nothing)', () => {
    const ab = alphaBars(tiny.levels);
    const weights = initPainterWeights(tf, tiny, 3);
    const [a, b] = paint(
      tf,
      weights,
      tiny,
      ab,
      [
        { classIndex: 0, seed: 1 },
        { classIndex: 1, seed: 1 },
      ],
      { guidance: 0, steps: 5 },
    ).map((p) => Array.from(p.frames.at(-1)!));
    a!.forEach((v, i) => expect(b![i]).toBeCloseTo(v, 6));
  });
});

describe('the painter’s files', () => {
  it('round-trip the weights and refuse what is not a painter', () => {
    const weights = initPainterWeights(tf, tiny, 4);
    const values = new Map([...weights].map(([name, v]) => [name, v.dataSync() as Float32Array]));
    const bytes = packPainterWeights(tiny, values);
    const back = unpackPainterWeights(tiny, bytes.slice().buffer);
    expect(Array.from(back.get('out.w')!)).toEqual(Array.from(values.get('out.w')!));
    expect(() => unpackPainterWeights(tiny, new ArrayBuffer(8))).toThrow(
      /painter's weights file holds 8 bytes/,
    );
    expect(() => parsePainterManifest({ format: 'x' })).toThrow(/not a painter model/);
    expect(() => parsePainterManifest({ format: PAINTER_FORMAT, config: tiny, categories: ['cat'] })).toThrow(
      /categories/,
    );
    expect(
      parsePainterManifest({ format: PAINTER_FORMAT, config: tiny, categories: ['cat', 'sun'] }).categories,
    ).toEqual(['cat', 'sun']);
  });
});

describe('the recognition check', () => {
  it('paints every class with seeds from 1000 and counts the pictures named as asked, per class', () => {
    const weights = initPainterWeights(tf, tiny, 5);
    const seen: Float32Array[] = [];
    // A recogniser that always says class 1.
    const result = recognitionCheck(
      tf,
      weights,
      tiny,
      { guidance: 1, steps: 5 },
      (pictures) => {
        seen.push(...pictures);
        return pictures.map(() => [0.2, 0.8]);
      },
      3,
    );
    expect(seen).toHaveLength(6);
    expect(seen.every((p) => p.length === tiny.pixels && p.every((v) => v >= 0 && v <= 1))).toBe(true);
    expect(result).toEqual({ recognised: 0.5, perClass: [0, 1] });
    // The same seeds: the same pictures.
    const again: Float32Array[] = [];
    recognitionCheck(
      tf,
      weights,
      tiny,
      { guidance: 1, steps: 5 },
      (pictures) => {
        again.push(...pictures);
        return pictures.map(() => [1, 0]);
      },
      3,
    );
    expect(again).toEqual(seen);
  });
});
