/**
 * The tiny poet: a character-level Transformer (the same design as GPT, a thousand times smaller) that reads
 * the characters so far and gives every character of its alphabet a probability of coming next. Written in
 * TF.js operations so the same code trains in Node (`npm run train:poet`), fine-tunes in the browser, and
 * writes with its attention open to view.
 *
 * Layout: token + position embeddings → `layers` × [layer norm → causal multi-head self-attention → residual,
 * layer norm → ReLU MLP (4× wide) → residual] → layer norm → logits against the token embeddings (tied).
 */
import type * as TF from '@tensorflow/tfjs';
import { countOf, sizeOf, variablesFrom } from '../float32-weights.ts';
import { gaussian, seededRandom } from '../random.ts';

type Tf = typeof TF;

export interface PoetConfig {
  vocabSize: number;
  /** Tokens the model reads at once (a seven-character quatrain and its start token fit). */
  context: number;
  width: number;
  layers: number;
  heads: number;
}

/** The shipped model's shape (vocabSize comes from the corpus). */
export const POET_NET = { context: 34, width: 128, layers: 2, heads: 4 } as const;

export type PoetWeights = Map<string, TF.Variable>;

/** Every weight's name and shape, in the order the weights file stores them. */
export function weightShapes(config: PoetConfig): [string, number[]][] {
  const { vocabSize: v, context: t, width: d, layers } = config;
  const shapes: [string, number[]][] = [
    ['tok', [v, d]],
    ['pos', [t, d]],
  ];
  for (let l = 0; l < layers; l++) {
    shapes.push(
      [`l${l}.ln1.g`, [d]],
      [`l${l}.ln1.b`, [d]],
      [`l${l}.qkv.w`, [d, 3 * d]],
      [`l${l}.qkv.b`, [3 * d]],
      [`l${l}.out.w`, [d, d]],
      [`l${l}.out.b`, [d]],
      [`l${l}.ln2.g`, [d]],
      [`l${l}.ln2.b`, [d]],
      [`l${l}.up.w`, [d, 4 * d]],
      [`l${l}.up.b`, [4 * d]],
      [`l${l}.down.w`, [4 * d, d]],
      [`l${l}.down.b`, [d]],
    );
  }
  shapes.push(['lnf.g', [d]], ['lnf.b', [d]], ['logits.b', [v]]);
  return shapes;
}

export const parameterCount = (config: PoetConfig): number => countOf(weightShapes(config));

/** Fresh weights from a seed (GPT-2's scheme: N(0, 0.02), the residual outputs scaled down by depth). */
export function initPoetWeights(tf: Tf, config: PoetConfig, seed: number): PoetWeights {
  const rng = seededRandom(seed);
  const weights: PoetWeights = new Map();
  for (const [name, shape] of weightShapes(config)) {
    const size = sizeOf(shape);
    const values = new Float32Array(size);
    if (name.endsWith('.g')) values.fill(1);
    else if (!name.endsWith('.b')) {
      const scale = /\.(out|down)\.w$/.test(name) ? 0.02 / Math.sqrt(2 * config.layers) : 0.02;
      for (let i = 0; i < size; i++) values[i] = gaussian(rng) * scale;
    }
    weights.set(name, tf.variable(tf.tensor(values, shape), true));
  }
  return weights;
}

/** Weights from stored values (a weights file, or a copy to fine-tune). */
export function poetWeightsFrom(
  tf: Tf,
  config: PoetConfig,
  values: ReadonlyMap<string, Float32Array>,
): PoetWeights {
  return variablesFrom(tf, weightShapes(config), values, 'poet');
}

export interface PoetOutput {
  /** [batch, steps, vocab], or [batch, 1, vocab] for the last step only. */
  logits: TF.Tensor3D;
  /** Per layer, [batch, heads, steps, steps]: how much each step looked at each earlier one. */
  attention?: TF.Tensor4D[];
}

const w = (weights: PoetWeights, name: string) => {
  const value = weights.get(name);
  if (!value) throw new Error(`The poet has no weight ${name}`);
  return value;
};

function layerNorm(tf: Tf, x: TF.Tensor2D, gain: TF.Tensor, bias: TF.Tensor): TF.Tensor2D {
  const { mean, variance } = tf.moments(x, -1, true);
  return tf.add(tf.mul(tf.div(tf.sub(x, mean), tf.sqrt(tf.add(variance, 1e-5))), gain), bias);
}

/**
 * The model on token ids [batch, steps] (steps ≤ context). `lastOnly` computes the logits of the last step
 * only (writing needs no more); `withAttention` also returns the attention weights.
 */
