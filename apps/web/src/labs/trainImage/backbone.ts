/**
 * The image trainer's feature extractor: the MobileNet-v3 backbone inside human's CenterNet object detector
 * (`models/centernet.json`, shipped in the @vladmandic/human npm package, served from our origin).
 *
 * The graph is cut at `tower_0/extern1/hard_swish/mul_1`: the backbone's last 1×1 convolution (480
 * channels, after the final inverted-residual block), the layer a classification MobileNet pools before its
 * classifier. Its maps are averaged over space (global average pooling) and L2-normalised: one 480-number
 * vector per image. The detector head (FPN, heat maps, boxes) is never run.
 *
 * The graph declares a fixed 1×512×512×3 input; the backbone is fully convolutional, so the input shape is
 * relaxed to 1×H×W×3 when the model is loaded and a 224×224 centred square is fed (about 5× less work than
 * 512). Pixels go in as 0–255 floats, as human feeds this model (it normalises inside its first layer).
 */
import type * as TF from '@tensorflow/tfjs';
import {
  CLS_EXTRACTOR_ID,
  CLS_FEATURE_NODE,
  CLS_FEATURE_SIZE,
  CLS_INPUT_SIZE,
} from '@ai-edu/ml/model-train/backbone.ts';
import { l2Normalize, type Tf } from '@ai-edu/ml/trainer/index.ts';
import { countingFetch, DownloadTracker } from '../../lib/download-progress.ts';
import { VISION_MODELS_URL } from '../../lib/vision/human.ts';
import { humanModelBytes } from '../../lib/vision/human-files.ts';

export const BACKBONE_URL = `${VISION_MODELS_URL}centernet.json`;
/**
 * Model training's classification features, to the letter (same node, size, pooling and normalisation): a
 * model trained there runs on this extractor, which is how the block studio uses both (issue 26).
 */
export const FEATURE_NODE = CLS_FEATURE_NODE;
export const INPUT_SIZE = CLS_INPUT_SIZE;
export const FEATURE_SIZE = CLS_FEATURE_SIZE;
/** Changes whenever the features would: projects and models record it. */
export const EXTRACTOR_ID = CLS_EXTRACTOR_ID;

interface GraphJson {
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  modelTopology: { node: { op: string; attr?: { shape?: { shape?: { dim?: { size: string }[] } } } }[] };
  weightsManifest: { paths: string[]; weights: TF.io.WeightsManifestEntry[] }[];
}

/** A tracker for the backbone's files, counting to their measured size when the build knows it. */
export function backboneDownloads(): DownloadTracker {
  return new DownloadTracker(humanModelBytes(['centernet']));
}

async function fetchOk(url: string, fetcher: typeof fetch): Promise<Response> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/** Loads the backbone with a free input size (from our origin), its download counted in `downloads`. */
export async function loadBackbone(tf: Tf, downloads?: DownloadTracker): Promise<TF.GraphModel> {
  const fetcher = downloads ? countingFetch(downloads) : fetch;
  const json = (await (await fetchOk(BACKBONE_URL, fetcher)).json()) as GraphJson;
  for (const node of json.modelTopology.node) {
    const dims = node.op === 'Placeholder' ? node.attr?.shape?.shape?.dim : undefined;
    if (dims?.length === 4) {
      dims[1] = { size: '-1' };
      dims[2] = { size: '-1' };
    }
  }
  const base = BACKBONE_URL.slice(0, BACKBONE_URL.lastIndexOf('/') + 1);
  const buffers = await Promise.all(
    json.weightsManifest
      .flatMap((group) => group.paths)
      .map(async (p) => (await fetchOk(base + p, fetcher)).arrayBuffer()),
  );
  const total = buffers.reduce((n, b) => n + b.byteLength, 0);
  const weightData = new Uint8Array(total);
  let offset = 0;
  for (const b of buffers) {
    weightData.set(new Uint8Array(b), offset);
    offset += b.byteLength;
  }
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology as unknown as object,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
      weightData: weightData.buffer,
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
    }),
  );
}

type Pixels = Parameters<Tf['browser']['fromPixels']>[0];

/** The embedding of one picture: its centred square at 224×224 → pooled backbone features → unit length. */
export async function embed(
  tf: Tf,
  model: TF.GraphModel,
  source: Pixels,
  width: number,
  height: number,
): Promise<Float32Array> {
  const side = Math.min(width, height);
  const y = (height - side) / 2 / height;
  const x = (width - side) / 2 / width;
  const pooled = tf.tidy(() => {
    const pixels = tf.browser.fromPixels(source).toFloat().expandDims<TF.Tensor4D>(0);
    const square = tf.image.cropAndResize(pixels, [[y, x, 1 - y, 1 - x]], [0], [INPUT_SIZE, INPUT_SIZE]);
    const maps = model.execute(square, FEATURE_NODE) as TF.Tensor4D;
    return maps.mean([1, 2]);
  });
  try {
    return l2Normalize(await pooled.data());
  } finally {
    pooled.dispose();
  }
}
