/**
 * Image classification head: Dense(hidden, relu) → Dense(K, softmax) over the 480-number embeddings (the
 * trainer's `buildHead`, layers named `hidden` and `probs`; hidden 0 = a single softmax layer). These are the
 * only layers the ONNX export converts.
 *
 * The loop runs batch by batch (not `model.fit`) so pause and stop act within an epoch; every epoch reports
 * the mean training loss/accuracy of its batches and the loss/accuracy on the validation embeddings.
 */
import type * as TF from '@tensorflow/tfjs';
import { seededRandom } from '../random.ts';
import { buildHead, DEFAULT_TRAIN_SETTINGS, predictProbabilities } from '../trainer/classifier.ts';
import { shuffledIndices } from '../trainer/dataset.ts';
import type { Tf } from './backbone.ts';
import { NO_CONTROL, type TrainControl } from './control.ts';

export interface ClsSample {
  readonly features: ArrayLike<number>;
  /** Class index 0 … K − 1. */
  readonly label: number;
}

export interface ClsEpoch {
  /** 1-based. */
  readonly epoch: number;
  readonly loss: number;
  readonly accuracy: number;
  /** null when there is no validation sample. */
  readonly valLoss: number | null;
  readonly valAccuracy: number | null;
}

export interface ClsTrainOptions {
  readonly epochs: number;
  readonly learningRate: number;
  readonly batchSize: number;
  /** Units of the hidden ReLU layer; 0: none. */
  readonly hiddenUnits?: number;
  readonly seed?: number;
  readonly control?: TrainControl;
  /** Awaited after every epoch (the worker posts the curve point). */
  readonly onEpoch?: (report: ClsEpoch) => void | Promise<void>;
}

export interface ClsTrainResult {
  /** The head: input [null, 480] → probabilities [null, K]. Its optimizer is already disposed. */
  readonly model: TF.LayersModel;
  readonly history: ClsEpoch[];
  /** True when `control.shouldStop()` ended it before the last epoch. */
  readonly stopped: boolean;
}

export const DEFAULT_HIDDEN_UNITS = 64;

function toTensors(tf: Tf, samples: readonly ClsSample[], order: readonly number[], classes: number) {
  const size = samples[0]!.features.length;
  const xs = new Float32Array(order.length * size);
  const ys = new Float32Array(order.length * classes);
  order.forEach((index, row) => {
    const s = samples[index]!;
    if (s.features.length !== size) throw new Error(`sample ${index} has ${s.features.length} features`);
    if (!(s.label >= 0 && s.label < classes)) throw new Error(`sample ${index} has class ${s.label}`);
    xs.set(s.features, row * size);
    ys[row * classes + s.label] = 1;
  });
  return { x: tf.tensor2d(xs, [order.length, size]), y: tf.tensor2d(ys, [order.length, classes]) };
}

export async function trainClassifierHead(
  tf: Tf,
  train: readonly ClsSample[],
  val: readonly ClsSample[],
  classes: number,
  options: ClsTrainOptions,
): Promise<ClsTrainResult> {
  if (train.length === 0) throw new Error('no training images');
  if (classes < 2) throw new Error('training needs at least two classes');
  const inputSize = train[0]!.features.length;
  [...train, ...val].forEach((s, i) => {
    if (s.features.length !== inputSize) throw new Error(`sample ${i} has ${s.features.length} features`);
    if (!(s.label >= 0 && s.label < classes)) throw new Error(`sample ${i} has class ${s.label}`);
  });
  const seed = options.seed ?? 1;
  const control = options.control ?? NO_CONTROL;
  const model = buildHead(tf, inputSize, classes, {
    ...DEFAULT_TRAIN_SETTINGS,
    learningRate: options.learningRate,
    hiddenUnits: options.hiddenUnits ?? DEFAULT_HIDDEN_UNITS,
    seed,
  });
  const rng = seededRandom(seed + 1);
  const all = toTensors(
    tf,
    train,
    train.map((_, i) => i),
    classes,
  );
  const valSet = val.length
    ? toTensors(
        tf,
        val,
        val.map((_, i) => i),
        classes,
      )
    : null;
  const batchSize = Math.max(1, Math.min(options.batchSize, train.length));
  const history: ClsEpoch[] = [];
  let stopped = false;
  let finished = false;
  try {
    for (let epoch = 1; epoch <= options.epochs && !stopped; epoch++) {
      const order = shuffledIndices(train.length, rng);
      let lossSum = 0;
      let accSum = 0;
      let seen = 0;
      for (let start = 0; start < order.length; start += batchSize) {
        await control.waitWhilePaused();
        if (control.shouldStop()) {
          stopped = true;
          break;
        }
        const idx = tf.tensor1d(order.slice(start, start + batchSize), 'int32');
        const x = tf.gather(all.x, idx);
        const y = tf.gather(all.y, idx);
        try {
          const [loss, acc] = (await model.trainOnBatch(x, y)) as number[];
          const n = idx.shape[0];
          lossSum += loss! * n;
          accSum += acc! * n;
          seen += n;
        } finally {
          tf.dispose([idx, x, y]);
        }
      }
      if (seen === 0) break;
      let valLoss: number | null = null;
      let valAccuracy: number | null = null;
      if (valSet) {
        const scores = model.evaluate(valSet.x, valSet.y, { batchSize: 256 }) as TF.Scalar[];
        valLoss = (await scores[0]!.data())[0]!;
        valAccuracy = (await scores[1]!.data())[0]!;
        tf.dispose(scores);
      }
      const report: ClsEpoch = { epoch, loss: lossSum / seen, accuracy: accSum / seen, valLoss, valAccuracy };
      history.push(report);
      await options.onEpoch?.(report);
      if (control.shouldStop()) stopped = epoch < options.epochs;
    }
    finished = true;
  } finally {
    tf.dispose([all.x, all.y]);
    if (valSet) tf.dispose([valSet.x, valSet.y]);
    // The optimizer was passed in as an object, so the model does not dispose it (Adam keeps 2 tensors/weight).
    model.optimizer?.dispose();
    if (!finished) model.dispose();
  }
  return { model, history, stopped };
}

/** Class probabilities of each embedding. */
export function predictClassProbabilities(
  tf: Tf,
  head: TF.LayersModel,
  embeddings: readonly ArrayLike<number>[],
): Float32Array[] {
  return predictProbabilities(tf, head, embeddings);
}

/** The most probable class of each embedding. */
export function predictClasses(
  tf: Tf,
  head: TF.LayersModel,
  embeddings: readonly ArrayLike<number>[],
): number[] {
  return predictClassProbabilities(tf, head, embeddings).map((p) => {
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
    return best;
  });
}
