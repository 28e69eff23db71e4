/**
 * What an uploaded ONNX model says about itself, read from its protobuf with onnx-proto: metadata_props,
 * graph inputs and outputs (each dimension a number or a symbolic name), the default-domain opset and the
 * producer. Anything that does not decode, or decodes to something without an IR version, a graph or a node,
 * is not an ONNX model.
 */
// onnx-proto is CommonJS: Node's ESM loader sees only its default export.
import onnxProto, { type onnx as OnnxTypes } from 'onnx-proto';
import { AppError } from '../../lib/errors.ts';

const { onnx } = onnxProto;

export interface OnnxTensorInfo {
  name: string;
  shape: (number | string | null)[];
}

export interface OnnxInfo {
  metadata: Record<string, string>;
  inputs: OnnxTensorInfo[];
  outputs: OnnxTensorInfo[];
  opsetVersion: number | null;
  producer: string;
}

/** Bounds on what is kept of a model's own text (a file could carry megabytes of metadata). */
const MAX_PROPS = 50;
const MAX_VALUE_CHARS = 100_000;
const MAX_TENSORS = 100;

/** PostgreSQL's jsonb refuses NUL characters; names and values are cut to a sane length. */
const clean = (text: string | null | undefined, max = 200) => (text ?? '').replaceAll('\0', '').slice(0, max);

/** protobufjs gives 64-bit fields as Long objects (or numbers, or strings): a plain number either way. */
function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(typeof value === 'object' ? (value as { toString(): string }).toString() : value);
  return Number.isFinite(n) ? n : null;
}

function tensorInfo(value: OnnxTypes.IValueInfoProto): OnnxTensorInfo {
  const dims = value.type?.tensorType?.shape?.dim ?? [];
  return {
    name: clean(value.name),
    shape: dims
      .slice(0, 16)
      .map((d) => (d.dimParam ? clean(d.dimParam, 60) : d.dimValue != null ? toNumber(d.dimValue) : null)),
  };
}

export function readOnnxInfo(bytes: Uint8Array): OnnxInfo {
  let model: OnnxTypes.ModelProto;
  try {
    model = onnx.ModelProto.decode(bytes);
  } catch {
    throw new AppError('notOnnx', 415);
  }
  const irVersion = toNumber(model.irVersion);
  const graph = model.graph;
  if (!irVersion || irVersion < 1 || !graph || !graph.node?.length) throw new AppError('notOnnx', 415);
  // Initializers may be listed among the inputs (IR < 4): the real inputs are the others.
  const initializers = new Set((graph.initializer ?? []).map((t) => t.name));
  const metadata: Record<string, string> = {};
  for (const prop of (model.metadataProps ?? []).slice(0, MAX_PROPS)) {
    if (prop.key) metadata[clean(prop.key)] = clean(prop.value, MAX_VALUE_CHARS);
  }
  const opset = (model.opsetImport ?? []).find((o) => !o.domain || o.domain === 'ai.onnx');
  return {
    metadata,
    inputs: (graph.input ?? [])
      .filter((i) => !initializers.has(i.name ?? ''))
      .slice(0, MAX_TENSORS)
      .map(tensorInfo),
    outputs: (graph.output ?? []).slice(0, MAX_TENSORS).map(tensorInfo),
    opsetVersion: opset ? toNumber(opset.version) : null,
    producer: clean([model.producerName, model.producerVersion].filter(Boolean).join(' ')),
  };
}
