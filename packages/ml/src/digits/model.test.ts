import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { DIGIT_PIXELS, type DigitSet } from './dataset.ts';
import { installFastCpuKernels } from './fast-cpu-kernels.ts';
import {
  BROWSER_NET,
  LAYER_NAMES,
  buildDigitNet,
  compileDigitNet,
  cosineDecay,
  jitterDigit,
  trainDigitNet,
} from './model.ts';

/** Synthetic "digits": class k is a bright bar at row 2k+4 (easy to learn, quick to train on). */
function bars(count: number, seed: number): DigitSet {
  const rng = seededRandom(seed);
  const images = new Uint8Array(count * DIGIT_PIXELS);
  const labels = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const label = i % 10;
    labels[i] = label;
    const row = 2 * label + 4;
    for (let x = 4; x < 24; x++) images[i * DIGIT_PIXELS + row * 28 + x] = 200 + Math.floor(rng() * 55);
  }
  return { count, images, labels };
}

async function trainedWeights(seed: number): Promise<Float32Array> {
  const model = buildDigitNet(tf, BROWSER_NET);
  compileDigitNet(tf, model, 0.01);
  await trainDigitNet(tf, model, bars(120, 1), {
    epochs: 1,
    batchSize: 32,
    seed,
    augment: { degrees: 5, scale: 0.05, shift: 1 },
  });
  const weights = model.getWeights().map((w) => w.dataSync());
  const flat = new Float32Array(weights.reduce((n, w) => n + w.length, 0));
  let at = 0;
  for (const w of weights) {
    flat.set(w, at);
    at += w.length;
  }
  model.optimizer.dispose();
  model.dispose();
  return flat;
}

describe('digit network', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
    installFastCpuKernels(tf);
  });

  it('has the layers the lab reads, with the expected feature map sizes', () => {
    const model = buildDigitNet(tf, { filters: [8, 16], padding: 'valid', hidden: 64, seed: 1 });
    const shape = (name: string) => (model.getLayer(name).output as tf.SymbolicTensor).shape;
    expect(shape(LAYER_NAMES.conv1)).toEqual([null, 24, 24, 8]);
    expect(shape(LAYER_NAMES.pool1)).toEqual([null, 12, 12, 8]);
    expect(shape(LAYER_NAMES.conv2)).toEqual([null, 8, 8, 16]);
    expect(shape(LAYER_NAMES.pool2)).toEqual([null, 4, 4, 16]);
    expect(shape(LAYER_NAMES.out)).toEqual([null, 10]);
    model.dispose();
  });

  it('trains reproducibly: the same seeds give the same weights, another batch order does not', async () => {
    const a = await trainedWeights(3);
    const b = await trainedWeights(3);
    const c = await trainedWeights(4);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('jitters a digit without losing it, the same way for the same seed', () => {
    const image = bars(1, 2).images;
    const one = jitterDigit(image, seededRandom(5));
    expect(jitterDigit(image, seededRandom(5))).toEqual(one);
    const ink = (im: Uint8Array) => im.reduce((s, v) => s + v, 0);
    expect(ink(one) / ink(image)).toBeGreaterThan(0.7);
    expect(ink(one) / ink(image)).toBeLessThan(1.3);
  });

  it('decays the learning rate from the first value to the last', () => {
    const rate = cosineDecay(0.002, 0.0002, 12);
    expect(rate(1)).toBeCloseTo(0.002);
    expect(rate(12)).toBeCloseTo(0.0002);
    expect(rate(6)).toBeLessThan(rate(5));
  });
});
