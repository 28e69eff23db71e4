import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { gaussian, seededRandom } from '../random.ts';
import {
  DEFAULT_TRAIN_SETTINGS,
  evaluate,
  l2Normalize,
  loadModelFiles,
  ModelFileError,
  modelShape,
  predictLabels,
  predictProbabilities,
  saveModelFiles,
  stratifiedSplit,
  trainClassifier,
  type LabelledFeatures,
} from './index.ts';

/** Classes as noisy clouds around random centres in `dims` dimensions (like embeddings of photos). */
function clouds(classes: number, perClass: number, dims: number, noise: number, seed: number) {
  const rng = seededRandom(seed);
  const centres = Array.from({ length: classes }, () => Array.from({ length: dims }, () => gaussian(rng)));
  const samples: LabelledFeatures[] = [];
  for (let label = 0; label < classes; label++) {
    for (let i = 0; i < perClass; i++) {
      const v = centres[label]!.map((c) => c + noise * gaussian(rng));
      samples.push({ features: l2Normalize(v), label });
    }
  }
  return samples;
}

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('stratifiedSplit', () => {
  it('holds out the same share of every class, reproducibly', () => {
    const samples = clouds(3, 10, 4, 0.1, 1);
    const a = stratifiedSplit(samples, 0.2, 7);
    const b = stratifiedSplit(samples, 0.2, 7);
    expect(a.test).toHaveLength(6);
    expect(a.train).toHaveLength(24);
    for (const label of [0, 1, 2]) expect(a.test.filter((s) => s.label === label)).toHaveLength(2);
    expect(a.test).toEqual(b.test);
    expect(stratifiedSplit(samples, 0.2, 8).test).not.toEqual(a.test);
  });

  it('keeps every sample of a small class for training', () => {
    const samples = [...clouds(1, 3, 4, 0.1, 1), ...clouds(2, 8, 4, 0.1, 2).filter((s) => s.label === 1)];
    const { train, test } = stratifiedSplit(samples, 0.25, 1);
    expect(test.every((s) => s.label === 1)).toBe(true);
    expect(train.filter((s) => s.label === 0)).toHaveLength(3);
  });
});

describe('evaluate', () => {
  it('counts a confusion matrix and per-class accuracy', () => {
    const e = evaluate([0, 0, 1, 1, 1, 2], [0, 1, 1, 1, 0, 2], 4);
    expect(e.matrix).toEqual([
      [1, 1, 0, 0],
      [1, 2, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 0],
    ]);
    expect(e.accuracy).toBeCloseTo(4 / 6);
    expect(e.perClass[0]).toBeCloseTo(0.5);
    expect(e.perClass[1]).toBeCloseTo(2 / 3);
    expect(e.perClass[3]).toBeNull();
  });
});

