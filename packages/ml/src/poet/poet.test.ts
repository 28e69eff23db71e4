import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { charFrequencies, quatrainOf, seededShuffle } from './corpus.ts';
import { readQuatrains } from './corpus-node.ts';
import { installPoetKernels } from './fast-kernels.ts';
import { packWeights, unpackWeights } from './files.ts';
import {
  initPoetWeights,
  parameterCount,
  poetForward,
  poetLoss,
  poetWeightsFrom,
  type PoetConfig,
} from './model.ts';
import { warmupCosine } from '../clipped-adam.ts';
import { batchLoss, poemBatch, poetTrainer } from './train.ts';
import { END, START, UNKNOWN, makeVocab } from './vocab.ts';

const POEMS = [
  '白日依山尽，黄河入海流。欲穷千里目，更上一层楼。',
  '床前明月光，疑是地上霜。举头望明月，低头思故乡。',
];
const vocab = makeVocab(charFrequencies(POEMS).map(([c]) => c));
const tiny: PoetConfig = { vocabSize: vocab.size, context: 26, width: 16, layers: 2, heads: 2 };

beforeAll(async () => {
  await tf.setBackend('cpu');
  installPoetKernels(tf);
});

describe('the poet’s corpus', () => {
  it('keeps five- and seven-character quatrains and nothing else', () => {
    expect(quatrainOf(['白日依山尽，黄河入海流。', '欲穷千里目，更上一层楼。'])).toBe(POEMS[0]);
    expect(quatrainOf(['欲出未出光辣达，千山万山如火发。', '须臾走向天上来，逐却残星赶却月。'])).toHaveLength(
      32,
    );
    expect(quatrainOf(['白日依山尽，黄河入海流。'])).toBeNull(); // two lines
    expect(quatrainOf(['白日依山尽，黄河入海流。', '欲穷千里目，更上一层楼'])).toBeNull(); // no full stop
    expect(quatrainOf(['白日依山，黄河入海流。', '欲穷千里目，更上一层楼。'])).toBeNull(); // a short line
    expect(
      quatrainOf(['白日依山尽，黄河入海流。', '欲穷千里目，更上一层楼。', '白日依山尽，黄河入海流。']),
    ).toBeNull();
  });

  it('reads the Tang quatrains of chinese-poetry in simplified characters', () => {
    const tang = readQuatrains('tang');
    expect(tang.length).toBeGreaterThan(14_000);
    expect(tang).toContain('白日依山尽，黄河入海流。欲穷千里目，更上一层楼。');
    expect(tang.every((poem) => poem.length === 24 || poem.length === 32)).toBe(true);
  });

  it('shuffles the same way for the same seed', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(seededShuffle(items, 3)).toEqual(seededShuffle(items, 3));
    expect(seededShuffle(items, 3)).not.toEqual(seededShuffle(items, 4));
    expect([...seededShuffle(items, 3)].sort((a, b) => a - b)).toEqual(items);
  });
});

