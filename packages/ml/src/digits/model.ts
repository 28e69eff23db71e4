/**
 * The digit networks (TF.js layers) and the training loop the script and the browser share. TF.js is passed
 * in (`tf`), so this module imports it only as a type: the web app loads TF.js inside the lab's chunk, Node
 * gets it from its own import.
 *
 * The network reads a 28×28 grey image and answers ten probabilities:
 * - convolution: small filters (5×5 weights) slide over the image; each gives a feature map that is bright
 *   where the image looks like the filter (an edge, a stroke end, a curve);
 * - ReLU keeps only positive answers; max pooling halves each map, keeping the strongest answer of each 2×2
 *   square, so the next layer sees larger patterns and tolerates small shifts;
 * - a second convolution combines the first layer's maps into parts of digits (loops, corners, bars);
 * - dense: every number of the last maps votes for each digit with its own weight;
 * - softmax turns the ten votes into probabilities that add up to 1.
 */
import type * as TF from '@tensorflow/tfjs';
import { seededRandom, type Rng } from '../random.ts';
import { DIGIT_CLASSES, DIGIT_PIXELS, type DigitSet } from './dataset.ts';
import { DIGIT_SIZE } from './preprocess.ts';
import { sampleBilinear } from '../bilinear.ts';

export type Tf = typeof TF;

/** The shape of a digit network: two convolution blocks, optionally a hidden dense layer. */
export interface DigitNetSpec {
  /** Filters of the first and second convolution (5×5 each, ReLU, 2×2 max pooling). */
  filters: [number, number];
  /**
   * 'valid': a filter only stands where it fits (28 → 24 → pool 12 → 8 → pool 4); 'same': the image is
   * padded with zeros so maps keep their size (28 → pool 14 → pool 7), at about twice the work.
   */
  padding: 'valid' | 'same';
  /** Units of a hidden dense layer before the output (0: none). */
  hidden: number;
  /** Seed of the initial weights. */
  seed: number;
  /** Output classes (default 10, the digits; the math lab's symbol network has more). */
  classes?: number;
}

/** The model served to the lab (trained by `npm run train:digits`). */
export const SERVED_NET: DigitNetSpec = { filters: [8, 16], padding: 'valid', hidden: 64, seed: 1 };

/** How `npm run train:digits` trains it (the learning rate decays from the first to the second value). */
export const SERVED_TRAINING = { epochs: 12, batchSize: 64, learningRate: [0.002, 0.0002], seed: 1 } as const;
/** The smaller network students train in the browser in a few seconds per epoch. */
export const BROWSER_NET: DigitNetSpec = { filters: [4, 8], padding: 'valid', hidden: 0, seed: 7 };

/** Layer names the lab reads feature maps from. */
export const LAYER_NAMES = { conv1: 'conv1', pool1: 'pool1', conv2: 'conv2', pool2: 'pool2', out: 'probs' };

/** Builds (uncompiled) the network of `spec`; the same spec and seed give the same initial weights. */
export function buildDigitNet(tf: Tf, spec: DigitNetSpec): TF.Sequential {
  const [f1, f2] = spec.filters;
  const seeds = seededRandom(spec.seed);
  const init = () => tf.initializers.heNormal({ seed: Math.floor(seeds() * 2 ** 31) });
  const model = tf.sequential({ name: 'digits' });
  model.add(
    tf.layers.conv2d({
      name: LAYER_NAMES.conv1,
      inputShape: [DIGIT_SIZE, DIGIT_SIZE, 1],
      filters: f1,
      kernelSize: 5,
      padding: spec.padding,
      activation: 'relu',
      kernelInitializer: init(),
    }),
  );
  model.add(tf.layers.maxPooling2d({ name: LAYER_NAMES.pool1, poolSize: 2, strides: 2 }));
  model.add(
    tf.layers.conv2d({
      name: LAYER_NAMES.conv2,
      filters: f2,
      kernelSize: 5,
      padding: spec.padding,
      activation: 'relu',
      kernelInitializer: init(),
    }),
  );
  model.add(tf.layers.maxPooling2d({ name: LAYER_NAMES.pool2, poolSize: 2, strides: 2 }));
  model.add(tf.layers.flatten({ name: 'flatten' }));
  if (spec.hidden > 0) {
    model.add(
      tf.layers.dense({ name: 'hidden', units: spec.hidden, activation: 'relu', kernelInitializer: init() }),
    );
  }
  model.add(
    tf.layers.dense({
      name: LAYER_NAMES.out,
      units: spec.classes ?? DIGIT_CLASSES,
      activation: 'softmax',
      kernelInitializer: tf.initializers.glorotUniform({ seed: Math.floor(seeds() * 2 ** 31) }),
    }),
  );
  return model;
}

