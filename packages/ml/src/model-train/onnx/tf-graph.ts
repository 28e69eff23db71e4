/**
 * TF.js graph model (the `modelTopology.node[]` of a converted TensorFlow graph, NHWC) → ONNX nodes (NCHW),
 * from the Placeholder up to one cut node. Written for the MobileNet-v3 backbone in human's CenterNet; any
 * op outside the supported list fails with its name, so a different graph never exports silently wrong.
 *
 * Layout: every 4-D activation is NCHW in ONNX (the caller transposes the NHWC image once); constants
 * broadcast against it are reshaped ([C] → [C,1,1], [1,1,1,C] → [1,C,1,1]); convolution filters are
 * transposed (HWIO → OIHW; depthwise H×W×C×M → (C·M)×1×H×W with group C). TF 'SAME' padding puts the odd
 * pixel at the end, so pads are computed explicitly from the tracked input size.
 */
import type { OnnxGraphBuilder } from './builder.ts';

export interface TfAttr {
  s?: string;
  i?: string | number;
  f?: number;
  b?: boolean;
  type?: string;
  list?: { i?: (string | number)[]; s?: string[]; f?: number[] };
}

export interface TfGraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttr>;
}

export interface TfGraphTopology {
  node: TfGraphNode[];
}

/** A constant's value, as `tf.io.decodeWeights` gives it (after `dataSync()`). */
export interface NamedWeight {
  shape: readonly number[];
  data: Float32Array | Int32Array | ArrayLike<number>;
}
export type NamedWeights = Record<string, NamedWeight>;

export const SUPPORTED_TF_OPS = [
  'Placeholder',
  'Const',
  'Identity',
  '_FusedConv2D',
  'Conv2D',
  'FusedDepthwiseConv2dNative',
  'DepthwiseConv2dNative',
  'Add',
  'AddV2',
  'Sub',
  'Mul',
  'Relu',
  'Relu6',
  'Sigmoid',
  'Mean',
] as const;

const SUPPORTED_FUSED = new Set(['BiasAdd', 'Relu', 'Relu6', 'Sigmoid']);

/** An ONNX value made from a TF node: an activation (rank 4 = NCHW) or a constant not yet placed. */
type Value =
  { kind: 'act'; name: string; dims: number[] } | { kind: 'const'; tfName: string; weight: NamedWeight };

function nodeName(input: string): { name: string; index: number; control: boolean } {
  const control = input.startsWith('^');
  const bare = control ? input.slice(1) : input;
  const m = /^(.*):(\d+)$/.exec(bare);
  return m ? { name: m[1]!, index: Number(m[2]), control } : { name: bare, index: 0, control };
}

function decodeText(base64: string): string {
  return atob(base64);
}

function intList(node: TfGraphNode, key: string, fallback: number[]): number[] {
  const list = node.attr?.[key]?.list?.i;
  return list && list.length ? list.map(Number) : fallback;
}

function textAttr(node: TfGraphNode, key: string): string | undefined {
  const s = node.attr?.[key]?.s;
  return s === undefined ? undefined : decodeText(s);
}

/** The nodes the cut node depends on (control inputs ignored), inputs first. */
export function tfGraphPath(topology: TfGraphTopology, cutNode: string): TfGraphNode[] {
  const byName = new Map(topology.node.map((n) => [n.name, n]));
  if (!byName.has(cutNode)) throw new Error(`ONNX export: the graph has no node "${cutNode}"`);
  const order: TfGraphNode[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: { name: string; expanded: boolean }[] = [{ name: cutNode, expanded: false }];
  while (stack.length) {
    const top = stack.pop()!;
    if (state.get(top.name) === 'done') continue;
    const node = byName.get(top.name);
    if (!node) throw new Error(`ONNX export: node "${top.name}" is referenced but missing from the graph`);
    if (top.expanded) {
      state.set(top.name, 'done');
      order.push(node);
      continue;
    }
    if (state.get(top.name) === 'open')
      throw new Error(`ONNX export: the graph has a cycle at "${top.name}"`);
    state.set(top.name, 'open');
    stack.push({ name: top.name, expanded: true });
    for (const input of [...(node.input ?? [])].reverse()) {
      const ref = nodeName(input);
      if (!ref.control && state.get(ref.name) !== 'done') stack.push({ name: ref.name, expanded: false });
    }
  }
  return order;
}

/** How often each op occurs on the path to `cutNode` (to check a new cut only needs supported ops). */
export function tfGraphOps(topology: TfGraphTopology, cutNode: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const n of tfGraphPath(topology, cutNode)) counts[n.op] = (counts[n.op] ?? 0) + 1;
  return counts;
}

/** NHWC axis → NCHW axis. */
const NCHW_AXIS = [0, 2, 3, 1];

