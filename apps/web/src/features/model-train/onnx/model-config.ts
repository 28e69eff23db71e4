/**
 * What an uploaded ONNX model needs to be evaluated, read from what the server found in it (metadata_props,
 * input shapes) and from what the user typed where the metadata says nothing. Pure: unit-tested.
 */
import type { OnnxModel, TrainKind, TrainImage, TrainProject } from '@ai-edu/contract';
import { assignSplit } from '@ai-edu/ml/model-train/split.ts';

export interface OnnxEvalConfig {
  task: TrainKind;
  /** Side of the square input (our exports: 224 cls, 320 det). */
  inputSize: number;
  /** The model's class names, in its output order. */
  labels: string[];
  /** Our exports are NHWC; a [1, 3, S, S] input is fed channels first. */
  layout: 'nhwc' | 'nchw';
  /** det: decode parameters from the `decode` metadata. */
  threshold?: number;
  maxDetections?: number;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The class names in the metadata `labels` (a JSON array of strings), or null. */
export function metadataLabels(model: Pick<OnnxModel, 'metadata'>): string[] | null {
  const labels = parseJson(model.metadata.labels);
  return Array.isArray(labels) && labels.length > 0 && labels.every((l) => typeof l === 'string')
    ? labels
    : null;
}

/** The input side from the metadata `input_size`, else from the first input's shape; null when unknown. */
export function metadataInputSize(model: Pick<OnnxModel, 'metadata' | 'inputs'>): number | null {
  const fromMeta = Number(model.metadata.input_size);
  if (Number.isInteger(fromMeta) && fromMeta > 0) return fromMeta;
  const shape = model.inputs[0]?.shape ?? [];
  const numbers = shape.slice(1).filter((d): d is number => typeof d === 'number' && d > 3);
  return numbers[0] ?? null;
}

export function metadataTask(model: Pick<OnnxModel, 'metadata' | 'outputs'>): TrainKind | null {
  const task = model.metadata.task;
  if (task === 'cls' || task === 'det') return task;
  if (model.outputs.some((o) => o.name === 'heatmap')) return 'det';
  if (model.outputs.some((o) => o.name === 'probabilities')) return 'cls';
  return null;
}

export function inputLayout(model: Pick<OnnxModel, 'inputs'>): 'nhwc' | 'nchw' {
  const shape = model.inputs[0]?.shape ?? [];
  return shape.length === 4 && shape[1] === 3 && shape[3] !== 3 ? 'nchw' : 'nhwc';
}

export function decodeParams(model: Pick<OnnxModel, 'metadata'>): {
  threshold?: number;
  maxDetections?: number;
} {
  const decode = parseJson(model.metadata.decode) as
    { threshold?: unknown; maxDetections?: unknown } | undefined;
  return {
    threshold: typeof decode?.threshold === 'number' ? decode.threshold : undefined,
    maxDetections: typeof decode?.maxDetections === 'number' ? decode.maxDetections : undefined,
  };
}

/** Labels typed by the user: comma- or line-separated, trimmed, empty ones dropped. */
export function parseLabels(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** For each model label, the index of the project class of the same name (case-insensitive), or -1. */
export function mapLabels(modelLabels: readonly string[], classes: readonly string[]): number[] {
  const index = new Map(classes.map((name, i) => [name.toLowerCase(), i]));
  return modelLabels.map((label) => index.get(label.trim().toLowerCase()) ?? -1);
}

/**
 * The project class the model picked: the best-scoring output among labels that name a project class
 * (an output for a class the project does not have cannot be right or wrong here); -1 when none does.
 */
export function pickClass(scores: ArrayLike<number>, labelMap: readonly number[]): number {
  let best = -1;
  let bestScore = -Infinity;
  for (let i = 0; i < labelMap.length; i++) {
    const target = labelMap[i]!;
    if (target < 0) continue;
    const score = scores[i] ?? -Infinity;
    if (score > bestScore) {
      bestScore = score;
      best = target;
    }
  }
  return best;
}

/**
 * The images to evaluate on: the project's test split (images without a split get the seeded split the
 * training page uses), cls images with a class of the project, det images with their boxes.
 */
export function testImages(
  project: Pick<TrainProject, 'kind' | 'classes' | 'splitSeed'>,
  images: readonly TrainImage[],
): TrainImage[] {
  const usable =
    project.kind === 'cls'
      ? images.filter((i) => i.label !== null && project.classes.includes(i.label))
      : images;
  const splits = assignSplit(
    usable.map((i) => ({ id: i.id, label: project.kind === 'cls' ? i.label : undefined, split: i.split })),
    project.splitSeed,
  );
  return usable.filter((i) => splits.get(i.id) === 'test');
}

/** NHWC float input → NCHW (for a model that wants channels first). */
export function toChannelsFirst(nhwc: Float32Array, size: number): Float32Array {
  const out = new Float32Array(nhwc.length);
  const plane = size * size;
  for (let p = 0; p < plane; p++) {
    for (let c = 0; c < 3; c++) out[c * plane + p] = nhwc[p * 3 + c]!;
  }
  return out;
}
