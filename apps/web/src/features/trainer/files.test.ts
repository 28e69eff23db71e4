import * as tf from '@tensorflow/tfjs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TRAIN_SETTINGS, trainClassifier } from '@ai-edu/ml/trainer/index.ts';
import {
  decodeFeatures,
  encodeFeatures,
  exportModelZip,
  importModelZip,
  parseProject,
  serializeProject,
} from './files.ts';
import { initialState, trainerReducer, type TrainerState } from './project-state.ts';

const adapter = { kind: 'image', extractor: 'test-extractor-v1', featureSize: 4 } as const;
const thumb = 'data:image/jpeg;base64,AAAA';

function project(): TrainerState {
  let state = initialState(['Cats', 'Dogs']);
  const [a, b] = state.classes;
  state = trainerReducer(state, {
    type: 'addSamples',
    classId: a!.id,
    samples: [
      { features: new Float32Array([1, 0, 0, 0.5]), thumb },
      { features: new Float32Array([0.9, 0.1, 0, 0]), thumb },
    ],
  });
  return trainerReducer(state, {
    type: 'addSamples',
    classId: b!.id,
    samples: [{ features: new Float32Array([0, 1, -2.5, 0]), thumb }],
  });
}

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('features as base64', () => {
  it('round-trips exactly and refuses broken text', () => {
    const values = new Float32Array([0, -1.5, 3.25e-7, 1e10]);
    expect(Array.from(decodeFeatures(encodeFeatures(values)) ?? [])).toEqual(Array.from(values));
    expect(decodeFeatures('not base64!')).toBeNull();
    expect(decodeFeatures(btoa('abc'))).toBeNull();
  });
});

describe('project file', () => {
  it('saves and opens a project with its classes, samples and settings', () => {
    const state = project();
    const result = parseProject(serializeProject(state, adapter), adapter);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.classes.map((c) => c.name)).toEqual(['Cats', 'Dogs']);
    expect(Array.from(result.value.classes[1]!.samples[0]!.features)).toEqual([0, 1, -2.5, 0]);
    expect(result.value.settings).toEqual(DEFAULT_TRAIN_SETTINGS);
  });

  it('says why a file cannot be opened', () => {
    const text = serializeProject(project(), adapter);
    const edit = (change: (json: Record<string, unknown>) => void) => {
      const json = JSON.parse(text) as Record<string, unknown>;
      change(json);
      return parseProject(JSON.stringify(json), adapter);
    };
    expect(parseProject('{', adapter)).toEqual({ ok: false, error: { code: 'notJson' } });
    expect(parseProject('{"kind":"other","version":1}', adapter).ok).toBe(false);
    expect(edit((j) => (j.version = 2))).toMatchObject({ error: { code: 'newerVersion' } });
    expect(edit((j) => (j.input = 'pose'))).toMatchObject({ error: { code: 'wrongInput', detail: 'pose' } });
    expect(edit((j) => (j.extractor = 'other'))).toMatchObject({ error: { code: 'wrongExtractor' } });
    expect(edit((j) => ((j.settings as Record<string, unknown>).epochs = 0))).toMatchObject({
      error: { code: 'damaged', detail: 'settings.epochs' },
    });
    expect(
      edit((j) => {
        const classes = j.classes as { name: string; samples: { features: string }[] }[];
        classes[1]!.name = 'cats';
      }),
    ).toMatchObject({ error: { code: 'damaged', detail: 'classes.1.name' } });
    expect(
      edit((j) => {
        const classes = j.classes as { samples: { features: string }[] }[];
        classes[0]!.samples[1]!.features = encodeFeatures(new Float32Array(3));
      }),
    ).toMatchObject({ error: { code: 'damaged', detail: 'classes.0.samples.1' } });
  });
});

describe('model zip', () => {
  it('exports model.json, weights.bin and metadata.json and imports them back', async () => {
    const samples = [0, 1, 2, 3, 4, 5].map((i) => ({
      features: new Float32Array([i % 2, 1 - (i % 2), 0, 0]),
      label: i % 2,
    }));
    const { model } = await trainClassifier(tf, samples, 2, { ...DEFAULT_TRAIN_SETTINGS, epochs: 2 });
    const data = await exportModelZip(tf, model, ['Cats', 'Dogs'], adapter);
    const zip = await JSZip.loadAsync(data);
    expect(Object.keys(zip.files).sort()).toEqual(['metadata.json', 'model.json', 'weights.bin']);
    const result = await importModelZip(tf, data, adapter);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.labels).toEqual(['Cats', 'Dogs']);
      result.value.model.dispose();
    }
    expect(await importModelZip(tf, data, { ...adapter, kind: 'hand' })).toMatchObject({
      ok: false,
      error: { code: 'wrongInput', detail: 'image' },
    });
    expect(await importModelZip(tf, data, { ...adapter, featureSize: 8 })).toMatchObject({
      error: { code: 'wrongExtractor' },
    });
    expect(await importModelZip(tf, new ArrayBuffer(10), adapter)).toMatchObject({
      error: { code: 'notZip' },
    });
    zip.remove('weights.bin');
    const missing = await zip.generateAsync({ type: 'arraybuffer' });
    expect(await importModelZip(tf, missing, adapter)).toMatchObject({
      error: { code: 'missingFile', detail: 'weights.bin' },
    });
    model.dispose();
  });
});
