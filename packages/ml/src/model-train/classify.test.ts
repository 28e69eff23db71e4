import type * as TF from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBackboneFromDisk } from './backbone-node.ts';
import { CLS_FEATURE_SIZE } from './backbone.ts';
import { predictClasses, trainClassifierHead, type ClsSample } from './classify.ts';
import { TrainSwitch } from './control.ts';
import { computeFeatures } from './features.ts';
import { evaluateClassification } from './metrics.ts';
import { generateClassificationImages } from './shapes.ts';
import { assignSplit } from './split.ts';
import { nodeTf } from './tf-node.ts';

let tf: typeof TF;
let backbone: TF.GraphModel;

beforeAll(async () => {
  tf = (await nodeTf()).tf;
  backbone = await loadBackboneFromDisk(tf);
});

afterAll(() => backbone?.dispose());

describe('classification on generated textures (real backbone)', () => {
  it('embeds, trains a head to ≥ 95 % test accuracy without leaking tensors, and stops on request', async () => {
    const images = generateClassificationImages(11, 3, 40, 224);
    const split = assignSplit(
      images.map((im, i) => ({ id: i + 1, label: im.label })),
      5,
    );
    const before = tf.memory().numTensors;
    const t0 = performance.now();
    const { variants } = await computeFeatures(tf, backbone, images, 'cls', { augment: true, seed: 3 });
    const embedMs = performance.now() - t0;
    expect(variants.every((v) => v.length === 3)).toBe(true);
    const first = variants[0]![0]!.features;
    expect(first).toHaveLength(CLS_FEATURE_SIZE);
    expect(Math.hypot(...first)).toBeCloseTo(1, 4);

    const train: ClsSample[] = [];
    const val: ClsSample[] = [];
    const test: ClsSample[] = [];
    images.forEach((im, i) => {
      const s = split.get(i + 1);
      if (s === 'train') for (const v of variants[i]!) train.push({ features: v.features, label: im.label });
      else (s === 'val' ? val : test).push({ features: variants[i]![0]!.features, label: im.label });
    });
    const epochs: number[] = [];
    const t1 = performance.now();
    const result = await trainClassifierHead(tf, train, val, 3, {
      epochs: 30,
      learningRate: 0.001,
      batchSize: 16,
      seed: 1,
      onEpoch: (e) => void epochs.push(e.epoch),
    });
    const trainMs = performance.now() - t1;
    expect(epochs).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(result.history.at(-1)!.valAccuracy).toBeGreaterThanOrEqual(0.85);
    expect(result.history.at(-1)!.loss).toBeLessThan(result.history[0]!.loss);
    const predicted = predictClasses(
      tf,
      result.model,
      test.map((s) => s.features),
    );
    const metrics = evaluateClassification(
      test.map((s) => s.label),
      predicted,
      3,
    );
    console.log(
      `cls: ${images.length} images → ${train.length} train variants, embed ${(embedMs / (images.length * 3)).toFixed(1)} ms/input, 30 epochs ${trainMs.toFixed(0)} ms, test accuracy ${metrics.accuracy.toFixed(3)} on ${test.length}`,
    );
    expect(metrics.accuracy).toBeGreaterThanOrEqual(0.95);
    result.model.dispose();
    expect(tf.memory().numTensors).toBe(before);

    // Stop after the second epoch's report: the loop ends there, flagged as stopped.
    const control = new TrainSwitch();
    const stopped = await trainClassifierHead(tf, train, val, 3, {
      epochs: 10,
      learningRate: 0.001,
      batchSize: 16,
      control,
      onEpoch: (e) => {
        if (e.epoch === 2) control.stop();
      },
    });
    expect(stopped.history).toHaveLength(2);
    expect(stopped.stopped).toBe(true);
    stopped.model.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});

describe('TrainSwitch', () => {
  it('holds waitWhilePaused until resumed', async () => {
    const s = new TrainSwitch();
    s.pause();
    let released = false;
    const waiting = s.waitWhilePaused().then(() => (released = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(released).toBe(false);
    s.resume();
    await waiting;
    expect(released).toBe(true);
    expect(s.shouldStop()).toBe(false);
  });
});