/** Compiles for training: Adam, cross-entropy, accuracy. */
export function compileDigitNet(tf: Tf, model: TF.LayersModel, learningRate = 0.002): void {
  model.compile({
    optimizer: tf.train.adam(learningRate),
    loss: 'categoricalCrossentropy',
    metrics: ['accuracy'],
  });
}

/** Digits `indices` of `set` as a [n, 28, 28, 1] tensor of grey levels in [0, 1]. */
export function imagesTensor(tf: Tf, set: DigitSet, indices: readonly number[]): TF.Tensor4D {
  const data = new Float32Array(indices.length * DIGIT_PIXELS);
  indices.forEach((from, to) => {
    const offset = from * DIGIT_PIXELS;
    for (let p = 0; p < DIGIT_PIXELS; p++) data[to * DIGIT_PIXELS + p] = (set.images[offset + p] ?? 0) / 255;
  });
  return tf.tensor4d(data, [indices.length, DIGIT_SIZE, DIGIT_SIZE, 1]);
}

/** One-hot labels of digits `indices` of `set`, [n, classes]. */
export function labelsTensor(
  tf: Tf,
  set: DigitSet,
  indices: readonly number[],
  classes = DIGIT_CLASSES,
): TF.Tensor2D {
  return tf.oneHot(
    tf.tensor1d(
      indices.map((i) => set.labels[i] ?? 0),
      'int32',
    ),
    classes,
  ) as TF.Tensor2D;
}

/** The number of classes a network answers (its output layer's width). */
export function outputClasses(model: TF.LayersModel): number {
  return model.outputs[0]?.shape[1] ?? DIGIT_CLASSES;
}

/** The most probable class of each of `n` rows of probabilities. */
export function argmaxRows(
  probs: Float32Array | Int32Array | Uint8Array,
  n: number,
  classes = DIGIT_CLASSES,
): number[] {
  const out: number[] = [];
  for (let r = 0; r < n; r++) {
    let best = 0;
    for (let c = 1; c < classes; c++) {
      if ((probs[r * classes + c] ?? 0) > (probs[r * classes + best] ?? 0)) best = c;
    }
    out.push(best);
  }
  return out;
}

/** Share of `set` the model classifies right, predicting `batchSize` digits at a time. */
export async function accuracy(
  tf: Tf,
  model: TF.LayersModel,
  set: DigitSet,
  batchSize = 500,
): Promise<number> {
  let right = 0;
  for (let start = 0; start < set.count; start += batchSize) {
    const indices = Array.from({ length: Math.min(batchSize, set.count - start) }, (_, k) => start + k);
    const x = imagesTensor(tf, set, indices);
    const y = model.predict(x) as TF.Tensor;
    const probs = (await y.data()) as Float32Array;
    x.dispose();
    y.dispose();
    argmaxRows(probs, indices.length, outputClasses(model)).forEach((p, k) => {
      if (p === set.labels[indices[k]!]) right++;
    });
  }
  return set.count === 0 ? 0 : right / set.count;
}

/**
 * Moves a digit by a random small affine map (rotation ±`degrees`, scale 1±`scale`, shift ±`shift` pixels)
 * with bilinear sampling: the same digit written a little differently. Training on such variants makes the
 * network care about the shape, not about exactly where or how large it was drawn.
 */
export interface Jitter {
  degrees: number;
  scale: number;
  shift: number;
}

/** The jitter the served network trains with: small enough that every digit stays what it was. */
export const SERVED_JITTER: Jitter = { degrees: 8, scale: 0.08, shift: 1.5 };

export function jitterDigit(
  image: Uint8Array,
  rng: Rng,
  { degrees, scale, shift }: Jitter = SERVED_JITTER,
): Uint8Array {
  const angle = ((rng() * 2 - 1) * degrees * Math.PI) / 180;
  const s = 1 + (rng() * 2 - 1) * scale;
  const tx = (rng() * 2 - 1) * shift;
  const ty = (rng() * 2 - 1) * shift;
  const cos = Math.cos(angle) / s;
  const sin = Math.sin(angle) / s;
  const c = (DIGIT_SIZE - 1) / 2;
  const out = new Uint8Array(DIGIT_PIXELS);
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= DIGIT_SIZE || y >= DIGIT_SIZE ? 0 : (image[y * DIGIT_SIZE + x] ?? 0);
  for (let y = 0; y < DIGIT_SIZE; y++) {
    for (let x = 0; x < DIGIT_SIZE; x++) {
      // Inverse map: where in the source this target pixel comes from.
      const dx = x - c - tx;
      const dy = y - c - ty;
      const v = sampleBilinear(at, cos * dx + sin * dy + c, -sin * dx + cos * dy + c);
      out[y * DIGIT_SIZE + x] = Math.round(v);
    }
  }
  return out;
}

