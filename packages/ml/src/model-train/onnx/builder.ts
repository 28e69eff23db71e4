/**
 * A small ONNX graph builder on top of `onnx-proto` (protobufjs static classes): nodes, initializers (float32,
 * float16 or int64 as little-endian raw_data), typed inputs/outputs and metadata, encoded as ModelProto bytes.
 * Pure TS: runs in a web worker and in Node.
 *
 * Opset 13 (ONNX 1.8) with IR version 8: every op used here has had the same signature from opset 13 up to
 * what onnxruntime-web 1.30 runs (ReduceMean/ReduceSumSquare still take `axes` as an attribute in 13).
 */
// onnx-proto is CommonJS: Node's own ESM loader (tsx, bench) sees only its default export; bundlers agree.
import onnxProto, { type onnx as OnnxTypes } from 'onnx-proto';
import { exactFloat16 } from './float16.ts';

const { onnx } = onnxProto;

export const ONNX_OPSET = 13;
export const ONNX_IR_VERSION = 8;
export const ONNX_PRODUCER = 'ai-edu model-train';

export type AttrValue =
  number | string | number[] | { floats: number[] } | { int: number } | { float: number };

export interface NodeOptions {
  /** Output names; one fresh name when left out. */
  outputs?: string[];
  attrs?: Record<string, AttrValue>;
  /** A readable base for the node's name and fresh output. */
  name?: string;
}

const textEncoder = new TextEncoder();

/** Integers become INT/INTS, other numbers FLOAT, strings STRING; `{floats}`, `{int}`, `{float}` force a type. */
function attribute(name: string, value: AttrValue): OnnxTypes.IAttributeProto {
  const T = onnx.AttributeProto.AttributeType;
  if (typeof value === 'string') return { name, type: T.STRING, s: textEncoder.encode(value) };
  if (Array.isArray(value)) return { name, type: T.INTS, ints: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { name, type: T.INT, i: value } : { name, type: T.FLOAT, f: value };
  }
  if ('floats' in value) return { name, type: T.FLOATS, floats: value.floats };
  if ('int' in value) return { name, type: T.INT, i: value.int };
  return { name, type: T.FLOAT, f: value.float };
}

function littleEndianBytes(view: ArrayBufferView): Uint8Array {
  // Every JS engine we run on is little-endian (checked once below), so typed-array bytes are already LE.
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength).slice();
}
if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
  throw new Error('ONNX export needs a little-endian platform');
}

function valueInfo(name: string, dims: readonly number[], elemType = onnx.TensorProto.DataType.FLOAT) {
  return {
    name,
    type: { tensorType: { elemType, shape: { dim: dims.map((d) => ({ dimValue: d })) } } },
  } satisfies OnnxTypes.IValueInfoProto;
}

export class OnnxGraphBuilder {
  readonly nodes: OnnxTypes.INodeProto[] = [];
  readonly initializers: OnnxTypes.ITensorProto[] = [];
  private readonly inputs: OnnxTypes.IValueInfoProto[] = [];
  private readonly outputs: OnnxTypes.IValueInfoProto[] = [];
  private readonly used = new Set<string>();

  constructor(readonly graphName = 'model') {}

  /** A name not used yet in this graph, made from `base`. */
  fresh(base: string): string {
    const clean = base.replace(/[^A-Za-z0-9_/.:-]/g, '_') || 'v';
    let name = clean;
    for (let k = 1; this.used.has(name); k++) name = `${clean}__${k}`;
    this.used.add(name);
    return name;
  }

  input(name: string, dims: readonly number[]): string {
    this.used.add(name);
    this.inputs.push(valueInfo(name, dims));
    return name;
  }

  /** Declares `value` as a float32 graph output (renaming it through Identity when the name differs). */
  output(name: string, value: string, dims: readonly number[]): string {
    if (value !== name) this.node('Identity', [value], { outputs: [name] });
    this.outputs.push(valueInfo(name, dims));
    return name;
  }

  /**
   * A float32 constant. With `half`, values that float16 holds exactly are stored as float16 and cast back
   * (the same numbers, half the file); others stay float32.
   */
  floats(base: string, dims: readonly number[], data: Float32Array, half = false): string {
    const count = dims.reduce((a, b) => a * b, 1);
    if (count !== data.length)
      throw new Error(
        `ONNX constant ${base}: shape [${dims.join(',')}] needs ${count} values, got ${data.length}`,
      );
    const DT = onnx.TensorProto.DataType;
    const bits = half && data.length > 16 ? exactFloat16(data) : undefined;
    if (!bits) {
      const name = this.fresh(base);
      this.initializers.push({ name, dims: [...dims], dataType: DT.FLOAT, rawData: littleEndianBytes(data) });
      return name;
    }
    const stored = this.fresh(`${base}/f16`);
    this.initializers.push({
      name: stored,
      dims: [...dims],
      dataType: DT.FLOAT16,
      rawData: littleEndianBytes(bits),
    });
    return this.node('Cast', [stored], { attrs: { to: DT.FLOAT }, name: base });
  }

  /** A float32 scalar constant. */
  scalar(base: string, value: number): string {
    return this.floats(base, [], new Float32Array([value]));
  }

  /** An int64 constant (shapes, axes, slice bounds). */
  ints(base: string, values: readonly number[]): string {
    const name = this.fresh(base);
    const data = new BigInt64Array(values.map((v) => BigInt(v)));
    this.initializers.push({
      name,
      dims: [values.length],
      dataType: onnx.TensorProto.DataType.INT64,
      rawData: littleEndianBytes(data),
    });
    return name;
  }

  /** Adds a node; returns its first output's name. */
  node(opType: string, inputs: readonly string[], options: NodeOptions = {}): string {
    const base = options.name ?? opType;
    const outputs = options.outputs ?? [this.fresh(base)];
    for (const o of outputs) this.used.add(o);
    this.nodes.push({
      opType,
      name: this.fresh(`${base}/node`),
      input: [...inputs],
      output: outputs,
      attribute: Object.entries(options.attrs ?? {}).map(([k, v]) => attribute(k, v)),
    });
    return outputs[0]!;
  }

  /** The ModelProto bytes. */
  encode(
    options: { metadata?: Record<string, string>; docString?: string; producerVersion?: string } = {},
  ): Uint8Array {
    const model = onnx.ModelProto.create({
      irVersion: ONNX_IR_VERSION,
      opsetImport: [{ domain: '', version: ONNX_OPSET }],
      producerName: ONNX_PRODUCER,
      producerVersion: options.producerVersion ?? '1',
      docString: options.docString ?? '',
      graph: {
        name: this.graphName,
        node: this.nodes,
        initializer: this.initializers,
        input: this.inputs,
        output: this.outputs,
      },
      metadataProps: Object.entries(options.metadata ?? {}).map(([key, value]) => ({ key, value })),
    });
    return onnx.ModelProto.encode(model).finish();
  }
}

/** Decodes ONNX bytes (for checks and tests). */
export function decodeOnnxModel(bytes: Uint8Array): OnnxTypes.ModelProto {
  return onnx.ModelProto.decode(bytes);
}

/** The model's metadata_props as a plain object. */
export function onnxMetadata(bytes: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of decodeOnnxModel(bytes).metadataProps) out[p.key ?? ''] = p.value ?? '';
  return out;
}
