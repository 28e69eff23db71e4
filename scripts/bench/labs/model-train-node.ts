/**
 * Model training core (issue 15) in Node, TF.js on WASM (one thread, SIMD) — the same code the page's worker
 * runs, without the browser: backbone time per input (cls 224², det 320², batches of 8), the cls head on
 * 3 × 50 generated textures (30 epochs, augmentation on) with its test accuracy, and the det head on 150
 * generated shape pictures (40 epochs, augmentation on, the project defaults) with its time per epoch and
 * mAP@0.5 on the test split plus 100 more held-out pictures; tensors before and after (flat = no leak).
 */
import type * as TF from '@tensorflow/tfjs';
import { loadBackboneFromDisk } from '../../../packages/ml/src/model-train/backbone-node.ts';
import {
  predictClasses,
  trainClassifierHead,
  type ClsSample,
} from '../../../packages/ml/src/model-train/classify.ts';
import {
  predictDetectionsBatch,
  trainDetectionHead,
  type DetSample,
} from '../../../packages/ml/src/model-train/detect.ts';
import { computeFeatures } from '../../../packages/ml/src/model-train/features.ts';
import { evaluateClassification, evaluateDetection } from '../../../packages/ml/src/model-train/metrics.ts';
import {
  generateClassificationImages,
  generateDetectionDataset,
  type DetectionSample,
} from '../../../packages/ml/src/model-train/shapes.ts';
import { assignSplit } from '../../../packages/ml/src/model-train/split.ts';
import { nodeTf } from '../../../packages/ml/src/model-train/tf-node.ts';
import type { Figure } from '../lab-figure.ts';

export const name = 'model training core (Node, WASM)';

const fractions = (im: DetectionSample) =>
  im.boxes.map((b) => ({
    label: b.label,
    x: b.x / im.width,
    y: b.y / im.height,
    w: b.w / im.width,
    h: b.h / im.height,
  }));

async function clsFigures(tf: typeof TF, backbone: TF.GraphModel): Promise<Figure[]> {
  const images = generateClassificationImages(11, 3, 50, 224);
  const split = assignSplit(
    images.map((im, i) => ({ id: i + 1, label: im.label })),
    5,
  );
  const t0 = performance.now();
  const { variants } = await computeFeatures(tf, backbone, images, 'cls', { augment: true, seed: 3 });
  const embedMs = performance.now() - t0;
  const train: ClsSample[] = [];
  const val: ClsSample[] = [];
  const test: ClsSample[] = [];
  images.forEach((im, i) => {
    const s = split.get(i + 1);
    if (s === 'train') for (const v of variants[i]!) train.push({ features: v.features, label: im.label });
    else (s === 'val' ? val : test).push({ features: variants[i]![0]!.features, label: im.label });
  });
  const t1 = performance.now();
  const result = await trainClassifierHead(tf, train, val, 3, {
    epochs: 30,
    learningRate: 0.001,
    batchSize: 16,
  });
  const trainMs = performance.now() - t1;
  const accuracy = evaluateClassification(
    test.map((s) => s.label),
    predictClasses(
      tf,
      result.model,
      test.map((s) => s.features),
    ),
    3,
  ).accuracy;
  result.model.dispose();
  const inputs = images.length * 3;
  return [
    { label: 'cls backbone per input (224²)', value: embedMs / inputs, unit: 'ms', note: `${inputs} inputs` },
    {
      label: 'cls features + 30 epochs (150 images)',
      value: (embedMs + trainMs) / 1000,
      unit: 's',
      note: 'target ≤ 30 s in the page',
    },
    { label: 'cls head, 30 epochs', value: trainMs, unit: 'ms', note: `${train.length} training variants` },
    {
      label: 'cls test accuracy',
      value: accuracy,
      unit: '',
      note: `${test.length} test images; target ≥ 0.95`,
    },
  ];
}

async function detFigures(tf: typeof TF, backbone: TF.GraphModel): Promise<Figure[]> {
  const images = generateDetectionDataset(21, 150);
  const heldOut = generateDetectionDataset(99, 100);
  const split = assignSplit(
    images.map((_, i) => ({ id: i + 1 })),
    9,
  );
  const t0 = performance.now();
  const { variants, shape } = await computeFeatures(tf, backbone, images, 'det', { augment: true, seed: 3 });
  const featureMs = performance.now() - t0;
  const extra = await computeFeatures(tf, backbone, heldOut, 'det');
  const train: DetSample[] = [];
  const val: DetSample[] = [];
  const test: DetSample[] = [];
  images.forEach((im, i) => {
    const s = split.get(i + 1);
    if (s === 'train')
      for (const v of variants[i]!) train.push({ features: v.features, flip: v.flip, boxes: fractions(im) });
    else (s === 'val' ? val : test).push({ features: variants[i]![0]!.features, boxes: fractions(im) });
  });
  const testCount = test.length;
  heldOut.forEach((im, i) => test.push({ features: extra.variants[i]![0]!.features, boxes: fractions(im) }));
  const t1 = performance.now();
  const result = await trainDetectionHead(tf, train, val, shape, 3, {
    epochs: 40,
    learningRate: 0.002,
    batchSize: 8,
    mapEvery: 2,
  });
  const trainMs = performance.now() - t1;
  const found = await predictDetectionsBatch(
    tf,
    result.model,
    test.map((s) => s.features),
    shape,
  );
  const truths = test.map((s) => [...s.boxes]);
  const onSplit = evaluateDetection(found.slice(0, testCount), truths.slice(0, testCount), 3).map;
  const onAll = evaluateDetection(found, truths, 3).map;
  result.model.dispose();
  return [
    {
      label: 'det backbone per input (320²)',
      value: featureMs / (images.length * 2),
      unit: 'ms',
      note: `map ${shape.H}×${shape.W}×${shape.C}`,
    },
    {
      label: 'det head, time per epoch',
      value: trainMs / 40,
      unit: 'ms',
      note: `${train.length} training variants, val mAP every 2 epochs`,
    },
    {
      label: 'det test mAP@0.5 (test split)',
      value: onSplit,
      unit: '',
      note: `${testCount} images; target ≥ 0.8`,
    },
    {
      label: 'det test mAP@0.5 (split + 100 held out)',
      value: onAll,
      unit: '',
      note: `${test.length} images`,
    },
  ];
}

export async function run(): Promise<Figure[]> {
  const { tf, backend } = await nodeTf();
  const backbone = await loadBackboneFromDisk(tf);
  const before = tf.memory().numTensors;
  const figures = [...(await clsFigures(tf, backbone)), ...(await detFigures(tf, backbone))];
  figures.push({
    label: 'tensors after both trainings − before',
    value: tf.memory().numTensors - before,
    unit: '',
    note: `backend ${backend}; 0 = nothing leaked`,
  });
  backbone.dispose();
  return figures;
}
