/**
 * The doodle network on the page (quickDraw and writingPredict): TF.js on its CPU backend (a 28×28 drawing
 * needs no graphics card: a prediction takes a few milliseconds) and the trained model from our own origin,
 * loaded once per page with its download counted for the progress bar. One call answers both what the
 * model thinks (`probs`, per category) and its description of the drawing (`features`, for teaching it new
 * labels with `@ai-edu/ml/doodles/knn.ts`).
 */
import type * as TF from '@tensorflow/tfjs';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { EXAMPLES_FILE, EXAMPLES_PER_CATEGORY } from '@ai-edu/ml/doodles/files.ts';
import { withFeatures } from '@ai-edu/ml/doodles/model.ts';
import { DOODLE_PIXELS, DOODLE_SIZE } from '@ai-edu/ml/doodles/raster.ts';
import { countingFetch, DownloadTracker, sumKnown } from '../../lib/download-progress.ts';
import { modelBytes, modelUrl } from '../../lib/model-assets.ts';

const SOURCE = '/models/doodles/';
const base = `${import.meta.env.BASE_URL.replace(/\/$/, '')}${modelUrl(SOURCE)}`;
const MODEL_FILES = ['model.json', 'weights.bin', EXAMPLES_FILE];

/** A fresh tracker for the model's download bar (its three files' sizes, measured by the build). */
export const doodleDownloads = () =>
  new DownloadTracker(sumKnown(MODEL_FILES.map((file) => modelBytes(`${SOURCE}${file}`))));

export interface DoodleModel {
  tf: typeof TF;
  /** Answers [features, probabilities] for a batch of [n, 28, 28, 1] drawings. */
  model: TF.LayersModel;
  /** Training drawings of each category (`EXAMPLES_PER_CATEGORY` each), as network inputs in [0, 1]. */
  examples: (category: number) => Float32Array[];
  /** The model's own held-out figures (from its metadata). */
  heldOut: { top1: number; top3: number } | undefined;
}

export interface DoodleReading {
  /** One probability per category of `DOODLE_CATEGORIES`. */
  probs: Float32Array;
  /** The drawing's description (the `features` layer). */
  features: Float32Array;
}

let loading: Promise<DoodleModel> | undefined;

/** The model, loaded once per page (a failed load is retried by the next call). */
export function loadDoodleModel(tracker: DownloadTracker): Promise<DoodleModel> {
  loading ??= (async () => {
    const [tf, { installFastCpuKernels }] = await Promise.all([
      import('@tensorflow/tfjs'),
      import('@ai-edu/ml/digits/fast-cpu-kernels.ts'),
    ]);
    await tf.setBackend('cpu');
    installFastCpuKernels(tf);
    const fetchFunc = countingFetch(tracker);
    const [trained, examplesResponse] = await Promise.all([
      tf.loadLayersModel(`${base}model.json`, { fetchFunc }),
      fetchFunc(`${base}${EXAMPLES_FILE}`),
    ]);
    if (!examplesResponse.ok) throw new Error(`doodle examples: HTTP ${examplesResponse.status}`);
    const examples = new Uint8Array(await examplesResponse.arrayBuffer());
    tracker.finish();
    const model = withFeatures(tf, trained);
    const meta = trained.getUserDefinedMetadata() as
      { heldOutTop1?: number; heldOutTop3?: number } | undefined;
    return {
      tf,
      model,
      examples: (category: number) =>
        Array.from({ length: EXAMPLES_PER_CATEGORY }, (_, k) => {
          const at = (category * EXAMPLES_PER_CATEGORY + k) * DOODLE_PIXELS;
          return Float32Array.from(examples.subarray(at, at + DOODLE_PIXELS), (v) => v / 255);
        }),
      heldOut:
        meta?.heldOutTop1 !== undefined && meta.heldOutTop3 !== undefined
          ? { top1: meta.heldOutTop1, top3: meta.heldOutTop3 }
          : undefined,
    };
  })().catch((error: unknown) => {
    loading = undefined;
    tracker.finish();
    throw error;
  });
  return loading;
}

/** What the model makes of one network input (`strokesToInput` of `@ai-edu/ml/doodles/raster.ts`). */
export function readDoodle({ tf, model }: DoodleModel, input: Float32Array): DoodleReading {
  return tf.tidy(() => {
    const x = tf.tensor4d(input, [1, DOODLE_SIZE, DOODLE_SIZE, 1]);
    const [features, probs] = model.predict(x) as TF.Tensor[];
    return {
      features: features!.dataSync() as Float32Array,
      probs: probs!.dataSync() as Float32Array,
    };
  });
}

export { DOODLE_CATEGORIES };
