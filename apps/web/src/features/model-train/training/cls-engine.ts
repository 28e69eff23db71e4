/**
 * Classification inside the worker: embeddings (backbone cut at CLS_FEATURE_NODE → mean over H,W → L2) and
 * the head (trainer's `buildHead`: Dense(relu) → Dense(K, softmax)) trained batch by batch so pause and stop
 * are obeyed between batches.
 *
 * TODO(web-train): switch to ml-train's features/classify once packages/ml/src/model-train has them.
 */
import type * as TF from '@tensorflow/tfjs';
import { CLS_FEATURE_NODE, CLS_FEATURE_SIZE } from '@ai-edu/ml/model-train/backbone.ts';
import { buildHead } from '@ai-edu/ml/trainer/classifier.ts';
import { seededRandom } from '@ai-edu/ml/random.ts';
import type { Tf } from './worker-runtime.ts';

export const HIDDEN_UNITS = 64;

/** One 480-number embedding per input (each size×size×3, float 0–255). */
export function embed(tf: Tf, backbone: TF.GraphModel, inputs: Float32Array[], size: number): Float32Array[] {
  if (inputs.length === 0) return [];
  return tf.tidy(() => {
    const flat = new Float32Array(inputs.length * size * size * 3);
    inputs.forEach((input, i) => flat.set(input, i * size * size * 3));
    const x = tf.tensor4d(flat, [inputs.length, size, size, 3]);
    const map = backbone.execute(x, CLS_FEATURE_NODE) as TF.Tensor4D;
    const pooled = map.mean([1, 2]);
    const norm = pooled.square().sum(1, true).maximum(1e-12).sqrt();
    const data = pooled.div(norm).dataSync() as Float32Array;
    return inputs.map((_, i) => data.slice(i * CLS_FEATURE_SIZE, (i + 1) * CLS_FEATURE_SIZE));
  });
}

export interface Sample {
  features: Float32Array;
  label: number;
}

export interface Control {
  shouldStop(): boolean;
  waitWhilePaused(): Promise<void>;
}

export interface ClsEpoch {
  epoch: number;
  loss: number;
  accuracy: number;
  valLoss: number | null;
  valAccuracy: number | null;
}

function tensors(tf: Tf, samples: readonly Sample[], classes: number) {
  const flat = new Float32Array(samples.length * CLS_FEATURE_SIZE);
  samples.forEach((s, i) => flat.set(s.features, i * CLS_FEATURE_SIZE));
  return {
    x: tf.tensor2d(flat, [samples.length, CLS_FEATURE_SIZE]),
    y: tf.tidy(() =>
      tf
        .oneHot(
          tf.tensor1d(
            samples.map((s) => s.label),
            'int32',
          ),
          classes,
        )
        .toFloat(),
    ),
  };
}

function lossAndAccuracy(tf: Tf, model: TF.LayersModel, samples: readonly Sample[], classes: number) {
  if (samples.length === 0) return { loss: null, accuracy: null };
  const { x, y } = tensors(tf, samples, classes);
  try {
    return tf.tidy(() => {
      const p = (model.predict(x) as TF.Tensor2D).clipByValue(1e-7, 1 - 1e-7);
      const loss = y.mul(p.log()).sum(1).mean().neg().dataSync()[0]!;
      const right = p.argMax(1).equal(y.argMax(1)).toFloat().mean().dataSync()[0]!;
      return { loss, accuracy: right };
    });
  } finally {
    tf.dispose([x, y]);
  }
}

/** Trains a fresh head; returns it (the caller owns it) and whether it was stopped. */
export async function trainClsHead(
  tf: Tf,
  train: readonly Sample[],
  val: readonly Sample[],
  classes: number,
  settings: { epochs: number; learningRate: number; batchSize: number; seed: number },
  control: Control,
  onEpoch: (report: ClsEpoch) => void,
): Promise<{ head: TF.LayersModel; epochs: number; stopped: boolean }> {
  if (train.length === 0) throw new Error('no training images');
  const head = buildHead(tf, CLS_FEATURE_SIZE, classes, {
    epochs: settings.epochs,
    learningRate: settings.learningRate,
    batchSize: settings.batchSize,
    hiddenUnits: HIDDEN_UNITS,
    holdOut: 0,
    patience: 0,
    seed: settings.seed,
  });
  const rng = seededRandom(settings.seed + 1);
  const batch = Math.max(1, Math.min(settings.batchSize, train.length));
  let epochs = 0;
  let stopped = false;
  try {
    outer: for (let epoch = 1; epoch <= settings.epochs; epoch++) {
      const order = train.map((_, i) => i);
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (let start = 0; start < order.length; start += batch) {
        await control.waitWhilePaused();
        if (control.shouldStop()) {
          stopped = true;
          break outer;
        }
        const { x, y } = tensors(
          tf,
          order.slice(start, start + batch).map((i) => train[i]!),
          classes,
        );
        try {
          await head.trainOnBatch(x, y);
        } finally {
          tf.dispose([x, y]);
        }
      }
      epochs = epoch;
      const t = lossAndAccuracy(tf, head, train, classes);
      const v = lossAndAccuracy(tf, head, val, classes);
      onEpoch({
        epoch,
        loss: t.loss ?? NaN,
        accuracy: t.accuracy ?? NaN,
        valLoss: v.loss,
        valAccuracy: v.accuracy,
      });
    }
  } finally {
    // The optimizer's moment tensors are not the head's: free them so memory stays flat across trainings.
    head.optimizer?.dispose();
  }
  return { head, epochs, stopped };
}

/** Class probabilities for each embedding. */
export function predictCls(tf: Tf, head: TF.LayersModel, features: readonly Float32Array[]): number[][] {
  if (features.length === 0) return [];
  return tf.tidy(() => {
    const flat = new Float32Array(features.length * CLS_FEATURE_SIZE);
    features.forEach((f, i) => flat.set(f, i * CLS_FEATURE_SIZE));
    const p = head.predict(tf.tensor2d(flat, [features.length, CLS_FEATURE_SIZE])) as TF.Tensor2D;
    const data = p.dataSync();
    const k = p.shape[1];
    return features.map((_, i) => Array.from(data.slice(i * k, (i + 1) * k)));
  });
}
