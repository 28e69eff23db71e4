/**
 * The TF graph converter op by op: a tiny synthetic graph with the backbone's ops (SAME convolutions with
 * stride 2 on odd and even sizes, depthwise with a multiplier, squeeze-excite Mean, broadcast constants,
 * hard-swish) run by TF.js's own graph executor and by onnxruntime-web on the converted ONNX.
 */
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../random.ts';
import { OnnxGraphBuilder } from './builder.ts';
import { maxAbs, maxAbsDiff, runOnnx } from './ort-node.ts';
import { addTfGraph, tfGraphOps, type NamedWeights, type TfGraphNode } from './tf-graph.ts';

const b64 = (s: string) => btoa(s);
const ints = (xs: number[]) => ({ list: { i: xs.map(String) } });

function convAttrs(op: 'conv' | 'dw', stride: number, padding: 'SAME' | 'VALID', fused: string[] = []) {
  return {
    strides: ints([1, stride, stride, 1]),
    dilations: ints([1, 1, 1, 1]),
    padding: { s: b64(padding) },
    data_format: { s: b64('NHWC') },
    ...(fused.length ? { fused_ops: { list: { s: fused.map(b64) } }, num_args: { i: '1' } } : {}),
    ...(op === 'conv' ? { use_cudnn_on_gpu: { b: true } } : {}),
  };
}

/** A graph using every op of the backbone's path, with random weights. */
function syntheticGraph(seed: number) {
  const rand = seededRandom(seed);
  const weights: NamedWeights = {};
  const nodes: TfGraphNode[] = [
    {
      name: 'x',
      op: 'Placeholder',
      attr: {
        dtype: { type: 'DT_FLOAT' },
        shape: { shape: { dim: [{ size: '1' }, { size: '-1' }, { size: '-1' }, { size: '3' }] } } as never,
      },
    },
  ];
  const konst = (name: string, shape: number[], values?: number[], scale = 0.5) => {
    const n = shape.reduce((a, b) => a * b, 1);
    weights[name] = {
      shape,
      data: values
        ? Int32Array.from(values)
        : Float32Array.from({ length: n }, () => (rand() * 2 - 1) * scale),
    };
    nodes.push({ name, op: 'Const', attr: { dtype: { type: values ? 'DT_INT32' : 'DT_FLOAT' } } });
    return name;
  };
  const op = (name: string, opName: string, input: string[], attr: TfGraphNode['attr'] = {}) => {
    nodes.push({ name, op: opName, input, attr });
    return name;
  };
  // Stem: 3×3 stride-2 SAME conv + bias, then hard-swish x·relu6(x+3)/6.
  const c1 = op(
    'c1',
    '_FusedConv2D',
    ['x', konst('w1', [3, 3, 3, 8]), konst('b1', [8])],
    convAttrs('conv', 2, 'SAME', ['BiasAdd']),
  );
  const hs = op('hs', 'Mul', [
    op('hs/mul', 'Mul', [konst('sixth', [], undefined), c1]),
    op('hs/relu6', 'Relu6', [op('hs/add', 'Add', [c1, konst('three', [])])]),
  ]);
  // Depthwise stride 2 + bias + relu.
  const dw = op(
    'dw',
    'FusedDepthwiseConv2dNative',
    [hs, konst('wd', [3, 3, 8, 1]), konst('bd', [8])],
    convAttrs('dw', 2, 'SAME', ['BiasAdd', 'Relu']),
  );
  // Squeeze-excite: Mean over H,W (keep dims) → 1×1 convs → scale the depthwise output.
  const m = op('se/mean', 'Mean', [dw, konst('axes', [2], [1, 2])], {
    keep_dims: { b: true },
    Tidx: { type: 'DT_INT32' },
  });
  const s1 = op(
    'se/c1',
    '_FusedConv2D',
    [m, konst('ws1', [1, 1, 8, 4]), konst('bs1', [4])],
    convAttrs('conv', 1, 'VALID', ['BiasAdd', 'Relu']),
  );
  const s2 = op(
    'se/c2',
    '_FusedConv2D',
    [s1, konst('ws2', [1, 1, 4, 8]), konst('bs2', [8])],
    convAttrs('conv', 1, 'SAME', ['BiasAdd', 'Relu6']),
  );
  const se = op('se/mul', 'Mul', [s2, dw]);
  const shifted = op('shift', 'Add', [se, konst('cvec', [8])]);
  const scaled = op('scale', 'Mul', [konst('c4', [1, 1, 1, 8]), shifted]);
  // Plain conv 1×1, a 5×5 stride-2 SAME conv (padding split unevenly), depthwise with multiplier 2, Sub.
  const c3 = op('c3', 'Conv2D', [scaled, konst('w3', [1, 1, 8, 4])], convAttrs('conv', 1, 'VALID'));
  const c4 = op(
    'c4conv',
    '_FusedConv2D',
    [c3, konst('w4', [5, 5, 4, 6]), konst('b4', [6])],
    convAttrs('conv', 2, 'SAME', ['BiasAdd']),
  );
  const d2 = op('dw2', 'DepthwiseConv2dNative', [c4, konst('wd2', [3, 3, 6, 2])], convAttrs('dw', 1, 'SAME'));
  const out = op('out', 'Sub', [op('relu', 'Relu', [d2]), konst('svec', [12])]);
  const pooled = op('pooled', 'Mean', [out, konst('axes2', [2], [1, 2])], { keep_dims: { b: false } });
  return { nodes, weights, cuts: [hs, dw, se, c4, out, pooled] };
}