export interface EpochReport {
  epoch: number;
  loss: number;
  /** Share of the training digits classified right during the epoch (as the weights moved). */
  trainAccuracy: number;
}

export interface TrainOptions {
  epochs: number;
  batchSize: number;
  /** Seed of the batch order and the jitter. */
  seed: number;
  /**
   * Jitter every training digit (see `jitterDigit`), or vary each image with a function of its own (the doodle
   * network's thicker pens), or false.
   */
  augment: Jitter | ((image: Uint8Array, rng: Rng) => Uint8Array) | false;
  /**
   * The learning rate of each epoch (1-based), e.g. smaller steps towards the end so the weights settle;
   * unset: the rate the model was compiled with throughout.
   */
  learningRate?: (epoch: number) => number;
  /** Called after every batch; answer true to stop training after it. */
  onBatch?: (batch: number, batches: number) => boolean | void | Promise<boolean | void>;
  onEpoch?: (report: EpochReport) => boolean | void | Promise<boolean | void>;
}

/**
 * Trains a compiled model on `set` with a seeded batch order (and seeded jitter): the same seed and data give
 * the same weights on the same backend. Returns the epochs run (fewer when a callback stopped it).
 */
export async function trainDigitNet(
  tf: Tf,
  model: TF.LayersModel,
  set: DigitSet,
  options: TrainOptions,
): Promise<EpochReport[]> {
  const rng = seededRandom(options.seed);
  const reports: EpochReport[] = [];
  const batches = Math.ceil(set.count / options.batchSize);
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    if (options.learningRate) setLearningRate(model.optimizer, options.learningRate(epoch));
    const order = Array.from({ length: set.count }, (_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let lossSum = 0;
    let accSum = 0;
    let seen = 0;
    let stop = false;
    for (let b = 0; b < batches; b++) {
      const indices = order.slice(b * options.batchSize, (b + 1) * options.batchSize);
      const batchSet = options.augment ? jitterSet(set, indices, rng, options.augment) : undefined;
      const x = batchSet
        ? imagesTensor(
            tf,
            batchSet,
            indices.map((_, k) => k),
          )
        : imagesTensor(tf, set, indices);
      const y = labelsTensor(tf, set, indices, outputClasses(model));
      const [loss, acc] = (await model.trainOnBatch(x, y)) as number[];
      x.dispose();
      y.dispose();
      lossSum += (loss ?? 0) * indices.length;
      accSum += (acc ?? 0) * indices.length;
      seen += indices.length;
      if ((await options.onBatch?.(b + 1, batches)) === true) {
        stop = true;
        break;
      }
    }
    const report = { epoch, loss: lossSum / seen, trainAccuracy: accSum / seen };
    reports.push(report);
    if (stop || (await options.onEpoch?.(report)) === true) break;
  }
  return reports;
}

/**
 * Cosine decay from `from` to `to` over `epochs`: big steps while the network is far from good, small ones
 * at the end so it settles instead of jumping around the best weights.
 */
export function cosineDecay(from: number, to: number, epochs: number): (epoch: number) => number {
  return (epoch) =>
    to + ((from - to) * (1 + Math.cos((Math.PI * (epoch - 1)) / Math.max(1, epochs - 1)))) / 2;
}

function setLearningRate(optimizer: TF.Optimizer, rate: number) {
  // TF.js's optimizers read this field at every step; it is only typed as protected.
  (optimizer as unknown as { learningRate: number }).learningRate = rate;
}

function jitterSet(
  set: DigitSet,
  indices: readonly number[],
  rng: Rng,
  augment: Jitter | ((image: Uint8Array, rng: Rng) => Uint8Array),
): DigitSet {
  const vary =
    typeof augment === 'function' ? augment : (image: Uint8Array) => jitterDigit(image, rng, augment);
  const images = new Uint8Array(indices.length * DIGIT_PIXELS);
  indices.forEach((from, to) => {
    images.set(
      vary(set.images.subarray(from * DIGIT_PIXELS, (from + 1) * DIGIT_PIXELS), rng),
      to * DIGIT_PIXELS,
    );
  });
  return { count: indices.length, images, labels: new Uint8Array(indices.length) };
}
