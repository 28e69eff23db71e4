/**
 * Whole-model export (backbone + head) run by onnxruntime-web, compared with the page's TF.js pipeline on the
 * same pixels: cls probabilities and det heat-map/boxes within 1e-4.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as TF from '@tensorflow/tfjs';
import { CLS_FEATURE_NODE } from '../backbone.ts';
import { DET_DECODE } from '../decode.ts';
import { onnxMetadata } from './builder.ts';
import { backboneFixture, STRIDE16_NODE, testImage } from './backbone-fixture.ts';
import { exportClassifierOnnx, exportDetectorOnnx } from './export.ts';
import { maxAbsDiff, runOnnx } from './ort-node.ts';

let fx: Awaited<ReturnType<typeof backboneFixture>>;
beforeAll(async () => {
  fx = await backboneFixture();
});
afterAll(() => fx.model.dispose());

const LABELS = ['cat', 'dog', 'bird'];

/** A head with spread-out outputs (unit-variance weights, seeded) so differences would show. */
function clsHead(tf: typeof TF, hidden: number, K: number): TF.LayersModel {
  const init = (seed: number) => tf.initializers.randomNormal({ mean: 0, stddev: 1, seed });
  const model = tf.sequential();
  if (hidden > 0) {
    model.add(
      tf.layers.dense({
        inputShape: [480],
        units: hidden,
        activation: 'relu',
        kernelInitializer: init(1),
        biasInitializer: init(2),
      }),
    );
    model.add(tf.layers.dropout({ rate: 0.3 }));
    model.add(
      tf.layers.dense({
        units: K,
        activation: 'softmax',
        kernelInitializer: init(3),
        biasInitializer: init(4),
      }),
    );
  } else {
    model.add(
      tf.layers.dense({ inputShape: [480], units: K, kernelInitializer: init(5), biasInitializer: init(6) }),
    );
  }
  return model;
}

/** The page's classification: features pooled + L2-normalised, then the head (+ softmax if it has none). */
function tfjsClassify(
  tf: typeof TF,
  head: TF.LayersModel,
  pixels: Float32Array,
  size: number,
  softmax: boolean,
): Float32Array {
  return tf.tidy(() => {
    const maps = fx.model.execute(tf.tensor4d(pixels, [1, size, size, 3]), CLS_FEATURE_NODE) as TF.Tensor4D;
    const pooled = maps.mean([1, 2]);
    const features = pooled.div(pooled.square().sum(1, true).maximum(1e-12).sqrt());
    const out = head.predict(features) as TF.Tensor;
    return (softmax ? out.softmax() : out).dataSync() as Float32Array;
  });
}