async function tfjsGraphModel(nodes: TfGraphNode[], weights: NamedWeights): Promise<tf.GraphModel> {
  const specs = Object.entries(weights).map(([name, w]) => ({
    name,
    shape: [...w.shape],
    dtype: w.data instanceof Int32Array ? 'int32' : 'float32',
  }));
  const bytes = specs.reduce((n, s) => n + 4 * s.shape.reduce((a, b) => a * b, 1), 0);
  const data = new Uint8Array(bytes);
  let offset = 0;
  for (const [, w] of Object.entries(weights)) {
    const typed = w.data as Float32Array | Int32Array;
    data.set(new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength), offset);
    offset += typed.byteLength;
  }
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: { node: nodes, versions: {} },
      weightSpecs: specs,
      weightData: data.buffer,
    }),
  );
}

async function compare(size: number, seed: number) {
  const { nodes, weights, cuts } = syntheticGraph(seed);
  const model = await tfjsGraphModel(nodes, weights);
  const rand = seededRandom(seed + 100);
  const pixels = Float32Array.from({ length: size * size * 3 }, () => rand() * 255 - 128);
  const input = tf.tensor4d(pixels, [1, size, size, 3]);
  const expected = model.execute(input, cuts) as tf.Tensor[];

  const g = new OnnxGraphBuilder();
  const image = g.input('image', [1, size, size, 3]);
  const nchw = g.node('Transpose', [image], { attrs: { perm: [0, 3, 1, 2] } });
  const outs = cuts.map((cutNode) =>
    addTfGraph(g, {
      topology: { node: nodes },
      weights,
      cutNode,
      input: nchw,
      inputDims: [1, 3, size, size],
    }),
  );
  // Outputs back in NHWC to compare with TF.js element by element.
  outs.forEach((o, k) => {
    const nhwc =
      o.dims.length === 4 ? g.node('Transpose', [o.output], { attrs: { perm: [0, 2, 3, 1] } }) : o.output;
    const dims = o.dims.length === 4 ? [o.dims[0]!, o.dims[2]!, o.dims[3]!, o.dims[1]!] : o.dims;
    g.output(`out${k}`, nhwc, dims);
  });
  const got = await runOnnx(g.encode(), { image: { dims: [1, size, size, 3], data: pixels } });
  const diffs = expected.map((t, k) => {
    expect(got[`out${k}`]!.dims).toEqual(t.shape);
    const want = t.dataSync();
    const scale = Math.max(1, maxAbs(want));
    return maxAbsDiff(got[`out${k}`]!.data, want) / scale;
  });
  tf.dispose([input, ...expected]);
  model.dispose();
  return diffs;
}

describe('addTfGraph (TF graph → ONNX) per op', () => {
  it.each([
    [9, 1],
    [16, 2],
    [13, 3],
  ])('matches TF.js on a %i px square input (seed %i) at every cut', async (size, seed) => {
    const diffs = await compare(size, seed);
    expect(diffs).toHaveLength(6);
    for (const d of diffs) expect(d).toBeLessThan(1e-5);
  });

  it('fails with the op name on an unsupported op', () => {
    const nodes: TfGraphNode[] = [
      { name: 'x', op: 'Placeholder' },
      { name: 'pool', op: 'MaxPool', input: ['x'] },
    ];
    const g = new OnnxGraphBuilder();
    expect(() =>
      addTfGraph(g, {
        topology: { node: nodes },
        weights: {},
        cutNode: 'pool',
        input: 'x',
        inputDims: [1, 3, 8, 8],
      }),
    ).toThrow(/unsupported TF op MaxPool .*"pool"/);
    expect(() =>
      addTfGraph(g, {
        topology: { node: nodes },
        weights: {},
        cutNode: 'nope',
        input: 'x',
        inputDims: [1, 3, 8, 8],
      }),
    ).toThrow(/no node "nope"/);
  });

  it('fails on an unsupported fused activation and on a missing weight', () => {
    const { nodes, weights } = syntheticGraph(4);
    const c1 = nodes.find((n) => n.name === 'c1')!;
    c1.attr!.fused_ops = { list: { s: [b64('BiasAdd'), b64('LeakyRelu')] } };
    const g = new OnnxGraphBuilder();
    const args = { topology: { node: nodes }, weights, cutNode: 'c1', input: 'x', inputDims: [1, 3, 8, 8] };
    expect(() => addTfGraph(g, args)).toThrow(/fuses unsupported LeakyRelu/);
    c1.attr!.fused_ops = { list: { s: [b64('BiasAdd')] } };
    delete weights.w1;
    expect(() => addTfGraph(g, args)).toThrow(/no weights for constant "w1"/);
  });

  it('lists the ops on the way to a cut node', () => {
    const { nodes } = syntheticGraph(5);
    expect(tfGraphOps({ node: nodes }, 'dw')).toEqual({
      Placeholder: 1,
      Const: 6,
      _FusedConv2D: 1,
      Mul: 2,
      Add: 1,
      Relu6: 1,
      FusedDepthwiseConv2dNative: 1,
    });
  });
});
