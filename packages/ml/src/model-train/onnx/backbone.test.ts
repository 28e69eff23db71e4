/** The real backbone (human's CenterNet MobileNet-v3) converted to ONNX, checked against TF.js. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as TF from '@tensorflow/tfjs';
import { CLS_FEATURE_NODE } from '../backbone.ts';
import { OnnxGraphBuilder } from './builder.ts';
import { backboneFixture, STRIDE16_NODE, testImage } from './backbone-fixture.ts';
import type { BackboneSource } from './export.ts';
import { maxAbs, maxAbsDiff, runOnnx } from './ort-node.ts';
import { addTfGraph, SUPPORTED_TF_OPS, tfGraphOps } from './tf-graph.ts';
import { namedWeightsFromGraphModel } from './weights.ts';

let fx: Awaited<ReturnType<typeof backboneFixture>>;
beforeAll(async () => {
  fx = await backboneFixture();
});
afterAll(() => fx.model.dispose());

function backboneOnly(
  source: BackboneSource,
  cutNode: string,
  size: number,
): { bytes: Uint8Array; dims: number[] } {
  const g = new OnnxGraphBuilder();
  const image = g.input('image', [1, size, size, 3]);
  const nchw = g.node('Transpose', [image], { attrs: { perm: [0, 3, 1, 2] } });
  const out = addTfGraph(g, { ...source, cutNode, input: nchw, inputDims: [1, 3, size, size] });
  const [n, c, h, w] = out.dims as [number, number, number, number];
  g.output('features', g.node('Transpose', [out.output], { attrs: { perm: [0, 2, 3, 1] } }), [n, h, w, c]);
  return { bytes: g.encode(), dims: [n, h, w, c] };
}

describe('the backbone graph', () => {
  it.each([
    CLS_FEATURE_NODE,
    STRIDE16_NODE,
    'tower_0/MobilenetV3/expanded_conv_11/add',
    'tower_0/MobilenetV3/expanded_conv_12/expand/hard_swish/mul_1',
    'tower_0/MobilenetV3/expanded_conv_10/project/BatchNorm/FusedBatchNorm',
  ])('needs only supported ops up to %s', (cut) => {
    const ops = Object.keys(tfGraphOps(fx.source.topology, cut));
    expect(ops).toContain('_FusedConv2D');
    expect(ops.filter((op) => !(SUPPORTED_TF_OPS as readonly string[]).includes(op))).toEqual([]);
  });

  it.each([
    [CLS_FEATURE_NODE, 224, [1, 7, 7, 480]],
    [STRIDE16_NODE, 320, [1, 20, 20, 528]],
  ] as const)('gives the same feature map as TF.js at %s (%i px)', async (cut, size, dims) => {
    const { bytes, dims: onnxDims } = backboneOnly(fx.source, cut, size);
    expect(onnxDims).toEqual(dims);
    const pixels = testImage(size, 7);
    const out = await runOnnx(bytes, { image: { dims: [1, size, size, 3], data: pixels } });
    const t = fx.tf.tensor4d(pixels, [1, size, size, 3]);
    const want = fx.model.execute(t, cut) as TF.Tensor;
    const wanted = want.dataSync();
    fx.tf.dispose([t, want]);
    expect(out.features!.dims).toEqual(dims);
    const scale = maxAbs(wanted);
    const diff = maxAbsDiff(out.features!.data, wanted);
    console.log(
      `${cut} @${size}: max |onnx − tfjs| = ${diff.toExponential(2)} (values up to ${scale.toFixed(2)})`,
    );
    expect(scale).toBeGreaterThan(0.1);
    expect(diff / scale).toBeLessThan(1e-4);
  });

  it('stores the float16 weights as float16: the file is about half of float32', () => {
    const { bytes } = backboneOnly(fx.source, CLS_FEATURE_NODE, 224);
    console.log(`backbone to ${CLS_FEATURE_NODE}: ${(bytes.length / 1e6).toFixed(2)} MB`);
    expect(bytes.length).toBeGreaterThan(3e6);
    expect(bytes.length).toBeLessThan(4.5e6);
  });

  it('reads the same weights from a loaded GraphModel as from the files', () => {
    const fromModel = namedWeightsFromGraphModel(fx.model);
    const a = backboneOnly(fx.source, CLS_FEATURE_NODE, 224).bytes;
    const b = backboneOnly({ topology: fx.source.topology, weights: fromModel }, CLS_FEATURE_NODE, 224).bytes;
    expect(b.length).toBe(a.length);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
  });
});
