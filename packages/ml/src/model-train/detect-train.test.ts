import type * as TF from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBackboneFromDisk } from './backbone-node.ts';
import { DET_FEATURE_CHANNELS } from './backbone.ts';
import { TrainSwitch } from './control.ts';
import { predictDetectionsBatch, trainDetectionHead, type DetEpoch, type DetSample } from './detect.ts';
import { computeFeatures } from './features.ts';
import { evaluateDetection } from './metrics.ts';
import { generateDetectionDataset, type DetectionSample } from './shapes.ts';
import { assignSplit } from './split.ts';
import { nodeTf } from './tf-node.ts';

let tf: typeof TF;
let backbone: TF.GraphModel;

beforeAll(async () => {
  tf = (await nodeTf()).tf;
  backbone = await loadBackboneFromDisk(tf);
});

afterAll(() => backbone?.dispose());

const fractions = (im: DetectionSample) =>
  im.boxes.map((b) => ({
    label: b.label,
    x: b.x / im.width,
    y: b.y / im.height,
    w: b.w / im.width,
    h: b.h / im.height,
  }));

describe('detection on generated shapes (real backbone)', () => {
  it('trains a head to mAP@0.5 ≥ 0.8 on held-out pictures without leaking tensors, and stops on request', async () => {
    // The bench row (scripts/bench/labs/model-train-node.ts) runs the full 150 pictures and 40 epochs.
    const images = generateDetectionDataset(21, 110);
    const heldOut = generateDetectionDataset(99, 40);
    const split = assignSplit(
      images.map((_, i) => ({ id: i + 1 })),
      9,
    );
    const before = tf.memory().numTensors;
    const { variants, shape } = await computeFeatures(tf, backbone, images, 'det', {
      augment: true,
      seed: 3,
    });
    expect(shape).toEqual({ H: 20, W: 20, C: DET_FEATURE_CHANNELS });
    expect(variants.every((v) => v.length === 2 && !v[0]!.flip && v[1]!.flip)).toBe(true);
    const extra = await computeFeatures(tf, backbone, heldOut, 'det');
    const train: DetSample[] = [];
    const val: DetSample[] = [];
    const test: DetSample[] = [];
    images.forEach((im, i) => {
      const s = split.get(i + 1);
      if (s === 'train')
        for (const v of variants[i]!)
          train.push({ features: v.features, flip: v.flip, boxes: fractions(im) });
      else (s === 'val' ? val : test).push({ features: variants[i]![0]!.features, boxes: fractions(im) });
    });
    heldOut.forEach((im, i) =>
      test.push({ features: extra.variants[i]![0]!.features, boxes: fractions(im) }),
    );

    const reports: DetEpoch[] = [];
    const t0 = performance.now();
    const result = await trainDetectionHead(tf, train, val, shape, 3, {
      epochs: 20,
      learningRate: 0.002,
      batchSize: 8,
      mapEvery: 5,
      onEpoch: (e) => void reports.push(e),
    });
    const trainMs = performance.now() - t0;
    expect(reports.map((r) => r.epoch)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(reports.filter((r) => r.valMap !== null).map((r) => r.epoch)).toEqual([5, 10, 15, 20]);
    expect(reports.at(-1)!.loss).toBeLessThan(reports[0]!.loss);
    const found = await predictDetectionsBatch(
      tf,
      result.model,
      test.map((s) => s.features),
      shape,
    );
    const metrics = evaluateDetection(
      found,
      test.map((s) => [...s.boxes]),
      3,
    );
    console.log(
      `det: ${train.length} training variants, ${(trainMs / 20).toFixed(0)} ms/epoch, val mAP ${reports.at(-1)!.valMap?.toFixed(3)}, test mAP@0.5 ${metrics.map.toFixed(3)} (${metrics.perClassAp.map((a) => a.toFixed(2)).join(' ')}) on ${test.length}`,
    );
    expect(metrics.map).toBeGreaterThanOrEqual(0.8);
    result.model.dispose();
    expect(tf.memory().numTensors).toBe(before);

    const control = new TrainSwitch();
    const stopped = await trainDetectionHead(tf, train, val, shape, 3, {
      epochs: 5,
      learningRate: 0.002,
      batchSize: 8,
      control,
      onEpoch: () => control.stop(),
    });
    expect(stopped.history).toHaveLength(1);
    expect(stopped.stopped).toBe(true);
    stopped.model.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