describe('exportClassifierOnnx', () => {
  it.each([
    [32, 'a hidden layer, dropout and a softmax head'],
    [0, 'a single linear layer (softmax added by the export)'],
  ])('matches TF.js within 1e-4 with %i hidden units: %s', async (hidden) => {
    const head = clsHead(fx.tf, hidden, LABELS.length);
    const started = performance.now();
    const bytes = exportClassifierOnnx({
      backbone: fx.source,
      cutNode: CLS_FEATURE_NODE,
      inputSize: 224,
      head,
      labels: LABELS,
    });
    const ms = performance.now() - started;
    let worst = 0;
    let spread = 0;
    for (const seed of [1, 2, 3]) {
      const pixels = testImage(224, seed);
      const out = await runOnnx(bytes, { image: { dims: [1, 224, 224, 3], data: pixels } });
      expect(out.probabilities!.dims).toEqual([1, 3]);
      const want = tfjsClassify(fx.tf, head, pixels, 224, hidden === 0);
      worst = Math.max(worst, maxAbsDiff(out.probabilities!.data, want));
      spread = Math.max(spread, ...want);
      expect(out.probabilities!.data.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    }
    console.log(
      `cls hidden=${hidden}: ${(bytes.length / 1e6).toFixed(2)} MB, export ${ms.toFixed(0)} ms, max |ort − tfjs| = ${worst.toExponential(2)}`,
    );
    expect(spread).toBeGreaterThan(0.45); // far from uniform (1/3): the head separates, so a wrong pipeline would show
    expect(worst).toBeLessThanOrEqual(1e-4);
    expect(bytes.length).toBeLessThan(5e6);
    head.dispose();
  });

  it('writes the metadata the page and Python read back', () => {
    const head = clsHead(fx.tf, 0, 2);
    const bytes = exportClassifierOnnx({
      backbone: fx.source,
      cutNode: CLS_FEATURE_NODE,
      inputSize: 224,
      head,
      labels: ['红色', 'blue'],
      extra: { extractor: 'x1', task: 'ignored' },
    });
    const meta = onnxMetadata(bytes);
    expect(JSON.parse(meta.labels!)).toEqual(['红色', 'blue']);
    expect(meta.task).toBe('cls');
    expect(meta.input_size).toBe('224');
    expect(meta.extractor).toBe('x1');
    expect(JSON.parse(meta.preprocessing!)).toMatchObject({
      color: 'RGB',
      layout: 'NHWC [1, input_size, input_size, 3]',
    });
    expect(meta.producer).toMatch(/^ai-edu model-train/);
    expect(meta.decode).toBeUndefined();
    head.dispose();
  });

  it('refuses heads it cannot convert, with the reason', () => {
    const tf = fx.tf;
    const bn = tf.sequential({
      layers: [tf.layers.dense({ inputShape: [480], units: 3 }), tf.layers.batchNormalization()],
    });
    const args = { backbone: fx.source, cutNode: CLS_FEATURE_NODE, inputSize: 224, labels: LABELS };
    expect(() => exportClassifierOnnx({ ...args, head: bn })).toThrow(
      /unsupported head layer BatchNormalization/,
    );
    const four = clsHead(tf, 0, 4);
    expect(() => exportClassifierOnnx({ ...args, head: four })).toThrow(/expected \[1,3\] for 3 labels/);
    expect(() => exportClassifierOnnx({ ...args, head: four, labels: [] })).toThrow(/no class labels/);
    expect(() => exportClassifierOnnx({ ...args, head: four, cutNode: 'tower_0/nope' })).toThrow(
      /no node "tower_0\/nope"/,
    );
    bn.dispose();
    four.dispose();
  });
});

describe('exportDetectorOnnx', () => {
  it('matches TF.js within 1e-4 on the heat-map and boxes', async () => {
    const tf = fx.tf;
    const K = 2;
    const S = 320;
    const init = (seed: number) => tf.initializers.glorotNormal({ seed });
    const head = tf.sequential({
      layers: [
        tf.layers.conv2d({
          inputShape: [20, 20, 528],
          filters: 16,
          kernelSize: 3,
          padding: 'same',
          activation: 'relu',
          kernelInitializer: init(1),
        }),
        tf.layers.conv2d({
          filters: K + 4,
          kernelSize: 1,
          padding: 'same',
          kernelInitializer: init(2),
          biasInitializer: 'ones',
        }),
      ],
    });
    const started = performance.now();
    const bytes = exportDetectorOnnx({
      backbone: fx.source,
      cutNode: STRIDE16_NODE,
      inputSize: S,
      head,
      labels: ['circle', 'square'],
      decode: DET_DECODE,
    });
    const ms = performance.now() - started;
    const meta = onnxMetadata(bytes);
    expect(meta.task).toBe('det');
    expect(JSON.parse(meta.decode!)).toEqual(DET_DECODE);

    let worstHeat = 0;
    let worstBoxes = 0;
    for (const seed of [4, 5]) {
      const pixels = testImage(S, seed);
      const out = await runOnnx(bytes, { image: { dims: [1, S, S, 3], data: pixels } });
      expect(out.heatmap!.dims).toEqual([1, 20, 20, K]);
      expect(out.boxes!.dims).toEqual([1, 20, 20, 4]);
      const [heat, boxes] = tf.tidy(() => {
        const maps = fx.model.execute(tf.tensor4d(pixels, [1, S, S, 3]), STRIDE16_NODE) as TF.Tensor4D;
        const raw = head.predict(maps) as TF.Tensor4D;
        return [
          raw.slice([0, 0, 0, 0], [1, 20, 20, K]).sigmoid().dataSync(),
          raw.slice([0, 0, 0, K], [1, 20, 20, 4]).dataSync(),
        ];
      });
      worstHeat = Math.max(worstHeat, maxAbsDiff(out.heatmap!.data, heat));
      worstBoxes = Math.max(worstBoxes, maxAbsDiff(out.boxes!.data, boxes));
    }
    console.log(
      `det: ${(bytes.length / 1e6).toFixed(2)} MB, export ${ms.toFixed(0)} ms, max |ort − tfjs| heatmap ${worstHeat.toExponential(2)}, boxes ${worstBoxes.toExponential(2)}`,
    );
    expect(worstHeat).toBeLessThanOrEqual(1e-4);
    expect(worstBoxes).toBeLessThanOrEqual(1e-4);
    head.dispose();
  });
});
