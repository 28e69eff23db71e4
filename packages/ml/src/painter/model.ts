/**
 * The tiny painter: a denoising network that, given a noisy 28×28 doodle, its noise level and the thing it
 * should be ("cat", or nothing), guesses the clean doodle under the noise (train.ts). Painting removes that noise step by step
 * from pure noise (sample.ts). An MLP with residual blocks (sized to train in about an hour on one CPU core
 * with TF.js): the picture's 784 pixels → width → blocks [layer norm of (h + condition) → ReLU MLP →
 * residual] → layer norm → 784 values. The condition is SiLU(level code · W + the class's embedding).
 */
import type * as TF from '@tensorflow/tfjs';
import { countOf, sizeOf, variablesFrom } from '../float32-weights.ts';
import { gaussian, seededRandom } from '../random.ts';
import { levelCode } from './schedule.ts';

type Tf = typeof TF;

export interface PainterConfig {
  pixels: number;
  /** Things it can draw; class index `classes` means "no class" (for guidance). */
  classes: number;
  width: number;
  hidden: number;
  blocks: number;
  /** Size of the noise level's sinusoidal code. */
  levelCode: number;
  /** Noise levels of the schedule. */
  levels: number;
}

/** The shipped painter's shape (classes from the doodle categories). */
export const PAINTER_NET = {
  pixels: 784,
  width: 320,
  hidden: 640,
  blocks: 2,
  levelCode: 64,
  levels: 200,
} as const;

export type PainterWeights = Map<string, TF.Variable>;

export function painterShapes(config: PainterConfig): [string, number[]][] {
  const { pixels: p, width: w, hidden: h, classes, levelCode: e } = config;
  const shapes: [string, number[]][] = [
    ['in.w', [p, w]],
    ['in.b', [w]],
    ['level.w', [e, w]],
    ['level.b', [w]],
    ['class', [classes + 1, w]],
  ];
  for (let b = 0; b < config.blocks; b++) {
    shapes.push(
      [`b${b}.ln.g`, [w]],
      [`b${b}.ln.b`, [w]],
      [`b${b}.up.w`, [w, h]],
      [`b${b}.up.b`, [h]],
      [`b${b}.down.w`, [h, w]],
      [`b${b}.down.b`, [w]],
    );
  }
  shapes.push(['lnf.g', [w]], ['lnf.b', [w]], ['out.w', [w, p]], ['out.b', [p]]);
  return shapes;
}

export const painterParameters = (config: PainterConfig): number => countOf(painterShapes(config));

/** Fresh weights from a seed: N(0, 1/fan-in) for matrices, the residual outputs and the last layer small. */
export function initPainterWeights(tf: Tf, config: PainterConfig, seed: number): PainterWeights {
  const rng = seededRandom(seed);
  const weights: PainterWeights = new Map();
  for (const [name, shape] of painterShapes(config)) {
    const size = sizeOf(shape);
    const values = new Float32Array(size);
    if (name.endsWith('.g')) values.fill(1);
    else if (!name.endsWith('.b')) {
      const fanIn = name === 'class' ? 1 : shape[0]!;
      const small = /\.down\.w$|^out\.w$/.test(name) ? 0.1 : 1;
      const scale = (name === 'class' ? 0.5 : Math.sqrt(1 / fanIn)) * small;
      for (let i = 0; i < size; i++) values[i] = gaussian(rng) * scale;
    }
    weights.set(name, tf.variable(tf.tensor(values, shape), true));
  }
  return weights;
}

/** Weights from stored values (a weights file). */
export function painterWeightsFrom(
  tf: Tf,
  config: PainterConfig,
  values: ReadonlyMap<string, Float32Array>,
): PainterWeights {
  return variablesFrom(tf, painterShapes(config), values, 'painter');
}

const w = (weights: PainterWeights, name: string) => {
  const value = weights.get(name);
  if (!value) throw new Error(`The painter has no weight ${name}`);
  return value;
};

function layerNorm(tf: Tf, x: TF.Tensor2D, gain: TF.Tensor, bias: TF.Tensor): TF.Tensor2D {
  const { mean, variance } = tf.moments(x, -1, true);
  return tf.add(tf.mul(tf.div(tf.sub(x, mean), tf.sqrt(tf.add(variance, 1e-5))), gain), bias);
}

/** The level codes of a batch, as one [batch, levelCode] tensor. */
export function levelCodes(tf: Tf, config: PainterConfig, levels: readonly number[]): TF.Tensor2D {
  const codes = new Float32Array(levels.length * config.levelCode);
  levels.forEach((level, i) => codes.set(levelCode(level, config.levelCode), i * config.levelCode));
  return tf.tensor2d(codes, [levels.length, config.levelCode]);
}

/**
 * The guessed clean pictures [batch, pixels] under noisy pictures `x` [batch, pixels] (in [−1, 1] plus noise) at their
 * noise levels (`codes`, from `levelCodes`) that should show `classes` (int32 [batch]; `config.classes`: none).
 */
export function painterForward(
  tf: Tf,
  weights: PainterWeights,
  config: PainterConfig,
  x: TF.Tensor2D,
  codes: TF.Tensor2D,
  classes: TF.Tensor1D,
): TF.Tensor2D {
  const pre = tf.add(
    tf.add(tf.matMul(codes, w(weights, 'level.w')), w(weights, 'level.b')),
    tf.gather(w(weights, 'class'), classes),
  );
  const condition = tf.mul<TF.Tensor2D>(pre, tf.sigmoid(pre));
  let h = tf.add<TF.Tensor2D>(tf.matMul(x, w(weights, 'in.w')), w(weights, 'in.b'));
  for (let b = 0; b < config.blocks; b++) {
    const p = (name: string) => w(weights, `b${b}.${name}`);
    const a = layerNorm(tf, tf.add(h, condition), p('ln.g'), p('ln.b'));
    const up = tf.relu(tf.add(tf.matMul(a, p('up.w')), p('up.b')));
    h = tf.add(h, tf.add(tf.matMul(up, p('down.w')), p('down.b')));
  }
  const normed = layerNorm(tf, h, w(weights, 'lnf.g'), w(weights, 'lnf.b'));
  return tf.add(tf.matMul(normed, w(weights, 'out.w')), w(weights, 'out.b'));
}
