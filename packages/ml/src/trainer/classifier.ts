/**
 * The trainer's classifier: a small dense head over fixed feature vectors (Teachable-Machine style). The
 * features come from a pretrained network (image embeddings) or a pose/hand detector (keypoints); only
 * this head learns, so a few dozen samples per class train in seconds on the device.
 *
 * - the optional hidden layer (ReLU) lets the head combine features before voting;
 * - the output layer gives every class one score per sample; softmax turns the scores into probabilities;
 * - training lowers the cross-entropy (how surprised the model is by the right class) with Adam, one small
 *   batch at a time, for a number of epochs (passes over the training samples);
 * - with early stopping, training ends when the held-out loss has not improved for `patience` epochs.
 *
 * TF.js is passed in (`tf`) so the web app uses its own instance (the vision backend) and Node its own.
 */
import type * as TF from '@tensorflow/tfjs';
import { seededRandom } from '../random.ts';
import { shuffledIndices, stratifiedSplit, type LabelledFeatures } from './dataset.ts';
import { argMax, evaluate, type Evaluation } from './metrics.ts';

export type Tf = typeof TF;

export interface TrainSettings {
  readonly epochs: number;
  readonly learningRate: number;
  readonly batchSize: number;
  /** Units of the hidden layer; 0 for none (a plain softmax classifier). */
  readonly hiddenUnits: number;
  /** Share of every class held out to measure the model (0 keeps all for training). */
  readonly holdOut: number;
  /** Stop when the held-out loss has not improved for this many epochs (0: never stop early). */
  readonly patience: number;
  readonly seed: number;
}

export const DEFAULT_TRAIN_SETTINGS: TrainSettings = {
  epochs: 50,
  learningRate: 0.001,
  batchSize: 16,
  hiddenUnits: 64,
  holdOut: 0.2,
  patience: 0,
  seed: 1,
};

/** Limits a settings value may take (project files are checked against them). */
export const TRAIN_LIMITS = {
  epochs: { min: 1, max: 500 },
  learningRate: { min: 0.00001, max: 1 },
  batchSize: { min: 1, max: 512 },
  hiddenUnits: { min: 0, max: 512 },
  holdOut: { min: 0, max: 0.5 },
  patience: { min: 0, max: 100 },
} as const;

export interface EpochReport {
  /** 1-based. */
  readonly epoch: number;
  readonly loss: number;
  readonly accuracy: number;
  /** Held-out loss and accuracy, when samples were held out. */
  readonly testLoss: number | null;
  readonly testAccuracy: number | null;
}

export interface TrainResult {
  readonly model: TF.LayersModel;
  readonly history: EpochReport[];
  /** On the held-out samples, or on the training samples when none could be held out. */
  readonly evaluation: Evaluation;
  readonly evaluatedOn: 'heldOut' | 'training';
  readonly trainCount: number;
  readonly stoppedEarly: boolean;
}

/** Builds the (compiled) head for vectors of `inputSize` numbers and `classes` classes. */
export function buildHead(
  tf: Tf,
  inputSize: number,
  classes: number,
  settings: TrainSettings,
): TF.Sequential {
  const seeds = seededRandom(settings.seed);
  const init = () => tf.initializers.glorotUniform({ seed: Math.floor(seeds() * 2 ** 31) });
  const model = tf.sequential({ name: 'trainer_head' });
  if (settings.hiddenUnits > 0) {
    model.add(
      tf.layers.dense({
        name: 'hidden',
        inputShape: [inputSize],
        units: settings.hiddenUnits,
        activation: 'relu',
        kernelInitializer: init(),
      }),
    );
  }
  model.add(
    tf.layers.dense({
      name: 'probs',
      ...(settings.hiddenUnits > 0 ? {} : { inputShape: [inputSize] }),
      units: classes,
      activation: 'softmax',
      kernelInitializer: init(),
    }),
  );
  model.compile({
    optimizer: tf.train.adam(settings.learningRate),
    loss: 'categoricalCrossentropy',
    metrics: ['accuracy'],
  });
  return model;
}

function toTensors(tf: Tf, samples: readonly LabelledFeatures[], inputSize: number, classes: number) {
  const xs = new Float32Array(samples.length * inputSize);
  samples.forEach((s, i) => {
    if (s.features.length !== inputSize) throw new Error(`sample ${i} has ${s.features.length} features`);
    xs.set(Array.from(s.features), i * inputSize);
  });
  return {
    x: tf.tensor2d(xs, [samples.length, inputSize]),
    y: tf.oneHot(
      tf.tensor1d(
        samples.map((s) => s.label),
        'int32',
      ),
      classes,
    ),
  };
}

