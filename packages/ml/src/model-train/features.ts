/**
 * Backbone features, computed ONCE per image (and per augmented variant) before the head trains: the head
 * then trains for many epochs on these numbers without running the backbone again.
 *
 * - cls: the feature map at CLS_FEATURE_NODE (7×7×480 at 224), averaged over space and L2-normalised
 *   (x / sqrt(max(Σx², 1e-12))): one 480-number vector;
 * - det: the feature map at DET_FEATURE_NODE as a Float32Array H×W×C (row-major, channels last).
 *
 * Augmentation (when on) adds variants of every image: cls = its mirror image and one random zoom (a smaller
 * square at a random place, sometimes mirrored); det = its mirror image (the trainer mirrors the boxes,
 * `variant.flip`). Randomness is seeded. Inputs go through the backbone in batches (faster on WASM).
 */
import type * as TF from '@tensorflow/tfjs';
import { seededRandom, type Rng } from '../random.ts';
import { CLS_FEATURE_NODE, DET_FEATURE_NODE, type Tf } from './backbone.ts';
import { NO_CONTROL, type TrainControl } from './control.ts';
import {
  defaultInputSize,
  inputCrop,
  inputTensor,
  type Crop,
  type RgbaImage,
  type TrainTask,
} from './preprocess.ts';

export type ImageSource = RgbaImage | TF.Tensor3D;

export interface FeatureVariant {
  /** cls: 480 numbers (unit length); det: H×W×C. */
  readonly features: Float32Array;
  /** Mirrored left–right (det: mirror the boxes too: x → 1 − x − w). */
  readonly flip: boolean;
}

export interface FeatureMapShape {
  readonly H: number;
  readonly W: number;
  readonly C: number;
}

function sizeOf(source: ImageSource): { width: number; height: number } {
  return 'shape' in source ? { width: source.shape[1], height: source.shape[0] } : source;
}

/** The crops of one image: the plain one first, then the augmented variants. */
export function augmentCrops(
  task: TrainTask,
  width: number,
  height: number,
  augment: boolean,
  rng: Rng,
): Crop[] {
  const base = inputCrop(task, width, height);
  if (!augment) return [base];
  const crops: Crop[] = [base, { ...base, flip: true }];
  if (task === 'cls') {
    const side = base.x1 - base.x0 + 1;
    const zoomed = Math.max(2, Math.round(side * (0.7 + 0.2 * rng())));
    const x0 = base.x0 + Math.floor(rng() * (side - zoomed + 1));
    const y0 = base.y0 + Math.floor(rng() * (side - zoomed + 1));
    crops.push({ x0, y0, x1: x0 + zoomed - 1, y1: y0 + zoomed - 1, flip: rng() < 0.5 });
  }
  return crops;
}

export interface FeatureOptions {
  readonly augment?: boolean;
  readonly seed?: number;
  /** Backbone input side (default: 224 for cls, DET_INPUT_SIZE for det). */
  readonly size?: number;
  /** Inputs per backbone call. */
  readonly batchSize?: number;
  readonly onProgress?: (done: number, total: number) => void;
  /** Stop early (returns the images done so far) or pause between batches. */
  readonly control?: TrainControl;
  /** Another cut node than the task's (experiments only: heads record the node they were trained on). */
  readonly featureNode?: string;
}

/** Runs a batch of inputs through the backbone to the task's node; cls pooled + L2-normalised. */
function runBackbone(
  tf: Tf,
  backbone: TF.GraphModel,
  input: TF.Tensor4D,
  task: TrainTask,
  node = task === 'cls' ? CLS_FEATURE_NODE : DET_FEATURE_NODE,
): TF.Tensor {
  return tf.tidy(() => {
    const maps = backbone.execute(input, node) as TF.Tensor4D;
    if (task === 'det') return maps;
    const pooled = maps.mean<TF.Tensor2D>([1, 2]);
    const norm = pooled.square().sum(1, true).maximum(1e-12).sqrt();
    return pooled.div(norm);
  });
}

/** Features of every image (a list of variants per image, the plain one first). */
export async function computeFeatures(
  tf: Tf,
  backbone: TF.GraphModel,
  images: readonly ImageSource[],
  task: TrainTask,
  options: FeatureOptions = {},
): Promise<{ variants: FeatureVariant[][]; shape: FeatureMapShape }> {
  const size = options.size ?? defaultInputSize(task);
  const batchSize = Math.max(1, options.batchSize ?? 8);
  const control = options.control ?? NO_CONTROL;
  const rng = seededRandom(options.seed ?? 1);
  const jobs: { image: number; crop: Crop }[] = [];
  images.forEach((source, image) => {
    const { width, height } = sizeOf(source);
    for (const crop of augmentCrops(task, width, height, options.augment ?? false, rng))
      jobs.push({ image, crop });
  });
  const variants: FeatureVariant[][] = images.map(() => []);
  let shape: FeatureMapShape = { H: 1, W: 1, C: 0 };
  for (let start = 0; start < jobs.length; start += batchSize) {
    await control.waitWhilePaused();
    if (control.shouldStop()) break;
    const chunk = jobs.slice(start, start + batchSize);
    const out = tf.tidy(() => {
      const parts: TF.Tensor4D[] = [];
      for (let i = 0; i < chunk.length;) {
        let j = i;
        while (j < chunk.length && chunk[j]!.image === chunk[i]!.image) j++;
        const crops = chunk.slice(i, j).map((c) => c.crop);
        parts.push(inputTensor(tf, images[chunk[i]!.image]!, task, size, crops));
        i = j;
      }
      const input = parts.length === 1 ? parts[0]! : tf.concat(parts);
      return runBackbone(tf, backbone, input, task, options.featureNode);
    });
    const data = (await out.data()) as Float32Array;
    if (task === 'det') shape = { H: out.shape[1]!, W: out.shape[2]!, C: out.shape[3]! };
    else shape = { H: 1, W: 1, C: out.shape[1]! };
    out.dispose();
    const per = data.length / chunk.length;
    chunk.forEach((job, k) => {
      variants[job.image]!.push({ features: data.slice(k * per, (k + 1) * per), flip: job.crop.flip });
    });
    options.onProgress?.(Math.min(jobs.length, start + batchSize), jobs.length);
  }
  return { variants, shape };
}

/** The cls embedding of one picture (480 numbers, unit length). */
export async function embedImage(
  tf: Tf,
  backbone: TF.GraphModel,
  source: ImageSource,
  size = defaultInputSize('cls'),
): Promise<Float32Array> {
  const { variants } = await computeFeatures(tf, backbone, [source], 'cls', { size });
  return variants[0]![0]!.features;
}

/** The det feature map of one picture. */
export async function featureMap(
  tf: Tf,
  backbone: TF.GraphModel,
  source: ImageSource,
  size = defaultInputSize('det'),
): Promise<{ features: Float32Array } & FeatureMapShape> {
  const { variants, shape } = await computeFeatures(tf, backbone, [source], 'det', { size });
  return { features: variants[0]![0]!.features, ...shape };
}