function broadcast(a: readonly number[], b: readonly number[]): number[] {
  const rank = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let i = 0; i < rank; i++) {
    const x = a[a.length - rank + i] ?? 1;
    const y = b[b.length - rank + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1)
      throw new Error(`ONNX export: shapes [${a.join(',')}] and [${b.join(',')}] do not broadcast`);
    out.push(Math.max(x, y));
  }
  return out;
}

function toFloat32(data: NamedWeight['data']): Float32Array {
  return data instanceof Float32Array ? data : Float32Array.from(data as ArrayLike<number>);
}

export interface TfGraphToOnnx {
  /** The ONNX value of the cut node (NCHW when 4-D). */
  output: string;
  /** Its dims (NCHW when 4-D). */
  dims: number[];
}

export interface AddTfGraphOptions {
  topology: TfGraphTopology;
  weights: NamedWeights;
  cutNode: string;
  /** The ONNX value fed where the graph's Placeholder is: NCHW [1, 3, H, W]. */
  input: string;
  inputDims: readonly number[];
  /** Store float16-exact weights as float16 (default true). */
  half?: boolean;
}

/** Adds the graph's nodes up to `cutNode` to `g`. */
export function addTfGraph(g: OnnxGraphBuilder, options: AddTfGraphOptions): TfGraphToOnnx {
  const { topology, weights, cutNode, half = true } = options;
  const path = tfGraphPath(topology, cutNode);
  const unsupported = [...new Set(path.map((n) => n.op))].filter(
    (op) => !(SUPPORTED_TF_OPS as readonly string[]).includes(op),
  );
  if (unsupported.length) {
    const where = path.find((n) => unsupported.includes(n.op))!;
    throw new Error(
      `ONNX export: unsupported TF op ${unsupported.join(', ')} (first at "${where.name}") on the way to "${cutNode}"`,
    );
  }
  const placeholders = path.filter((n) => n.op === 'Placeholder');
  if (placeholders.length !== 1)
    throw new Error(`ONNX export: expected one Placeholder, found ${placeholders.length}`);

  const values = new Map<string, Value>();
  const placed = new Map<string, string>();
  let clipBounds: [string, string] | undefined;

  const weightOf = (name: string): NamedWeight => {
    const w = weights[name];
    if (!w) throw new Error(`ONNX export: no weights for constant "${name}"`);
    return w;
  };
  const valueOf = (node: TfGraphNode, k: number): Value => {
    const input = node.input?.filter((i) => !i.startsWith('^'))[k];
    if (input === undefined) throw new Error(`ONNX export: ${node.op} "${node.name}" lacks input ${k}`);
    const ref = nodeName(input);
    if (ref.index !== 0)
      throw new Error(`ONNX export: "${node.name}" uses output ${ref.index} of "${ref.name}"`);
    const v = values.get(ref.name);
    if (!v) throw new Error(`ONNX export: "${ref.name}" was not converted before "${node.name}"`);
    return v;
  };
  const activation = (node: TfGraphNode, k: number): { name: string; dims: number[] } => {
    const v = valueOf(node, k);
    if (v.kind !== 'act')
      throw new Error(`ONNX export: ${node.op} "${node.name}" needs a computed input ${k}, got a constant`);
    return v;
  };
  const constant = (node: TfGraphNode, k: number): { tfName: string; weight: NamedWeight } => {
    const v = valueOf(node, k);
    if (v.kind !== 'const')
      throw new Error(`ONNX export: ${node.op} "${node.name}" needs a constant input ${k}`);
    return v;
  };
  /** A constant once, in the form `key` names (cached: shared constants stay shared). */
  const place = (key: string, make: () => string): string => {
    let name = placed.get(key);
    if (!name) {
      name = make();
      placed.set(key, name);
    }
    return name;
  };
  /** A constant laid out to broadcast against a value of rank `rank` (4 = NCHW). */
  const broadcastConst = (
    c: { tfName: string; weight: NamedWeight },
    rank: number,
  ): { name: string; dims: number[] } => {
    const shape = [...c.weight.shape];
    if (rank !== 4 || shape.length === 0) {
      return {
        name: place(`${c.tfName}|plain`, () => g.floats(c.tfName, shape, toFloat32(c.weight.data), half)),
        dims: shape,
      };
    }
    if (shape.length > 4) throw new Error(`ONNX export: constant "${c.tfName}" has rank ${shape.length}`);
    const nhwc = [...Array<number>(4 - shape.length).fill(1), ...shape];
    const [n, h, w, ch] = nhwc as [number, number, number, number];
    const dims = [n, ch, h, w];
    const name = place(`${c.tfName}|nchw`, () => {
      const src = toFloat32(c.weight.data);
      const out = new Float32Array(src.length);
      for (let a = 0; a < n; a++)
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++)
            for (let z = 0; z < ch; z++)
              out[((a * ch + z) * h + y) * w + x] = src[((a * h + y) * w + x) * ch + z]!;
      return g.floats(c.tfName, dims, out, half);
    });
    return { name, dims };
  };
  const clip6 = (x: string, base: string): string => {
    clipBounds ??= [g.scalar('relu6/min', 0), g.scalar('relu6/max', 6)];
    return g.node('Clip', [x, ...clipBounds], { name: base });
  };

  const convert = (node: TfGraphNode): Value => {
    switch (node.op) {
      case 'Placeholder':
        return { kind: 'act', name: options.input, dims: [...options.inputDims] };
      case 'Const':
        return { kind: 'const', tfName: node.name, weight: weightOf(node.name) };
      case 'Identity':
        return valueOf(node, 0);
      case 'Relu': {
        const x = activation(node, 0);
        return { kind: 'act', name: g.node('Relu', [x.name], { name: node.name }), dims: x.dims };
      }
      case 'Sigmoid': {
        const x = activation(node, 0);
        return { kind: 'act', name: g.node('Sigmoid', [x.name], { name: node.name }), dims: x.dims };
      }
      case 'Relu6': {
        const x = activation(node, 0);
        return { kind: 'act', name: clip6(x.name, node.name), dims: x.dims };
      }
      case 'Add':
      case 'AddV2':
      case 'Sub':
      case 'Mul':
        return binary(node);
      case 'Mean':
        return mean(node);
      case '_FusedConv2D':
      case 'Conv2D':
        return conv(node, false);
      case 'FusedDepthwiseConv2dNative':
      case 'DepthwiseConv2dNative':
        return conv(node, true);
      default:
        throw new Error(`ONNX export: unsupported TF op ${node.op} at "${node.name}"`);
    }
  };

  const binary = (node: TfGraphNode): Value => {
    const onnxOp = { Add: 'Add', AddV2: 'Add', Sub: 'Sub', Mul: 'Mul' }[node.op]!;
    const a = valueOf(node, 0);
    const b = valueOf(node, 1);
    if (a.kind === 'const' && b.kind === 'const') {
      throw new Error(`ONNX export: ${node.op} "${node.name}" of two constants is not supported`);
    }
    const rank = (a.kind === 'act' ? a : (b as { dims: number[] })).dims.length;
    const side = (v: Value) => (v.kind === 'act' ? v : broadcastConst(v, rank));
    const x = side(a);
    const y = side(b);
    if (a.kind === 'act' && b.kind === 'act' && a.dims.length !== b.dims.length) {
      throw new Error(
        `ONNX export: ${node.op} "${node.name}" mixes ranks ${a.dims.length} and ${b.dims.length}`,
      );
    }
    const dims = broadcast(x.dims, y.dims);
    return { kind: 'act', name: g.node(onnxOp, [x.name, y.name], { name: node.name }), dims };
  };

  const mean = (node: TfGraphNode): Value => {
    const x = activation(node, 0);
    const axesTf = Array.from(constant(node, 1).weight.data, Number).map((a) =>
      a < 0 ? a + x.dims.length : a,
    );
    const keep = node.attr?.keep_dims?.b ?? node.attr?.keepDims?.b ?? false;
    if (x.dims.length !== 4) {
      const dims = keep
        ? x.dims.map((d, i) => (axesTf.includes(i) ? 1 : d))
        : x.dims.filter((_, i) => !axesTf.includes(i));
      return {
        kind: 'act',
        name: g.node('ReduceMean', [x.name], {
          name: node.name,
          attrs: { axes: axesTf, keepdims: keep ? 1 : 0 },
        }),
        dims,
      };
    }
    const axes = axesTf.map((a) => NCHW_AXIS[a]!).sort();
    if (!keep && axes.join() !== '2,3') {
      throw new Error(
        `ONNX export: Mean "${node.name}" over NHWC axes [${axesTf.join(',')}] without keep_dims is not supported`,
      );
    }
    const dims = keep ? x.dims.map((d, i) => (axes.includes(i) ? 1 : d)) : [x.dims[0]!, x.dims[1]!];
    return {
      kind: 'act',
      name: g.node('ReduceMean', [x.name], { name: node.name, attrs: { axes, keepdims: keep ? 1 : 0 } }),
      dims,
    };
  };

  const conv = (node: TfGraphNode, depthwise: boolean): Value => {
    const x = activation(node, 0);
    if (x.dims.length !== 4) throw new Error(`ONNX export: ${node.op} "${node.name}" needs a 4-D input`);
    const format = textAttr(node, 'data_format') ?? 'NHWC';
    if (format !== 'NHWC')
      throw new Error(`ONNX export: ${node.op} "${node.name}" has data_format ${format}`);
    const filter = constant(node, 1);
    if (filter.weight.shape.length !== 4) throw new Error(`ONNX export: filter of "${node.name}" is not 4-D`);
    const [kh, kw, cin, cm] = filter.weight.shape as [number, number, number, number];
    const [, inC, inH, inW] = x.dims as [number, number, number, number];
    const groups = depthwise ? cin : 1;
    if (cin !== inC) {
      throw new Error(`ONNX export: "${node.name}" filter expects ${cin} channels, input has ${inC}`);
    }
    const outC = depthwise ? cin * cm : cm;
    const strides = intList(node, 'strides', [1, 1, 1, 1]);
    const dilations = intList(node, 'dilations', [1, 1, 1, 1]);
    const [sh, sw] = [strides[1]!, strides[2]!];
    const [dh, dw] = [dilations[1]!, dilations[2]!];
    const padding = textAttr(node, 'padding') ?? 'VALID';
    const pad = (
      size: number,
      k: number,
      s: number,
      d: number,
      explicit: [number, number],
    ): { begin: number; end: number; out: number } => {
      const eff = (k - 1) * d + 1;
      if (padding === 'SAME') {
        const out = Math.ceil(size / s);
        const total = Math.max((out - 1) * s + eff - size, 0);
        return { begin: Math.floor(total / 2), end: total - Math.floor(total / 2), out };
      }
      if (padding === 'VALID') return { begin: 0, end: 0, out: Math.floor((size - eff) / s) + 1 };
      if (padding === 'EXPLICIT') {
        return {
          begin: explicit[0],
          end: explicit[1],
          out: Math.floor((size + explicit[0] + explicit[1] - eff) / s) + 1,
        };
      }
      throw new Error(`ONNX export: ${node.op} "${node.name}" has padding ${padding}`);
    };
    const ex = intList(node, 'explicit_paddings', [0, 0, 0, 0, 0, 0, 0, 0]);
    const py = pad(inH, kh, sh, dh, [ex[2] ?? 0, ex[3] ?? 0]);
    const px = pad(inW, kw, sw, dw, [ex[4] ?? 0, ex[5] ?? 0]);

    const weight = place(`${filter.tfName}|${depthwise ? 'dw' : 'oihw'}`, () => {
      const src = toFloat32(filter.weight.data);
      const out = new Float32Array(src.length);
      // HWIO (or H,W,C,M for depthwise) → O,I,H,W where O = C·M + m for depthwise and I = 1.
      for (let y = 0; y < kh; y++)
        for (let xx = 0; xx < kw; xx++)
          for (let i = 0; i < cin; i++)
            for (let o = 0; o < cm; o++) {
              const from = ((y * kw + xx) * cin + i) * cm + o;
              const to = depthwise ? ((i * cm + o) * kh + y) * kw + xx : ((o * cin + i) * kh + y) * kw + xx;
              out[to] = src[from]!;
            }
      return g.floats(filter.tfName, depthwise ? [outC, 1, kh, kw] : [outC, cin, kh, kw], out, half);
    });

    const fused =
      node.op.startsWith('Fused') || node.op.startsWith('_Fused')
        ? (node.attr?.fused_ops?.list?.s ?? []).map(decodeText)
        : [];
    for (const f of fused) {
      if (!SUPPORTED_FUSED.has(f))
        throw new Error(`ONNX export: ${node.op} "${node.name}" fuses unsupported ${f}`);
    }
    const inputs = [x.name, weight];
    if (fused.includes('BiasAdd')) {
      const bias = constant(node, 2);
      if (bias.weight.shape.length !== 1 || bias.weight.shape[0] !== outC) {
        throw new Error(
          `ONNX export: bias of "${node.name}" has shape [${bias.weight.shape.join(',')}], expected [${outC}]`,
        );
      }
      inputs.push(
        place(`${bias.tfName}|plain`, () => g.floats(bias.tfName, [outC], toFloat32(bias.weight.data), half)),
      );
    }
    let y = g.node('Conv', inputs, {
      name: node.name,
      attrs: {
        kernel_shape: [kh, kw],
        strides: [sh, sw],
        dilations: [dh, dw],
        pads: [py.begin, px.begin, py.end, px.end],
        group: groups,
      },
    });
    if (fused.includes('Relu')) y = g.node('Relu', [y], { name: `${node.name}/relu` });
    if (fused.includes('Relu6')) y = clip6(y, `${node.name}/relu6`);
    if (fused.includes('Sigmoid')) y = g.node('Sigmoid', [y], { name: `${node.name}/sigmoid` });
    return { kind: 'act', name: y, dims: [x.dims[0]!, outC, py.out, px.out] };
  };

  for (const node of path) values.set(node.name, convert(node));
  const out = values.get(cutNode)!;
  if (out.kind !== 'act') throw new Error(`ONNX export: the cut node "${cutNode}" is a constant`);
  return { output: out.name, dims: out.dims };
}
