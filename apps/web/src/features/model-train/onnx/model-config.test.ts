import { describe, expect, it } from 'vitest';
import type { OnnxModel, TrainImage } from '@ai-edu/contract';
import {
  decodeParams,
  inputLayout,
  mapLabels,
  metadataInputSize,
  metadataLabels,
  metadataTask,
  parseLabels,
  pickClass,
  testImages,
  toChannelsFirst,
} from './model-config.ts';

const model = (over: Partial<OnnxModel>): OnnxModel => ({
  id: 1,
  name: 'm',
  bytes: 1,
  metadata: {},
  inputs: [{ name: 'image', shape: ['batch', 224, 224, 3] }],
  outputs: [{ name: 'probabilities', shape: ['batch', 3] }],
  opsetVersion: 13,
  producer: '',
  url: '',
  createdAt: '',
  ...over,
});

const image = (id: number, label: string | null, split: TrainImage['split'] = null): TrainImage => ({
  id,
  projectId: 1,
  label,
  split,
  boxes: [],
  width: 1,
  height: 1,
  bytes: 1,
  fileName: '',
  url: '',
  thumbUrl: '',
  createdAt: '',
});

describe('reading an ONNX model', () => {
  it('takes labels, size and task from our metadata', () => {
    const m = model({ metadata: { labels: '["a","b"]', input_size: '320', task: 'det' } });
    expect(metadataLabels(m)).toEqual(['a', 'b']);
    expect(metadataInputSize(m)).toBe(320);
    expect(metadataTask(m)).toBe('det');
  });

  it('falls back to the input shape and output names, and says null when it cannot know', () => {
    expect(metadataLabels(model({ metadata: { labels: 'not json' } }))).toBeNull();
    expect(metadataLabels(model({ metadata: { labels: '[1,2]' } }))).toBeNull();
    expect(metadataInputSize(model({}))).toBe(224);
    expect(metadataInputSize(model({ inputs: [{ name: 'x', shape: ['n', 'h', 'w', 3] }] }))).toBeNull();
    expect(metadataTask(model({}))).toBe('cls');
    expect(metadataTask(model({ outputs: [{ name: 'heatmap', shape: [] }] }))).toBe('det');
    expect(metadataTask(model({ outputs: [{ name: 'out', shape: [] }] }))).toBeNull();
  });

  it('knows channels-first inputs', () => {
    expect(inputLayout(model({}))).toBe('nhwc');
    expect(inputLayout(model({ inputs: [{ name: 'x', shape: [1, 3, 224, 224] }] }))).toBe('nchw');
  });

  it('reads decode parameters when present', () => {
    expect(decodeParams(model({ metadata: { decode: '{"threshold":0.2,"maxDetections":5}' } }))).toEqual({
      threshold: 0.2,
      maxDetections: 5,
    });
    expect(decodeParams(model({}))).toEqual({ threshold: undefined, maxDetections: undefined });
  });
});

describe('labels', () => {
  it('parses typed labels and maps them to the project classes by name', () => {
    expect(parseLabels(' cat, dog\nbird ,,')).toEqual(['cat', 'dog', 'bird']);
    expect(mapLabels(['Dog', 'cat', 'fox'], ['cat', 'dog'])).toEqual([1, 0, -1]);
  });

  it('picks the best output among labels the project has', () => {
    // 'fox' scores highest but is no project class: the best of the others wins.
    expect(pickClass([0.2, 0.1, 0.7], [1, 0, -1])).toBe(1);
    expect(pickClass([0.2, 0.8], [-1, -1])).toBe(-1);
  });
});

describe('test images', () => {
  it('keeps the stored test split and splits the rest with the project seed', () => {
    const images = [
      image(1, 'a', 'test'),
      image(2, 'a', 'train'),
      image(3, null),
      image(4, 'zzz'),
      ...Array.from({ length: 20 }, (_, i) => image(10 + i, i % 2 ? 'a' : 'b')),
    ];
    const project = { kind: 'cls' as const, classes: ['a', 'b'], splitSeed: 7 };
    const test = testImages(project, images);
    const ids = test.map((i) => i.id);
    expect(ids).toContain(1);
    expect(ids).not.toContain(2);
    expect(ids).not.toContain(3);
    expect(ids).not.toContain(4);
    expect(test.some((i) => i.label === 'a' && i.id >= 10)).toBe(true);
    expect(test.some((i) => i.label === 'b')).toBe(true);
    expect(testImages(project, images).map((i) => i.id)).toEqual(ids);
  });
});

describe('toChannelsFirst', () => {
  it('moves channels to planes', () => {
    const nhwc = Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect([...toChannelsFirst(nhwc, 2)]).toEqual([1, 4, 7, 10, 2, 5, 8, 11, 3, 6, 9, 12]);
  });
});