export interface TrainOptions {
  /** Called after every epoch (await it to let the page draw). Return false to stop. */
  onEpoch?: (report: EpochReport) => void | boolean | Promise<void | boolean>;
}

/**
 * Trains a fresh head on the samples: holds out a share of every class, trains on the rest for the
 * settings' epochs (reshuffled each epoch with the seed) and measures the result on the held-out samples.
 */
export async function trainClassifier(
  tf: Tf,
  samples: readonly LabelledFeatures[],
  classes: number,
  settings: TrainSettings,
  options: TrainOptions = {},
): Promise<TrainResult> {
  const inputSize = samples[0]?.features.length ?? 0;
  if (inputSize === 0) throw new Error('no samples to train on');
  if (classes < 2) throw new Error('training needs at least two classes');
  const split = stratifiedSplit(samples, settings.holdOut, settings.seed);
  const train = split.train;
  const test = split.test;
  const model = buildHead(tf, inputSize, classes, settings);
  const order = seededRandom(settings.seed + 1);
  const testSet = test.length ? toTensors(tf, test, inputSize, classes) : null;
  const history: EpochReport[] = [];
  let best = Infinity;
  let sinceBest = 0;
  let stoppedEarly = false;
  try {
    for (let epoch = 1; epoch <= settings.epochs; epoch++) {
      const shuffled = shuffledIndices(train.length, order).map((i) => train[i]!);
      const set = toTensors(tf, shuffled, inputSize, classes);
      let fit: TF.History;
      try {
        fit = await model.fit(set.x, set.y, {
          epochs: 1,
          batchSize: Math.min(settings.batchSize, train.length),
          shuffle: false,
          verbose: 0,
          ...(testSet ? { validationData: [testSet.x, testSet.y] as [TF.Tensor, TF.Tensor] } : {}),
        });
      } finally {
        tf.dispose([set.x, set.y]);
      }
      const last = (key: string): number | null => {
        const values = fit.history[key];
        const v = values?.[values.length - 1];
        return typeof v === 'number' ? v : null;
      };
      const report: EpochReport = {
        epoch,
        loss: last('loss') ?? NaN,
        accuracy: last('acc') ?? last('accuracy') ?? NaN,
        testLoss: last('val_loss'),
        testAccuracy: last('val_acc') ?? last('val_accuracy'),
      };
      history.push(report);
      const goOn = await options.onEpoch?.(report);
      if (goOn === false) break;
      if (settings.patience > 0 && report.testLoss !== null) {
        if (report.testLoss < best - 1e-4) {
          best = report.testLoss;
          sinceBest = 0;
        } else if (++sinceBest >= settings.patience) {
          stoppedEarly = true;
          break;
        }
      }
    }
  } finally {
    if (testSet) tf.dispose([testSet.x, testSet.y]);
  }
  const measured = test.length ? test : train;
  const predicted = predictLabels(
    tf,
    model,
    measured.map((s) => s.features),
  );
  return {
    model,
    history,
    evaluation: evaluate(
      measured.map((s) => s.label),
      predicted,
      classes,
    ),
    evaluatedOn: test.length ? 'heldOut' : 'training',
    trainCount: train.length,
    stoppedEarly,
  };
}

/** Class probabilities for each feature vector. */
export function predictProbabilities(
  tf: Tf,
  model: TF.LayersModel,
  vectors: readonly ArrayLike<number>[],
): Float32Array[] {
  if (vectors.length === 0) return [];
  const size = vectors[0]!.length;
  return tf.tidy(() => {
    const flat = new Float32Array(vectors.length * size);
    vectors.forEach((v, i) => flat.set(Array.from(v), i * size));
    const probs = model.predict(tf.tensor2d(flat, [vectors.length, size])) as TF.Tensor2D;
    const data = probs.dataSync() as Float32Array;
    const classes = probs.shape[1];
    return vectors.map((_, i) => data.slice(i * classes, (i + 1) * classes));
  });
}

/** The most probable class for each feature vector. */
export function predictLabels(
  tf: Tf,
  model: TF.LayersModel,
  vectors: readonly ArrayLike<number>[],
): number[] {
  return predictProbabilities(tf, model, vectors).map((p) => argMax(p));
}
