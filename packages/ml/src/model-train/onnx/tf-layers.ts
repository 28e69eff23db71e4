/**
 * A trained head (a TF.js LayersModel, one chain of layers) → ONNX nodes. The layer set is the one the
 * trainers build: Dense (relu / linear / softmax / sigmoid), Conv2D ('same' or 'valid', any stride and
 * kernel, channels-last, relu / linear / sigmoid), Activation, Dropout (nothing at inference), Flatten,
 * InputLayer. Anything else fails with the layer's class name.
 *
 * 4-D values are NCHW here (as the backbone's output); Conv2D kernels go HWIO → OIHW.
 */
import type * as TF from '@tensorflow/tfjs';
import type { OnnxGraphBuilder } from './builder.ts';

export interface OnnxValue {
  name: string;
  /** NCHW when 4-D. */
  dims: number[];
}

type Config = Record<string, unknown>;

function activationOf(layer: TF.layers.Layer): string {
  const a = (layer.getConfig() as Config).activation;
  return typeof a === 'string' ? a : 'linear';
}

function pair(v: unknown, fallback: number): [number, number] {
  if (Array.isArray(v)) return [Number(v[0] ?? fallback), Number(v[1] ?? v[0] ?? fallback)];
  if (typeof v === 'number') return [v, v];
  return [fallback, fallback];
}

function applyActivation(g: OnnxGraphBuilder, x: OnnxValue, activation: string, where: string): OnnxValue {
  switch (activation) {
    case 'linear':
      return x;
    case 'relu':
      return { name: g.node('Relu', [x.name], { name: `${where}/relu` }), dims: x.dims };
    case 'sigmoid':
      return { name: g.node('Sigmoid', [x.name], { name: `${where}/sigmoid` }), dims: x.dims };
    case 'softmax': {
      // Keras softmax is over the last axis: channels, which is axis 1 in NCHW.
      const axis = x.dims.length === 4 ? 1 : -1;
      return {
        name: g.node('Softmax', [x.name], { name: `${where}/softmax`, attrs: { axis } }),
        dims: x.dims,
      };
    }
    default:
      throw new Error(`ONNX export: layer "${where}" has unsupported activation ${activation}`);
  }
}

function weightsOf(layer: TF.layers.Layer): { shape: number[]; data: Float32Array }[] {
  return layer.getWeights().map((t) => ({ shape: [...t.shape], data: Float32Array.from(t.dataSync()) }));
}

function dense(g: OnnxGraphBuilder, layer: TF.layers.Layer, x: OnnxValue): OnnxValue {
  if (x.dims.length !== 2)
    throw new Error(`ONNX export: Dense "${layer.name}" needs a 2-D input, got [${x.dims.join(',')}]`);
  const [kernel, bias] = weightsOf(layer);
  if (!kernel || kernel.shape[0] !== x.dims[1]) {
    throw new Error(`ONNX export: Dense "${layer.name}" kernel does not fit its ${x.dims[1]} inputs`);
  }
  const units = kernel.shape[1]!;
  let y = g.node('MatMul', [x.name, g.floats(`${layer.name}/kernel`, kernel.shape, kernel.data)], {
    name: layer.name,
  });
  if (bias)
    y = g.node('Add', [y, g.floats(`${layer.name}/bias`, [units], bias.data)], {
      name: `${layer.name}/bias`,
    });
  return applyActivation(g, { name: y, dims: [x.dims[0]!, units] }, activationOf(layer), layer.name);
}

