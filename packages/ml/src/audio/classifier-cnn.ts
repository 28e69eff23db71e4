/**
 * The sound CNN: a small convolutional network over the 43 × 232 spectrogram (time × frequency), trained
 * in the browser when a real GPU runs TF.js. The convolutions learn small patterns (a steady line is a
 * whistle, a rising line a chirp, a smear everywhere a noise burst) wherever they appear in the window.
 *
 * TF.js is passed in (`tf`) so the web app uses its own instance and backend, and Node its own.
 */
import type * as TF from '@tensorflow/tfjs';
import { seededRandom } from '../random.ts';
import { shuffledIndices } from '../trainer/dataset.ts';
import { FEATURE_BINS, FEATURE_FRAMES, FEATURE_SIZE } from './features.ts';

export type Tf = typeof TF;

export interface CnnExample {
  /** `soundFeatures(...).normalised`. */
  normalised: Float32Array;
  label: number;
}

export interface CnnTrainOptions {
  epochs?: number;
  batchSize?: number;
  learningRate?: number;
  seed?: number;
  /** After every epoch; return false to stop. */
  onEpoch?: (report: {
    epoch: number;
    loss: number;
    accuracy: number;
  }) => void | boolean | Promise<void | boolean>;
}

/** Builds the compiled network for `classes` classes. */
export function buildSoundCnn(tf: Tf, classes: number, seed = 1, learningRate = 0.001): TF.Sequential {
  const seeds = seededRandom(seed);
  const init = () => tf.initializers.glorotUniform({ seed: Math.floor(seeds() * 2 ** 31) });
  const model = tf.sequential({ name: 'sound_cnn' });
  // Blur to 21 × 58 first: the fine detail costs a lot to train and a classroom sound does not need it.
  model.add(
    tf.layers.averagePooling2d({
      inputShape: [FEATURE_FRAMES, FEATURE_BINS, 1],
      poolSize: [2, 4],
      strides: [2, 4],
    }),
  );
  model.add(
    tf.layers.conv2d({ filters: 8, kernelSize: [3, 3], activation: 'relu', kernelInitializer: init() }),
  );
  model.add(tf.layers.maxPooling2d({ poolSize: [2, 2], strides: [2, 2] }));
  model.add(
    tf.layers.conv2d({ filters: 16, kernelSize: [3, 3], activation: 'relu', kernelInitializer: init() }),
  );
  model.add(tf.layers.maxPooling2d({ poolSize: [2, 2], strides: [2, 2] }));
  model.add(tf.layers.flatten());
  model.add(tf.layers.dropout({ rate: 0.25, seed: Math.floor(seeds() * 2 ** 31) }));
  model.add(tf.layers.dense({ units: classes, activation: 'softmax', kernelInitializer: init() }));
  model.compile({
    optimizer: tf.train.adam(learningRate),
    loss: 'categoricalCrossentropy',
    metrics: ['accuracy'],
  });
  return model;
}

function toTensors(tf: Tf, examples: readonly CnnExample[], classes: number) {
  const xs = new Float32Array(examples.length * FEATURE_SIZE);
  examples.forEach((e, i) => xs.set(e.normalised, i * FEATURE_SIZE));
  return {
    x: tf.tensor4d(xs, [examples.length, FEATURE_FRAMES, FEATURE_BINS, 1]),
    y: tf.oneHot(
      tf.tensor1d(
        examples.map((e) => e.label),
        'int32',
      ),
      classes,
    ),
  };
}

/** Trains a fresh CNN on the examples; resolves with the model once all epochs ran (or onEpoch said stop). */
export async function trainSoundCnn(
  tf: Tf,
  examples: readonly CnnExample[],
  classes: number,
  options: CnnTrainOptions = {},
): Promise<TF.LayersModel> {
  const { epochs = 20, batchSize = 16, learningRate = 0.001, seed = 1 } = options;
  if (examples.length === 0) throw new Error('no samples to train on');
  if (classes < 2) throw new Error('training needs at least two classes');
  const model = buildSoundCnn(tf, classes, seed, learningRate);
  const order = seededRandom(seed + 1);
  for (let epoch = 1; epoch <= epochs; epoch++) {
    const shuffled = shuffledIndices(examples.length, order).map((i) => examples[i]!);
    const set = toTensors(tf, shuffled, classes);
    let fit: TF.History;
    try {
      fit = await model.fit(set.x, set.y, { epochs: 1, batchSize, shuffle: false, verbose: 0 });
    } finally {
      tf.dispose([set.x, set.y]);
    }
    const last = (key: string) => {
      const v = fit.history[key]?.at(-1);
      return typeof v === 'number' ? v : NaN;
    };
    const goOn = await options.onEpoch?.({
      epoch,
      loss: last('loss'),
      accuracy: last('acc') || last('accuracy'),
    });
    if (goOn === false) break;
  }
  return model;
}

/** Class probabilities for each window's normalised features. */
export function predictSoundCnn(tf: Tf, model: TF.LayersModel, windows: readonly Float32Array[]): number[][] {
  if (windows.length === 0) return [];
  return tf.tidy(() => {
    const flat = new Float32Array(windows.length * FEATURE_SIZE);
    windows.forEach((w, i) => flat.set(w, i * FEATURE_SIZE));
    const probs = model.predict(
      tf.tensor4d(flat, [windows.length, FEATURE_FRAMES, FEATURE_BINS, 1]),
    ) as TF.Tensor2D;
    const data = probs.dataSync();
    const classes = probs.shape[1];
    return windows.map((_, i) => Array.from(data.slice(i * classes, (i + 1) * classes)));
  });
}
