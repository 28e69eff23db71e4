/**
 * A trained sound classifier, whichever kind: `predict` takes any clip (any length, any sample rate) and
 * answers the most likely class with every class's probability. Both kinds read the same features
 * (`soundFeatures`), so live prediction sees exactly what training saw.
 */
import type * as TF from '@tensorflow/tfjs';
import { predictSoundCnn, trainSoundCnn, type Tf } from '@ai-edu/ml/audio/classifier-cnn.ts';
import { predictFast, trainFastClassifier, type FastModel } from '@ai-edu/ml/audio/classifier-fast.ts';
import { augmentClips } from '@ai-edu/ml/audio/augment.ts';
import {
  soundFeatures,
  toFeatureWindow,
  FEATURE_SAMPLE_RATE,
  type SoundFeatures,
} from '@ai-edu/ml/audio/features.ts';
import { seededRandom } from '@ai-edu/ml/random.ts';
import { argMax } from '@ai-edu/ml/trainer/metrics.ts';

export type SoundModelKind = 'cnn' | 'fast';

export interface SoundPrediction {
  label: string;
  probabilities: number[];
}

export interface SoundModel {
  labels: string[];
  kind: SoundModelKind;
  predict(samples: Float32Array, sampleRate: number): SoundPrediction;
  /** The fast model's numbers (for export); absent for the CNN. */
  fast?: FastModel;
  /** The CNN (for export); absent for the fast model. */
  network?: TF.LayersModel;
  dispose(): void;
}

function prediction(labels: readonly string[], probabilities: number[]): SoundPrediction {
  return { label: labels[argMax(probabilities)] ?? '', probabilities };
}

export function fastSoundModel(fast: FastModel): SoundModel {
  return {
    labels: fast.labels,
    kind: 'fast',
    fast,
    predict: (samples, sampleRate) =>
      prediction(fast.labels, predictFast(fast, soundFeatures(samples, sampleRate).db)),
    dispose: () => undefined,
  };
}

export function cnnSoundModel(tf: Tf, network: TF.LayersModel, labels: string[]): SoundModel {
  return {
    labels,
    kind: 'cnn',
    network,
    predict: (samples, sampleRate) => {
      const [probabilities = []] = predictSoundCnn(tf, network, [
        soundFeatures(samples, sampleRate).normalised,
      ]);
      return prediction(labels, probabilities);
    },
    dispose: () => network.dispose(),
  };
}

/** A class to learn: its name and its 1-s clips; `background` marks the background-noise class. */
export interface TrainingClass {
  name: string;
  background?: boolean;
  clips: readonly { samples: Float32Array; sampleRate: number }[];
}

export interface TrainProgress {
  epoch: number;
  epochs: number;
  loss: number;
  accuracy: number;
}

export interface TrainSoundOptions {
  kind: SoundModelKind;
  /** Needed for the CNN. */
  tf?: Tf;
  epochs?: number;
  /** Augmented copies per clip (time-shifted, background mixed in). */
  copies?: number;
  seed?: number;
  onProgress?: (progress: TrainProgress) => void | Promise<void>;
  /** While the windows' features are computed (before the first epoch). */
  onPrepare?: (done: number, total: number) => void;
}

export const DEFAULT_EPOCHS: Record<SoundModelKind, number> = { cnn: 25, fast: 300 };

/**
 * Trains a model on the classes: every clip as recorded plus `copies` augmented versions of it (shifted a
 * little, with some of the background class mixed in), so a few samples go further.
 */
export async function trainSoundModel(
  classes: readonly TrainingClass[],
  options: TrainSoundOptions,
): Promise<SoundModel> {
  const { kind, copies = 2, seed = 1 } = options;
  const epochs = options.epochs ?? DEFAULT_EPOCHS[kind];
  const labels = classes.map((c) => c.name);
  const rng = seededRandom(seed);
  const toWindow = (clip: { samples: Float32Array; sampleRate: number }) =>
    toFeatureWindow(clip.samples, clip.sampleRate);
  const backgrounds = classes.filter((c) => c.background).flatMap((c) => c.clips.map(toWindow));
  const windows: { window: Float32Array; label: number }[] = [];
  classes.forEach((c, label) => {
    const originals = c.clips.map(toWindow);
    const extra = augmentClips(originals, c.background ? [] : backgrounds, copies, rng);
    for (const window of [...originals, ...extra]) windows.push({ window, label });
  });
  const features: (SoundFeatures & { label: number })[] = [];
  for (const [i, w] of windows.entries()) {
    features.push({ ...soundFeatures(w.window, FEATURE_SAMPLE_RATE), label: w.label });
    // A breath for the page every few windows: the progress bar moves and the tab stays responsive.
    if (i % 16 === 15) {
      options.onPrepare?.(i + 1, windows.length);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  if (kind === 'fast') {
    const progress: TrainProgress[] = [];
    const fast = trainFastClassifier(
      features.map((f) => ({ db: f.db, label: f.label })),
      labels,
      {
        epochs,
        reportEvery: Math.max(1, Math.round(epochs / 30)),
        onEpoch: (r) => progress.push({ ...r, epochs }),
      },
    );
    for (const p of progress) await options.onProgress?.(p);
    return fastSoundModel(fast);
  }
  const tf = options.tf;
  if (!tf) throw new Error('the CNN needs TensorFlow.js');
  const network = await trainSoundCnn(
    tf,
    features.map((f) => ({ normalised: f.normalised, label: f.label })),
    labels.length,
    { epochs, seed, onEpoch: (r) => options.onProgress?.({ ...r, epochs }) },
  );
  return cnnSoundModel(tf, network, labels);
}