function conv2d(g: OnnxGraphBuilder, layer: TF.layers.Layer, x: OnnxValue): OnnxValue {
  if (x.dims.length !== 4) throw new Error(`ONNX export: Conv2D "${layer.name}" needs a 4-D input`);
  const config = layer.getConfig() as Config;
  if ((config.dataFormat ?? 'channelsLast') !== 'channelsLast') {
    throw new Error(`ONNX export: Conv2D "${layer.name}" is not channels-last`);
  }
  const [kernel, bias] = weightsOf(layer);
  if (!kernel || kernel.shape.length !== 4)
    throw new Error(`ONNX export: Conv2D "${layer.name}" has no 4-D kernel`);
  const [kh, kw, cin, cout] = kernel.shape as [number, number, number, number];
  const [, inC, inH, inW] = x.dims as [number, number, number, number];
  if (cin !== inC)
    throw new Error(`ONNX export: Conv2D "${layer.name}" expects ${cin} channels, input has ${inC}`);
  const [sh, sw] = pair(config.strides, 1);
  const [dh, dw] = pair(config.dilationRate, 1);
  const padding = typeof config.padding === 'string' ? config.padding : 'valid';
  const side = (size: number, k: number, s: number, d: number) => {
    const eff = (k - 1) * d + 1;
    if (padding === 'same') {
      // As TF: out = ceil(size / stride), the odd pixel of padding at the end.
      const out = Math.ceil(size / s);
      const total = Math.max((out - 1) * s + eff - size, 0);
      return { begin: Math.floor(total / 2), end: total - Math.floor(total / 2), out };
    }
    if (padding === 'valid') return { begin: 0, end: 0, out: Math.floor((size - eff) / s) + 1 };
    throw new Error(`ONNX export: Conv2D "${layer.name}" has padding ${padding}`);
  };
  const py = side(inH, kh, sh, dh);
  const px = side(inW, kw, sw, dw);
  const oihw = new Float32Array(kernel.data.length);
  for (let y = 0; y < kh; y++)
    for (let xx = 0; xx < kw; xx++)
      for (let i = 0; i < cin; i++)
        for (let o = 0; o < cout; o++)
          oihw[((o * cin + i) * kh + y) * kw + xx] = kernel.data[((y * kw + xx) * cin + i) * cout + o]!;
  const inputs = [x.name, g.floats(`${layer.name}/kernel`, [cout, cin, kh, kw], oihw)];
  if (bias) inputs.push(g.floats(`${layer.name}/bias`, [cout], bias.data));
  const y = g.node('Conv', inputs, {
    name: layer.name,
    attrs: {
      kernel_shape: [kh, kw],
      strides: [sh, sw],
      dilations: [dh, dw],
      pads: [py.begin, px.begin, py.end, px.end],
      group: 1,
    },
  });
  return applyActivation(
    g,
    { name: y, dims: [x.dims[0]!, cout, py.out, px.out] },
    activationOf(layer),
    layer.name,
  );
}

function flatten(g: OnnxGraphBuilder, layer: TF.layers.Layer, x: OnnxValue): OnnxValue {
  if (x.dims.length === 2) return x;
  if (x.dims.length !== 4)
    throw new Error(`ONNX export: Flatten "${layer.name}" of a ${x.dims.length}-D value`);
  // Keras flattens channels-last: back to NHWC first so the order of the numbers matches.
  const [n, c, h, w] = x.dims as [number, number, number, number];
  const nhwc = g.node('Transpose', [x.name], { name: `${layer.name}/nhwc`, attrs: { perm: [0, 2, 3, 1] } });
  return { name: g.node('Flatten', [nhwc], { name: layer.name, attrs: { axis: 1 } }), dims: [n, h * w * c] };
}

/** The head's layers in order, checked to be one chain from a single input to a single output. */
function chain(model: TF.LayersModel): TF.layers.Layer[] {
  if (model.inputs.length !== 1 || model.outputs.length !== 1) {
    throw new Error('ONNX export: the head must have one input and one output');
  }
  const layers = model.layers.filter((l) => l.getClassName() !== 'InputLayer');
  layers.forEach((layer, k) => {
    // In this model, every layer reads exactly the previous one (a branch would be silently wrong).
    const from = layer.inboundNodes.find((n) => n.outboundLayer === layer)?.inboundLayers ?? [];
    const previous = layers[k - 1];
    const ok =
      from.length === 1 && (previous ? from[0] === previous : from[0]!.getClassName() === 'InputLayer');
    if (!ok) throw new Error(`ONNX export: the head must be one chain of layers ("${layer.name}" is not)`);
  });
  return layers;
}

/** Adds the head's layers after `x`; returns the head's output. */
export function addLayersHead(g: OnnxGraphBuilder, model: TF.LayersModel, x: OnnxValue): OnnxValue {
  let value = x;
  for (const layer of chain(model)) {
    const kind = layer.getClassName();
    switch (kind) {
      case 'Dense':
        value = dense(g, layer, value);
        break;
      case 'Conv2D':
        value = conv2d(g, layer, value);
        break;
      case 'Activation':
        value = applyActivation(g, value, activationOf(layer), layer.name);
        break;
      case 'Dropout':
        break;
      case 'Flatten':
        value = flatten(g, layer, value);
        break;
      default:
        throw new Error(`ONNX export: unsupported head layer ${kind} ("${layer.name}")`);
    }
  }
  return value;
}

/** Whether the head's last computing layer already ends in softmax. */
export function headEndsInSoftmax(model: TF.LayersModel): boolean {
  const layers = chain(model).filter((l) => l.getClassName() !== 'Dropout');
  const last = layers[layers.length - 1];
  return last !== undefined && activationOf(last) === 'softmax';
}