export function poetForward(
  tf: Tf,
  weights: PoetWeights,
  config: PoetConfig,
  ids: TF.Tensor2D,
  options: { lastOnly?: boolean; withAttention?: boolean } = {},
): PoetOutput {
  const [batch, steps] = ids.shape;
  if (steps > config.context)
    throw new Error(`The poet reads at most ${config.context} tokens, got ${steps}`);
  const d = config.width;
  const heads = config.heads;
  const dh = d / heads;
  const rows = batch * steps;
  const tokens = tf.gather(w(weights, 'tok'), tf.reshape(ids, [rows]));
  const positions = tf.slice(w(weights, 'pos'), [0, 0], [steps, d]);
  let x = tf.reshape<TF.Rank.R2>(tf.add(tf.reshape(tokens, [batch, steps, d]), positions), [rows, d]);
  // −∞ above the diagonal: a step sees itself and what came before, never what comes after.
  const mask = tf.mul(tf.sub(1, tf.linalg.bandPart(tf.ones([steps, steps]), -1, 0)), -1e9);
  const attention: TF.Tensor4D[] = [];
  for (let l = 0; l < config.layers; l++) {
    const p = (name: string) => w(weights, `l${l}.${name}`);
    const h = layerNorm(tf, x, p('ln1.g'), p('ln1.b'));
    const qkv = tf.add(tf.matMul(h, p('qkv.w')), p('qkv.b'));
    const split = tf.transpose(tf.reshape(qkv, [batch, steps, 3, heads, dh]), [2, 0, 3, 1, 4]);
    const [q, k, v] = tf.unstack(split) as [TF.Tensor4D, TF.Tensor4D, TF.Tensor4D];
    const scores = tf.add(tf.mul(tf.matMul(q, k, false, true), 1 / Math.sqrt(dh)), mask);
    const weightsOfSteps = tf.softmax(scores) as TF.Tensor4D;
    if (options.withAttention) attention.push(weightsOfSteps);
    const mixed = tf.reshape(tf.transpose(tf.matMul(weightsOfSteps, v), [0, 2, 1, 3]), [rows, d]);
    x = tf.add(x, tf.add(tf.matMul(mixed, p('out.w')), p('out.b')));
    const h2 = layerNorm(tf, x, p('ln2.g'), p('ln2.b'));
    const up = tf.relu(tf.add(tf.matMul(h2, p('up.w')), p('up.b')));
    x = tf.add(x, tf.add(tf.matMul(up, p('down.w')), p('down.b')));
  }
  let last = x;
  let outSteps = steps;
  if (options.lastOnly) {
    last = tf.reshape(tf.slice(tf.reshape(x, [batch, steps, d]), [0, steps - 1, 0], [batch, 1, d]), [
      batch,
      d,
    ]);
    outSteps = 1;
  }
  const normed = layerNorm(tf, last, w(weights, 'lnf.g'), w(weights, 'lnf.b'));
  const logits = tf.add(tf.matMul(normed, w(weights, 'tok'), false, true), w(weights, 'logits.b'));
  return {
    logits: tf.reshape<TF.Rank.R3>(logits, [batch, outSteps, config.vocabSize]),
    ...(options.withAttention ? { attention } : {}),
  };
}

/**
 * The mean next-token loss (cross-entropy, in nats) over the steps whose `mask` is 1: `inputs` and
 * `targets` are [batch, steps] token ids, targets = inputs shifted by one.
 */
export function poetLoss(
  tf: Tf,
  weights: PoetWeights,
  config: PoetConfig,
  inputs: TF.Tensor2D,
  targets: TF.Tensor2D,
  mask: TF.Tensor2D,
): TF.Scalar {
  const { logits } = poetForward(tf, weights, config, inputs);
  const rows = inputs.shape[0] * inputs.shape[1];
  return maskedCrossEntropy(
    tf,
    tf.reshape(logits, [rows, config.vocabSize]),
    tf.reshape(targets, [rows]),
    tf.reshape(mask, [rows]),
  );
}

/**
 * Mean −log p(target) over the rows whose mask is 1, with its gradient (softmax − one-hot) written out in
 * flat loops: TF.js's own ops would make several passes over [rows × vocab] through broadcasting kernels
 * that cost seconds per step on the CPU backend.
 */
function maskedCrossEntropy(tf: Tf, logits: TF.Tensor2D, targets: TF.Tensor1D, mask: TF.Tensor1D): TF.Scalar {
  const [rows, classes] = logits.shape;
  const ids = targets.dataSync();
  const weights = mask.dataSync();
  const counted = Math.max(
    1,
    Array.from(weights).reduce((s, v) => s + v, 0),
  );
  const loss = tf.customGrad((x, save) => {
    const values = (x as TF.Tensor2D).dataSync();
    const probs = new Float32Array(values.length);
    let total = 0;
    for (let r = 0; r < rows; r++) {
      const o = r * classes;
      let max = -Infinity;
      for (let c = 0; c < classes; c++) max = Math.max(max, values[o + c]!);
      let sum = 0;
      for (let c = 0; c < classes; c++) sum += probs[o + c] = Math.exp(values[o + c]! - max);
      for (let c = 0; c < classes; c++) probs[o + c]! /= sum;
      if (weights[r]) total -= weights[r]! * Math.log(Math.max(probs[o + ids[r]!]!, 1e-30));
    }
    const p = tf.tensor2d(probs, [rows, classes]);
    (save as (tensors: TF.Tensor[]) => void)([p]);
    return {
      value: tf.scalar(total / counted),
      gradFunc: (dy: TF.Tensor, saved: TF.Tensor[]) => {
        const grad = saved[0]!.dataSync().slice() as Float32Array;
        const scale = dy.dataSync()[0]! / counted;
        for (let r = 0; r < rows; r++) {
          const o = r * classes;
          const factor = weights[r]! * scale;
          if (factor === 0) grad.fill(0, o, o + classes);
          else {
            grad[ids[r]! + o]! -= 1;
            for (let c = 0; c < classes; c++) grad[o + c]! *= factor;
          }
        }
        return [tf.tensor2d(grad, [rows, classes])];
      },
    };
  });
  return loss(logits);
}
