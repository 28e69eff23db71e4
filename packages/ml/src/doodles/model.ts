/**
 * The doodle network (TF.js layers): a 28×28 doodle in (`raster.ts`), one probability per category out.
 * Three small convolution blocks find strokes, then corners and curves, then parts (a wheel, a handle, a
 * petal); a dense layer of 128 numbers (`features`) describes the whole drawing, and the last layer turns
 * that description into a probability per category. The lab pages also read `features` alone: two drawings
 * of the same new thing have similar descriptions, which is how a class teaches the model new categories
 * without retraining it (a nearest-neighbour vote, `knn.ts`).
 */
import type * as TF from '@tensorflow/tfjs';
import type { Tf } from '../digits/model.ts';
import { seededRandom } from '../random.ts';
import { DOODLE_SIZE } from './raster.ts';

export const DOODLE_LAYERS = {
  conv: ['conv1', 'conv2', 'conv3'],
  features: 'features',
  out: 'probs',
} as const;

export interface DoodleNetSpec {
  /** Filters of the three 3×3 convolutions (each followed by 2×2 max pooling: 28 → 14 → 7 → 3). */
  filters: [number, number, number];
  /** Size of the `features` layer. */
  features: number;
  /** Share of the features switched off at random while training, so no single one is relied on. */
  dropout: number;
  classes: number;
  seed: number;
}

export const DOODLE_NET: Omit<DoodleNetSpec, 'classes'> = {
  filters: [16, 32, 64],
  features: 128,
  dropout: 0.35,
  seed: 3,
};

/** How `npm run train:doodles` trains it (the learning rate decays from the first to the second value). */
export const DOODLE_TRAINING = {
  epochs: 60,
  batchSize: 64,
  learningRate: [0.003, 0.0001],
  seed: 14,
} as const;

export function buildDoodleNet(tf: Tf, spec: DoodleNetSpec): TF.Sequential {
  const seeds = seededRandom(spec.seed);
  const init = () => tf.initializers.heNormal({ seed: Math.floor(seeds() * 2 ** 31) });
  const model = tf.sequential({ name: 'doodles' });
  spec.filters.forEach((filters, i) => {
    model.add(
      tf.layers.conv2d({
        name: DOODLE_LAYERS.conv[i],
        ...(i === 0 ? { inputShape: [DOODLE_SIZE, DOODLE_SIZE, 1] } : {}),
        filters,
        kernelSize: 3,
        padding: 'same',
        activation: 'relu',
        kernelInitializer: init(),
      }),
    );
    model.add(tf.layers.maxPooling2d({ name: `pool${i + 1}`, poolSize: 2, strides: 2 }));
  });
  model.add(tf.layers.flatten({ name: 'flatten' }));
  model.add(
    tf.layers.dense({
      name: DOODLE_LAYERS.features,
      units: spec.features,
      activation: 'relu',
      kernelInitializer: init(),
    }),
  );
  model.add(tf.layers.dropout({ name: 'dropout', rate: spec.dropout, seed: Math.floor(seeds() * 2 ** 31) }));
  model.add(
    tf.layers.dense({
      name: DOODLE_LAYERS.out,
      units: spec.classes,
      activation: 'softmax',
      kernelInitializer: tf.initializers.glorotUniform({ seed: Math.floor(seeds() * 2 ** 31) }),
    }),
  );
  return model;
}

/** A model that answers the `features` description of a drawing instead of the probabilities. */
export function featureModel(tf: Tf, model: TF.LayersModel): TF.LayersModel {
  return tf.model({ inputs: model.inputs, outputs: model.getLayer(DOODLE_LAYERS.features).output });
}

/**
 * The network answering both its `features` description and its probabilities in one pass (what the pages
 * and the benchmarks read: the probabilities for the guesses, the features for taught labels).
 */
export function withFeatures(tf: Tf, model: TF.LayersModel): TF.LayersModel {
  return tf.model({
    inputs: model.inputs,
    outputs: [model.getLayer(DOODLE_LAYERS.features).output, model.outputs[0]!] as TF.SymbolicTensor[],
  });
}

/** The `k` most probable classes of one row of probabilities, best first. */
export function topK(probs: ArrayLike<number>, k: number): { index: number; probability: number }[] {
  return Array.from(probs, (probability, index) => ({ index, probability }))
    .sort((a, b) => b.probability - a.probability)
    .slice(0, k);
}

/** The model's probabilities (one per category) for each of `inputs` (28×28 network inputs). */
export function doodleProbabilities(
  tf: typeof TF,
  model: TF.LayersModel,
  inputs: Float32Array[],
): Float32Array[] {
  return tf.tidy(() => {
    const batch = new Float32Array(inputs.length * DOODLE_SIZE * DOODLE_SIZE);
    inputs.forEach((input, i) => batch.set(input, i * DOODLE_SIZE * DOODLE_SIZE));
    const probs = model.predict(
      tf.tensor4d(batch, [inputs.length, DOODLE_SIZE, DOODLE_SIZE, 1]),
    ) as TF.Tensor;
    const flat = probs.dataSync() as Float32Array;
    const classes = flat.length / Math.max(1, inputs.length);
    return inputs.map((_, i) => flat.slice(i * classes, (i + 1) * classes));
  });
}
