import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import {
  buildDetectionHead,
  decodeDetections,
  detectionOutputs,
  detectionTargets,
  gaussianRadius,
  mirrorBox,
  predictDetections,
  predictDetectionsBatch,
  sameConv,
  trainDetectionHead,
} from './detect.ts';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const random = (shape: number[], seed: number) => {
  const rng = seededRandom(seed);
  const size = shape.reduce((a, b) => a * b, 1);
  return tf.tensor(
    Float32Array.from({ length: size }, () => rng() * 2 - 1),
    shape,
  );
};

describe('detection targets', () => {
  it('puts 1 at the centre cell of the class, a Gaussian around it, regression and mask there only', () => {
    // 20×20 grid; box centred at (0.55, 0.35) of 8 × 6 cells → centre cell (row 7, col 11)
    const t = detectionTargets([{ label: 1, x: 0.35, y: 0.2, w: 0.4, h: 0.3 }], 20, 20, 2);
    const at = (r: number, c: number, k: number) => t.heat[(r * 20 + c) * 2 + k]!;
    expect(at(7, 11, 1)).toBe(1);
    expect(at(7, 11, 0)).toBe(0);
    expect(Math.floor(gaussianRadius(6, 8))).toBe(1);
    expect(at(7, 12, 1)).toBeGreaterThan(0);
    expect(at(7, 12, 1)).toBeLessThan(1);
    expect(at(7, 13, 1)).toBe(0);
    expect(t.mask.reduce((a, b) => a + b, 0)).toBe(1);
    const o = (7 * 20 + 11) * 4;
    expect(t.mask[7 * 20 + 11]).toBe(1);
    const reg = Array.from(t.reg.slice(o, o + 4));
    expect(reg[0]).toBeCloseTo(0, 4);
    expect(reg[1]).toBeCloseTo(0, 4);
    expect(reg[2]).toBeCloseTo(Math.log(8), 5);
    expect(reg[3]).toBeCloseTo(Math.log(6), 5);
    // a small box (3 × 4 cells) gets only its centre cell, as CenterNet's radius gives 0
    expect(Math.floor(gaussianRadius(3, 4))).toBe(0);
  });

  it('mirrors boxes for flipped variants', () => {
    expect(mirrorBox({ label: 0, x: 0.1, y: 0.2, w: 0.3, h: 0.4 }).x).toBeCloseTo(0.6, 10);
    const t = detectionTargets([{ label: 0, x: 0.05, y: 0.05, w: 0.1, h: 0.1 }], 10, 10, 1, true);
    expect(t.mask[1 * 10 + 9]).toBe(1); // centre (0.9, 0.1) after mirroring
  });
});

describe('detection head', () => {
  it('is made of conv2d layers only (same padding, stride 1) with K + 4 outputs', () => {
    const head = buildDetectionHead(tf, 12, 3, { hidden: 8, layers: 2, kernel: 3 });
    expect(head.layers.map((l) => l.getClassName())).toEqual(['Conv2D', 'Conv2D', 'Conv2D']);
    for (const l of head.layers) {
      const c = l.getConfig();
      expect(c.padding).toBe('same');
      expect(c.strides).toEqual([1, 1]);
      expect(['relu', 'linear']).toContain(c.activation);
    }
    const out = head.predict(tf.zeros([1, 5, 7, 12])) as tf.Tensor;
    expect(out.shape).toEqual([1, 5, 7, 7]);
    // heat logits start at the CenterNet prior (sigmoid ≈ 0.1)
    expect(tf.sigmoid(out.slice([0, 0, 0, 0], [1, 1, 1, 1])).dataSync()[0]).toBeCloseTo(0.1, 2);
    tf.dispose([out]);
    head.dispose();
  });

  it("sameConv's hand-written gradients equal TF.js conv2d gradients", () => {
    for (const k of [1, 3, 5]) {
      const x = random([2, 6, 5, 4], 1);
      const w = random([k, k, 4, 3], 2);
      const dy = random([2, 6, 5, 3], 3);
      const conv = sameConv(tf, k, true);
      const mine = tf.grads((a, b) => tf.mul(conv(a as tf.Tensor4D, b as tf.Tensor4D), dy).sum())([x, w]);
      const ref = tf.grads((a, b) =>
        tf.mul(tf.conv2d(a as tf.Tensor4D, b as tf.Tensor4D, 1, 'same'), dy).sum(),
      )([x, w]);
      for (let i = 0; i < 2; i++) {
        expect(tf.max(tf.abs(tf.sub(mine[i]!, ref[i]!))).dataSync()[0]).toBeLessThan(1e-4);
      }
      const forward = tf.max(
        tf.abs(
          tf.sub(
            conv(x as tf.Tensor4D, w as tf.Tensor4D),
            tf.conv2d(x as tf.Tensor4D, w as tf.Tensor4D, 1, 'same'),
          ),
        ),
      );
      expect(forward.dataSync()[0]).toBeLessThan(1e-5);
      tf.dispose([x, w, dy, ...mine, ...ref, forward]);
    }
  });

  it('trains on CPU too, and refuses a feature map of the wrong size without leaking tensors', async () => {
    const shape = { H: 6, W: 6, C: 5 };
    const sample = (seed: number, x: number) => {
      const t = random([1, 6, 6, 5], seed);
      const features = t.dataSync() as Float32Array;
      t.dispose();
      return { features, boxes: [{ label: 0, x, y: 0.3, w: 0.3, h: 0.3 }] };
    };
    const before = tf.memory().numTensors;
    const bad = { ...sample(1, 0.1), features: new Float32Array(10) };
    await expect(
      trainDetectionHead(tf, [sample(2, 0.1), bad], [], shape, 1, {
        epochs: 1,
        learningRate: 0.01,
        batchSize: 2,
      }),
    ).rejects.toThrow(/features/);
    expect(tf.memory().numTensors).toBe(before);
    const result = await trainDetectionHead(
      tf,
      [sample(3, 0.1), sample(4, 0.5)],
      [sample(5, 0.3)],
      shape,
      1,
      {
        epochs: 3,
        learningRate: 0.01,
        batchSize: 2,
        head: { hidden: 4, layers: 1 },
      },
    );
    expect(result.history.map((h) => h.valMap !== null)).toEqual([true, true, true]);
    result.model.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });

  it('predictDetections = sigmoid + decodeDetections of the head output, alone or batched', async () => {
    const head = buildDetectionHead(tf, 6, 2, { hidden: 4, layers: 1 });
    // push the heat bias up so some cells pass the threshold
    const out = head.getLayer('det_out');
    const [kernel] = out.getWeights();
    const bias = tf.tensor1d([0.5, -0.5, 0.3, 0.6, 0.2, -0.1]);
    out.setWeights([kernel!, bias]);
    bias.dispose();
    const map = { features: random([1, 8, 8, 6], 4).dataSync() as Float32Array, H: 8, W: 8, C: 6 };
    const outputs = await detectionOutputs(tf, head, map);
    expect(outputs.heatmap).toHaveLength(8 * 8 * 2);
    const expected = decodeDetections(outputs);
    expect(expected.length).toBeGreaterThan(0);
    expect(await predictDetections(tf, head, map)).toEqual(expected);
    const batch = await predictDetectionsBatch(tf, head, [map.features, map.features], map);
    expect(batch).toEqual([expected, expected]);
    head.dispose();
  });
});
