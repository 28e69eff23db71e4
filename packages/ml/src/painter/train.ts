/**
 * Training the painter, as `npm run train:painter` does: a batch is clean doodles (moved and turned a little
 * each time), each mixed with noise at a random level; the network learns to see the clean doodle through the
 * noise (the mean squared error of its guess). It answers the picture rather than the noise (as DDPM does):
 * an MLP's narrow middle (784 pixels → 320) can hold which doodle it is, not 784 independent noise values, and
 * the noise follows from the picture and the input anyway. Sometimes the class is hidden, so the same network
 * also paints without one: guidance compares the two (sample.ts).
 */
import type * as TF from '@tensorflow/tfjs';
import { clippedAdam } from '../clipped-adam.ts';
import { gaussian, type Rng } from '../random.ts';
import { levelCodes, painterForward, type PainterConfig, type PainterWeights } from './model.ts';

type Tf = typeof TF;

export interface NoisyBatch {
  /** [batch × pixels] noisy pictures. */
  noisy: Float32Array;
  levels: number[];
  classes: Int32Array;
  /** [batch × pixels] the noise mixed in. */
  noise: Float32Array;
  /** [batch × pixels] what the network should answer: the clean pictures. */
  target: Float32Array;
}

/**
 * Clean pictures (pixels in [−1, 1]) mixed with noise at random levels; each class is hidden (set to
 * `config.classes`) with probability `hideClass`.
 */
export function noisyBatch(
  config: PainterConfig,
  alphaBar: Float64Array,
  pictures: readonly Float32Array[],
  labels: readonly number[],
  rng: Rng,
  hideClass: number,
): NoisyBatch {
  const n = pictures.length;
  const p = config.pixels;
  const noisy = new Float32Array(n * p);
  const noise = new Float32Array(n * p);
  const target = new Float32Array(n * p);
  const levels: number[] = [];
  const classes = new Int32Array(n);
  pictures.forEach((picture, i) => {
    const level = Math.floor(rng() * config.levels);
    levels.push(level);
    classes[i] = rng() < hideClass ? config.classes : labels[i]!;
    const keep = Math.sqrt(alphaBar[level]!);
    const mix = Math.sqrt(1 - alphaBar[level]!);
    for (let j = 0; j < p; j++) {
      const e = gaussian(rng);
      noise[i * p + j] = e;
      noisy[i * p + j] = keep * picture[j]! + mix * e;
      target[i * p + j] = picture[j]!;
    }
  });
  return { noisy, levels, classes, noise, target };
}

/** Mean squared error of the predicted clean picture. */
export function painterLoss(
  tf: Tf,
  weights: PainterWeights,
  config: PainterConfig,
  batch: NoisyBatch,
): TF.Scalar {
  const n = batch.levels.length;
  const predicted = painterForward(
    tf,
    weights,
    config,
    tf.tensor2d(batch.noisy, [n, config.pixels]),
    levelCodes(tf, config, batch.levels),
    tf.tensor1d(batch.classes, 'int32'),
  );
  return tf.mean<TF.Scalar>(tf.square(tf.sub(predicted, tf.tensor2d(batch.target, [n, config.pixels]))));
}

export interface PainterTrainer {
  step(batch: NoisyBatch, learningRate: number): number;
  dispose(): void;
}

export function painterTrainer(tf: Tf, weights: PainterWeights, config: PainterConfig): PainterTrainer {
  const adam = clippedAdam(tf, [...weights.values()]);
  return {
    step: (batch, learningRate) => adam.step(() => painterLoss(tf, weights, config, batch), learningRate),
    dispose: () => adam.dispose(),
  };
}

/**
 * A slowly moving average of the weights (what diffusion models paint with: steadier than the last step's
 * weights). Early on it follows faster, so a short run is not stuck near the random start.
 */
export class WeightAverage {
  readonly values = new Map<string, Float32Array>();
  private updates = 0;

  constructor(
    weights: PainterWeights,
    private readonly decay: number,
  ) {
    for (const [name, v] of weights) this.values.set(name, Float32Array.from(v.dataSync()));
  }

  update(weights: PainterWeights): void {
    this.updates++;
    const d = Math.min(this.decay, (1 + this.updates) / (10 + this.updates));
    for (const [name, v] of weights) {
      const average = this.values.get(name)!;
      const now = v.dataSync();
      for (let i = 0; i < average.length; i++) average[i] = d * average[i]! + (1 - d) * now[i]!;
    }
  }
}

/** How `npm run train:painter` trains (sized to this 2-core machine's CPU). */
export const PAINTER_TRAINING = {
  batch: 64,
  steps: 3000,
  learningRate: 1e-3,
  hideClass: 0.15,
  averageDecay: 0.999,
  seed: 28,
} as const;
