import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLS_EXTRACTOR_ID } from '@ai-edu/ml/model-train/backbone.ts';
import { loadModelFiles } from '@ai-edu/ml/trainer/serialize.ts';
import { MODEL_TRAIN_LAB, programModelLabPath } from '../../../lib/program-model-labs.ts';
import type { StoredHead, StoredModel } from './model-store.ts';
import { programModelOf } from './program-model.ts';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** A small softmax head kept the way the training worker keeps one (`headArtifacts`). */
async function keptHead(): Promise<{ head: StoredHead; model: tf.LayersModel }> {
  const model = tf.sequential({
    layers: [tf.layers.dense({ inputShape: [4], units: 3, activation: 'softmax', name: 'probs' })],
  });
  let head: StoredHead | null = null;
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      head = {
        modelTopology: artifacts.modelTopology as object,
        weightSpecs: artifacts.weightSpecs ?? [],
        weightData: artifacts.weightData as ArrayBuffer,
      };
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  return { head: head!, model };
}

function stored(head: StoredHead, kind: 'cls' | 'det' = 'cls'): StoredModel {
  return {
    key: `7:${kind}`,
    head,
    info: { projectId: 7, kind, classes: ['rock', 'paper', 'scissors'] } as StoredModel['info'],
  };
}

const fields = { id: 'abc', owner: 'u1', name: 'Hands', savedAt: '2026-12-01T00:00:00.000Z' };

describe('programModelOf', () => {
  it('keeps a classification head as a studio model that predicts exactly what the head did', async () => {
    const { head, model } = await keptHead();
    const kept = programModelOf(stored(head), fields);
    expect(kept).toMatchObject({
      ...fields,
      input: 'image',
      extractor: CLS_EXTRACTOR_ID,
      labels: ['rock', 'paper', 'scissors'],
      lab: MODEL_TRAIN_LAB,
    });
    const loaded = await loadModelFiles(tf, { modelJson: kept.modelJson, weights: kept.weights });
    const x = tf.tensor2d([[0.1, -0.4, 0.9, 0.3]]);
    const expected = Array.from(await (model.predict(x) as tf.Tensor).data());
    const actual = Array.from(await (loaded.predict(x) as tf.Tensor).data());
    expect(actual).toEqual(expected);
  });

  it('refuses a detection model, which finds boxes rather than one label', async () => {
    const { head } = await keptHead();
    expect(() => programModelOf(stored(head, 'det'), fields)).toThrow(/classification/);
  });
});

describe('programModelLabPath', () => {
  it('sends a model-training model to its pages and a trainer model to its lab', () => {
    expect(programModelLabPath(MODEL_TRAIN_LAB)).toBe('/modelTrain/mmedu/cls');
    expect(programModelLabPath('trainImage')).toBe('/ailab/trainImage');
  });
});
