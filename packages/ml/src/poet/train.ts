/**
 * Training the poet, the same in Node (`npm run train:poet`) and in the browser (fine-tuning on a class's own
 * texts): poems become batches of (input, target) steps, and one step is Adam on the clipped gradients of
 * the next-character loss.
 */
import type * as TF from '@tensorflow/tfjs';
import { clippedAdam } from '../clipped-adam.ts';
import { poetLoss, type PoetConfig, type PoetWeights } from './model.ts';
import { END, START, type Vocab } from './vocab.ts';

type Tf = typeof TF;

export interface PoetBatch {
  batch: number;
  steps: number;
  /** [batch × steps] token ids: START then the poem's characters. */
  inputs: Int32Array;
  /** The same shifted by one: the poem's characters then END. */
  targets: Int32Array;
  /** 1 for the steps that count, 0 for padding after END. */
  mask: Float32Array;
}

/** Poems (each at most `steps` − 1 characters; longer ones are cut) as one batch. */
export function poemBatch(vocab: Vocab, poems: readonly string[], steps: number): PoetBatch {
  const batch = poems.length;
  const inputs = new Int32Array(batch * steps).fill(END);
  const targets = new Int32Array(batch * steps).fill(END);
  const mask = new Float32Array(batch * steps);
  poems.forEach((poem, b) => {
    const ids = vocab.encode(poem).slice(0, steps - 1);
    const row = b * steps;
    inputs[row] = START;
    ids.forEach((id, i) => {
      inputs[row + i + 1] = id;
      targets[row + i] = id;
    });
    targets[row + ids.length] = END;
    for (let i = 0; i <= ids.length; i++) mask[row + i] = 1;
  });
  return { batch, steps, inputs, targets, mask };
}

/** The mean loss (nats per character) of a batch, without training. */
export function batchLoss(tf: Tf, weights: PoetWeights, config: PoetConfig, data: PoetBatch): number {
  return tf.tidy(() => {
    const loss = poetLoss(tf, weights, config, ...batchTensors(tf, data));
    return loss.dataSync()[0]!;
  });
}

/**
 * Bits per character over many poems: each batch's mean loss weighted by the characters it counted (five- and
 * seven-character poems differ in length), the end mark included.
 */
export function bitsPerChar(
  tf: Tf,
  weights: PoetWeights,
  config: PoetConfig,
  vocab: Vocab,
  poems: readonly string[],
  batch = 100,
): number {
  let nats = 0;
  let chars = 0;
  for (let i = 0; i < poems.length; i += batch) {
    const data = poemBatch(vocab, poems.slice(i, i + batch), config.context);
    const counted = data.mask.reduce((sum, m) => sum + m, 0);
    nats += batchLoss(tf, weights, config, data) * counted;
    chars += counted;
  }
  return nats / Math.max(1, chars) / Math.LN2;
}

function batchTensors(tf: Tf, data: PoetBatch): [TF.Tensor2D, TF.Tensor2D, TF.Tensor2D] {
  const shape: [number, number] = [data.batch, data.steps];
  return [
    tf.tensor2d(data.inputs, shape, 'int32'),
    tf.tensor2d(data.targets, shape, 'int32'),
    tf.tensor2d(data.mask, shape),
  ];
}

export interface PoetTrainer {
  /** One Adam step at this learning rate; returns the batch's loss before the step. */
  step(data: PoetBatch, learningRate: number): number;
  dispose(): void;
}

/** Adam with the gradients' global norm clipped to `clipNorm` (`clippedAdam`) on the next-character loss. */
export function poetTrainer(tf: Tf, weights: PoetWeights, config: PoetConfig, clipNorm = 1): PoetTrainer {
  const adam = clippedAdam(tf, [...weights.values()], clipNorm);
  return {
    step: (data, learningRate) =>
      adam.step(() => poetLoss(tf, weights, config, ...batchTensors(tf, data)), learningRate),
    dispose: () => adam.dispose(),
  };
}

/** How `npm run train:poet` trains (sized to this 2-core machine's CPU: about 6.5 s a step). */
export const POET_TRAINING = {
  /** The most frequent characters of the quatrains; poems with any other character are left out. */
  alphabet: 3000,
  trainPoems: 24_000,
  heldOutPerEra: 500,
  batch: 32,
  steps: 600,
  learningRate: 3e-3,
  seed: 28,
} as const;