describe('the poet’s alphabet and batches', () => {
  it('encodes known characters, marks unknown ones, and decodes without the special tokens', () => {
    const ids = vocab.encode('明月X');
    expect(ids[2]).toBe(UNKNOWN);
    expect(vocab.decode([START, ...ids.slice(0, 2), END])).toBe('明月');
    expect(vocab.knows('月')).toBe(true);
    expect(vocab.knows('X')).toBe(false);
  });

  it('shifts targets by one, ends each poem with END and masks the padding', () => {
    const data = poemBatch(vocab, ['明月', POEMS[0]!], 6);
    expect(Array.from(data.inputs.slice(0, 6))).toEqual([START, ...vocab.encode('明月'), END, END, END]);
    expect(Array.from(data.targets.slice(0, 6))).toEqual([...vocab.encode('明月'), END, END, END, END]);
    expect(Array.from(data.mask.slice(0, 6))).toEqual([1, 1, 1, 0, 0, 0]);
    // Too long for the window: cut to steps − 1 characters, every step counted.
    expect(Array.from(data.inputs.slice(6, 12))).toEqual([START, ...vocab.encode(POEMS[0]!.slice(0, 5))]);
    expect(Array.from(data.mask.slice(6, 12))).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

describe('the poet’s Transformer', () => {
  it('gives an earlier step the same next-character logits whatever comes after it (causal attention)', () => {
    const weights = initPoetWeights(tf, tiny, 1);
    const a = vocab.encode('白日依山尽');
    const b = [...a.slice(0, 3), ...vocab.encode('明月')];
    const logits = (ids: number[]) =>
      poetForward(tf, weights, tiny, tf.tensor2d([ids], [1, ids.length], 'int32')).logits.arraySync()[0]!;
    const [la, lb] = [logits(a), logits(b)];
    for (let step = 0; step < 3; step++) la[step]!.forEach((v, i) => expect(lb[step]![i]).toBeCloseTo(v, 5));
    expect(la[4]![0]).not.toBeCloseTo(lb[4]![0]!, 5);
    const { attention } = poetForward(tf, weights, tiny, tf.tensor2d([a], [1, 5], 'int32'), {
      withAttention: true,
    });
    const rows = attention![0]!.arraySync()[0]![0]!;
    rows.forEach((row, step) => {
      expect(row.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 5);
      row.slice(step + 1).forEach((later) => expect(later).toBeLessThan(1e-6));
    });
  });

  it('computes the loss and its gradient as TF.js’s own log-softmax would', () => {
    const weights = initPoetWeights(tf, tiny, 2);
    const data = poemBatch(vocab, POEMS, tiny.context);
    const shape: [number, number] = [2, tiny.context];
    const inputs = tf.tensor2d(data.inputs, shape, 'int32');
    const targets = tf.tensor2d(data.targets, shape, 'int32');
    const mask = tf.tensor2d(data.mask, shape);
    const reference = () => {
      const { logits } = poetForward(tf, weights, tiny, inputs);
      const rows = 2 * tiny.context;
      const picked = tf.sum(
        tf.mul(
          tf.logSoftmax(tf.reshape(logits, [rows, tiny.vocabSize])),
          tf.oneHot(tf.reshape(targets, [rows]), tiny.vocabSize),
        ),
        -1,
      );
      const m = tf.reshape(mask, [rows]);
      return tf.div<tf.Scalar>(tf.neg(tf.sum(tf.mul(picked, m))), tf.sum(m));
    };
    const ours = tf.variableGrads(() => poetLoss(tf, weights, tiny, inputs, targets, mask));
    const theirs = tf.variableGrads(reference);
    expect(ours.value.dataSync()[0]).toBeCloseTo(theirs.value.dataSync()[0]!, 4);
    // An untrained model is close to guessing among the alphabet's characters.
    expect(ours.value.dataSync()[0]).toBeCloseTo(Math.log(tiny.vocabSize), 0);
    for (const name of ['tok', 'l0.qkv.w', 'logits.b']) {
      const key = weights.get(name)!.name; // gradients come keyed by the variables' own (generated) names
      const [a, b] = [ours.grads[key]!.dataSync(), theirs.grads[key]!.dataSync()];
      a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 5));
    }
  });

  it('learns two poems by heart in a few hundred steps, and the same seed trains the same way', () => {
    const train = () => {
      const weights = initPoetWeights(tf, tiny, 3);
      const trainer = poetTrainer(tf, weights, tiny);
      const data = poemBatch(vocab, POEMS, tiny.context);
      const first = batchLoss(tf, weights, tiny, data);
      for (let step = 0; step < 150; step++) trainer.step(data, 1e-2);
      return { first, last: batchLoss(tf, weights, tiny, data), weights };
    };
    const run = train();
    expect(run.last).toBeLessThan(run.first / 5);
    // Given the first five characters, it writes the rest of the poem it learnt.
    const ids = [START, ...vocab.encode('床前明月光')];
    for (let i = 0; i < 19; i++) {
      const { logits } = poetForward(tf, run.weights, tiny, tf.tensor2d([ids], [1, ids.length], 'int32'), {
        lastOnly: true,
      });
      ids.push(logits.argMax(-1).dataSync()[0]!);
    }
    expect(vocab.decode(ids)).toBe(POEMS[1]);
    expect(train().last).toBe(run.last);
  });

  it('stores and restores its weights, and refuses a file of the wrong size', () => {
    const weights = initPoetWeights(tf, tiny, 4);
    const values = new Map([...weights].map(([name, v]) => [name, v.dataSync() as Float32Array]));
    const bytes = packWeights(tiny, values);
    expect(bytes.byteLength).toBe(parameterCount(tiny) * 4);
    const restored = poetWeightsFrom(tf, tiny, unpackWeights(tiny, bytes.slice().buffer));
    expect(Array.from(restored.get('l1.up.w')!.dataSync())).toEqual(Array.from(values.get('l1.up.w')!));
    expect(() => unpackWeights(tiny, new ArrayBuffer(12))).toThrow(/expected/);
  });

  it('warms the learning rate up, then decays it along a cosine', () => {
    const rate = warmupCosine(1, 0.1, 10, 110);
    expect(rate(0)).toBeCloseTo(0.1);
    expect(rate(9)).toBeCloseTo(1);
    expect(rate(60)).toBeCloseTo(0.55);
    expect(rate(110)).toBeCloseTo(0.1);
  });
});