describe('trainClassifier', () => {
  it('learns 3 classes × 30 samples and is right on the held-out split', async () => {
    const samples = clouds(3, 30, 64, 0.6, 3);
    const epochs: number[] = [];
    const result = await trainClassifier(
      tf,
      samples,
      3,
      { ...DEFAULT_TRAIN_SETTINGS, epochs: 30 },
      {
        onEpoch: (r) => void epochs.push(r.epoch),
      },
    );
    expect(epochs).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(result.evaluatedOn).toBe('heldOut');
    expect(result.evaluation.count).toBe(18);
    expect(result.trainCount).toBe(72);
    expect(result.evaluation.accuracy).toBeGreaterThanOrEqual(0.9);
    for (const acc of result.evaluation.perClass) expect(acc).toBeGreaterThanOrEqual(0.8);
    const first = result.history[0]!;
    const last = result.history.at(-1)!;
    expect(last.loss).toBeLessThan(first.loss * 0.5);
    expect(last.testAccuracy).toBeGreaterThanOrEqual(0.9);
    result.model.dispose();
  });

  it('cannot learn labels that carry no information (held-out accuracy near chance)', async () => {
    const rng = seededRandom(11);
    const samples = clouds(1, 120, 16, 1, 5).map((s) => ({ ...s, label: Math.floor(rng() * 3) }));
    const result = await trainClassifier(tf, samples, 3, { ...DEFAULT_TRAIN_SETTINGS, epochs: 20 });
    expect(result.evaluation.accuracy).toBeLessThan(0.6);
    result.model.dispose();
  });

  it('is reproducible with a seed and works without a hidden layer', async () => {
    const samples = clouds(2, 12, 8, 0.3, 9);
    const settings = { ...DEFAULT_TRAIN_SETTINGS, epochs: 5, hiddenUnits: 0 };
    const a = await trainClassifier(tf, samples, 2, settings);
    const b = await trainClassifier(tf, samples, 2, settings);
    expect(a.history.map((h) => h.loss)).toEqual(b.history.map((h) => h.loss));
    expect(a.model.layers).toHaveLength(1);
    a.model.dispose();
    b.model.dispose();
  });

  it('stops early when the held-out loss stops improving, and on request', async () => {
    const samples = clouds(2, 20, 8, 0.05, 4);
    const early = await trainClassifier(tf, samples, 2, {
      ...DEFAULT_TRAIN_SETTINGS,
      epochs: 300,
      learningRate: 0.05,
      patience: 3,
    });
    expect(early.stoppedEarly).toBe(true);
    expect(early.history.length).toBeLessThan(300);
    const stopped = await trainClassifier(tf, samples, 2, DEFAULT_TRAIN_SETTINGS, {
      onEpoch: (r) => r.epoch < 2,
    });
    expect(stopped.history).toHaveLength(2);
    early.model.dispose();
    stopped.model.dispose();
  });

  it('measures on the training samples when none can be held out', async () => {
    const samples = clouds(2, 3, 8, 0.1, 4);
    const result = await trainClassifier(tf, samples, 2, { ...DEFAULT_TRAIN_SETTINGS, epochs: 40 });
    expect(result.evaluatedOn).toBe('training');
    expect(result.evaluation.count).toBe(6);
    result.model.dispose();
  });

  it('refuses fewer than two classes or no samples', async () => {
    await expect(trainClassifier(tf, [], 2, DEFAULT_TRAIN_SETTINGS)).rejects.toThrow(/no samples/);
    await expect(trainClassifier(tf, clouds(1, 4, 4, 0.1, 1), 1, DEFAULT_TRAIN_SETTINGS)).rejects.toThrow(
      /two classes/,
    );
  });
});

describe('model files', () => {
  it('round-trips through model.json + weights.bin with the same predictions', async () => {
    const samples = clouds(3, 10, 16, 0.3, 6);
    const { model } = await trainClassifier(tf, samples, 3, { ...DEFAULT_TRAIN_SETTINGS, epochs: 10 });
    const files = await saveModelFiles(tf, model);
    const json = JSON.parse(files.modelJson) as { format: string; weightsManifest: { paths: string[] }[] };
    expect(json.format).toBe('layers-model');
    expect(json.weightsManifest[0]!.paths).toEqual(['weights.bin']);
    const loaded = await loadModelFiles(tf, files);
    expect(modelShape(loaded)).toEqual({ inputSize: 16, classes: 3 });
    const vectors = samples.map((s) => s.features);
    const before = predictProbabilities(tf, model, vectors);
    const after = predictProbabilities(tf, loaded, vectors);
    after.forEach((p, i) => p.forEach((v, k) => expect(v).toBeCloseTo(before[i]![k]!, 5)));
    expect(predictLabels(tf, loaded, vectors)).toEqual(predictLabels(tf, model, vectors));
    model.dispose();
    loaded.dispose();
  });

  it('rejects damaged files with a reason', async () => {
    const samples = clouds(2, 4, 4, 0.3, 6);
    const { model } = await trainClassifier(tf, samples, 2, { ...DEFAULT_TRAIN_SETTINGS, epochs: 1 });
    const files = await saveModelFiles(tf, model);
    await expect(loadModelFiles(tf, { ...files, modelJson: '{' })).rejects.toMatchObject({ code: 'notJson' });
    await expect(loadModelFiles(tf, { ...files, modelJson: '{"a":1}' })).rejects.toBeInstanceOf(
      ModelFileError,
    );
    await expect(
      loadModelFiles(tf, { ...files, weights: files.weights.slice(0, files.weights.byteLength - 4) }),
    ).rejects.toMatchObject({ code: 'weightsMismatch' });
    model.dispose();
  });
});
