import { afterEach, describe, expect, it, vi } from 'vitest';
import * as ort from 'onnxruntime-web/wasm';
import type { TrainImage } from '@ai-edu/contract';
import { OnnxGraphBuilder } from '@ai-edu/ml/model-train/onnx/builder.ts';
import { evaluateOnnxModel, OnnxEvalError } from './evaluate.ts';

const S = 64;
const H = 4;

/**
 * A detector whose answer does not depend on the picture: one box of class 0 ('circle') in cell (1, 1), a
 * quarter of the image wide and high. (The picture still flows into the graph, times zero.)
 */
function fixedDetector(): Uint8Array {
  const g = new OnnxGraphBuilder('fixed-det');
  const image = g.input('image', [1, S, S, 3]);
  const zero = g.node('Mul', [
    g.node('ReduceMean', [image], { attrs: { axes: [1, 2, 3], keepdims: 1 } }),
    g.scalar('zero', 0),
  ]);
  const logits = new Float32Array(H * H * 2).fill(-6);
  logits[(1 * H + 1) * 2 + 0] = 6;
  const boxes = new Float32Array(H * H * 4);
  boxes.set([0.5, 0.5, 0, 0], (1 * H + 1) * 4);
  const heat = g.node('Sigmoid', [g.node('Add', [g.floats('logits', [1, H, H, 2], logits), zero])]);
  g.output('heatmap', heat, [1, H, H, 2]);
  g.output('boxes', g.node('Add', [g.floats('box_values', [1, H, H, 4], boxes), zero]), [1, H, H, 4]);
  return g.encode({ metadata: { labels: '["circle","square"]', task: 'det', input_size: String(S) } });
}

const image = (id: number, boxes: TrainImage['boxes']): TrainImage => ({
  id,
  projectId: 1,
  label: null,
  split: 'test',
  boxes,
  width: 64,
  height: 64,
  bytes: 1,
  fileName: `${id}.png`,
  url: `/img/${id}`,
  thumbUrl: '',
  createdAt: '',
});

const blank = async () => ({ data: new Uint8ClampedArray(64 * 64 * 4), width: 64, height: 64 });
const createSession = (bytes: Uint8Array) => {
  ort.env.wasm.numThreads = 1;
  return ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
};

afterEach(() => vi.unstubAllGlobals());

describe('evaluateOnnxModel (det)', () => {
  it('decodes the boxes, maps the model labels to the project classes by name and scores mAP', async () => {
    const bytes = fixedDetector();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(bytes.slice())),
    );
    const progress: number[] = [];
    const result = await evaluateOnnxModel({
      url: '/model.onnx',
      config: { task: 'det', inputSize: S, labels: ['circle', 'square'], layout: 'nhwc' },
      // The project lists the classes the other way round.
      project: { kind: 'det', classes: ['square', 'circle'] },
      images: [
        image(1, [{ label: 'circle', x: 16, y: 16, w: 16, h: 16 }]),
        image(2, [{ label: 'square', x: 30, y: 30, w: 20, h: 20 }]),
      ],
      loadPixels: blank,
      createSession,
      onProgress: (p) => progress.push(p.done),
    });
    expect(progress).toEqual([0, 1, 2]);
    expect(result.imageCount).toBe(2);
    const detection = result.predictions[0]!.detections![0]!;
    expect(detection.label).toBe(1);
    expect(detection.x).toBeCloseTo(0.25, 6);
    expect(detection.w).toBeCloseTo(0.25, 6);
    expect(result.metrics).toMatchObject({ task: 'det', classes: ['square', 'circle'], iouThreshold: 0.5 });
    if (result.metrics.task !== 'det') throw new Error('det metrics expected');
    // circle: its one box found first (picture 2's false one has the same score and comes after it, in picture
    // order); square: never found.
    expect(result.metrics.perClassAp).toEqual([0, 1]);
    expect(result.metrics.map).toBeCloseTo(0.5, 6);
  });

  it('refuses labels that name no project class, before loading anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const error = await evaluateOnnxModel({
      url: '/m.onnx',
      config: { task: 'det', inputSize: S, labels: ['cat'], layout: 'nhwc' },
      project: { kind: 'det', classes: ['square'] },
      images: [image(1, [])],
      loadPixels: blank,
      createSession,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OnnxEvalError);
    expect((error as OnnxEvalError).code).toBe('noLabelsMatch');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
