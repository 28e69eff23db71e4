import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { FINE_TUNING, classTexts, fineTuningBatches } from './class-texts.ts';
import { charFrequencies } from './corpus.ts';
import { installPoetKernels } from './fast-kernels.ts';
import { POET_FORMAT, packWeights, type PoetManifest } from './files.ts';
import { initPoetWeights, poetForward, type PoetConfig } from './model.ts';
import { longestCommonRun, nearestPoems } from './nearest.ts';
import { PoetRuntime, parsePoetManifest } from './runtime.ts';
import { END, START, UNKNOWN, makeVocab } from './vocab.ts';
import { choicesFrom, draw, windowOf, writeAfter } from './writing.ts';

const POEMS = [
  '白日依山尽，黄河入海流。欲穷千里目，更上一层楼。',
  '床前明月光，疑是地上霜。举头望明月，低头思故乡。',
  '春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。',
];
const chars = charFrequencies(POEMS).map(([c]) => c);
const vocab = makeVocab(chars);
const tiny: PoetConfig = { vocabSize: vocab.size, context: 26, width: 16, layers: 2, heads: 2 };

beforeAll(async () => {
  await tf.setBackend('cpu');
  installPoetKernels(tf);
});

describe('the writing dials', () => {
  const logits = [5, 0, 9, 3, 2, 1]; // START, END, UNKNOWN, then three characters

  it('never writes the start mark or "unknown", and keeps the k likeliest in order', () => {
    const choices = choicesFrom(logits, { temperature: 1, topK: 3 });
    expect(choices.ids).toEqual([3, 4, 5]);
    expect(choices.probs.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 10);
    expect(choices.probs[0]! / choices.probs[1]!).toBeCloseTo(Math.E, 6);
    expect(choicesFrom(logits, { temperature: 1, topK: 10 }).ids).toEqual([3, 4, 5, END]);
  });

  it('sharpens below temperature 1 and evens out above it', () => {
    const cold = choicesFrom(logits, { temperature: 0.2, topK: 4 }).probs[0]!;
    const warm = choicesFrom(logits, { temperature: 1, topK: 4 }).probs[0]!;
    const hot = choicesFrom(logits, { temperature: 2, topK: 4 }).probs[0]!;
    expect(cold).toBeGreaterThan(warm);
    expect(warm).toBeGreaterThan(hot);
    expect(cold).toBeGreaterThan(0.99);
  });

  it('draws by probability; top-k 1 always gives the likeliest', () => {
    const choices = { ids: [7, 8, 9], probs: [0.5, 0.3, 0.2] };
    expect([0, 0.49, 0.5, 0.79, 0.8, 0.999].map((r) => draw(choices, r))).toEqual([7, 7, 8, 8, 9, 9]);
    const one = choicesFrom(logits, { temperature: 2, topK: 1 });
    expect(draw(one, 0.999)).toBe(3);
  });

  it('reads the start mark and the poem, only the latest `context` ids once it grows longer', () => {
    expect(windowOf([5, 6], 4)).toEqual([START, 5, 6]);
    expect(windowOf([5, 6, 7, 8, 9], 4)).toEqual([6, 7, 8, 9]);
  });

  it('writes until the end mark or the length, the same for the same dice', () => {
    // A model that always prefers token 3, then the end mark once it has written three characters.
    const logitsOf = (window: number[]) => (window.length >= 4 ? [0, 10, 0, 0, 0, 0] : [0, 0, 0, 10, 0, 0]);
    const steps = [
      ...writeAfter(logitsOf, [], { temperature: 1, topK: 2, context: 8, maxChars: 10, random: () => 0 }),
    ];
    expect(steps.map((s) => s.id)).toEqual([3, 3, 3, END]);
    const capped = [
      ...writeAfter(logitsOf, [4, 4], { temperature: 1, topK: 2, context: 8, maxChars: 3, random: () => 0 }),
    ];
    expect(capped.map((s) => s.id)).toEqual([3]);
    const noisy = (seed: number) =>
      [
        ...writeAfter(() => [0, 0, 0, 1, 1, 1], [], {
          temperature: 1,
          topK: 3,
          context: 8,
          maxChars: 12,
          random: seededRandom(seed),
        }),
      ].map((s) => s.id);
    expect(noisy(4)).toEqual(noisy(4));
    expect(noisy(4)).not.toEqual(noisy(5));
  });
});

describe('where a poem came from', () => {
  it('finds the longest common run of two texts', () => {
    expect(longestCommonRun('举头望明月光', '床前明月光，疑是')).toBe('明月光');
    expect(longestCommonRun('abc', 'xyz')).toBe('');
  });

  it('ranks training poems by shared character pairs, punctuation left out', () => {
    const near = nearestPoems('明月照高楼，更上一层楼。', POEMS, 2);
    expect(near.map((n) => n.poem)).toEqual([POEMS[0], POEMS[1]]);
    expect(near[0]).toMatchObject({ sharedPairs: 4, longestRun: '，更上一层楼。' });
    expect(near[1]).toMatchObject({ sharedPairs: 1, longestRun: '明月' });
    expect(nearestPoems('。，', POEMS, 2)).toEqual([]);
    expect(nearestPoems('天地玄黄', POEMS, 2)).toEqual([]);
  });
});

describe('the class’s own texts', () => {
  it('become pieces that fit the window, and say which characters the poet does not know', () => {
    const text = '明月光。\n\n白日依山尽，黄河入海流。欲穷千里目，更上一层楼。春眠不觉晓。\n  猫猫在山上。';
    const { pieces, unknownChars } = classTexts(text, vocab, 12);
    expect(pieces).toEqual([
      '明月光。',
      '白日依山尽，黄河入海流。',
      '欲穷千里目，更上一层楼。',
      '春眠不觉晓。',
      '猫猫在山上。',
    ]);
    expect(unknownChars).toEqual(['猫', '在']);
    // One sentence longer than the window is cut into window-sized parts.
    expect(classTexts('白日依山尽黄河入海流欲穷千里目', vocab, 6).pieces).toEqual([
      '白日依山尽黄',
      '河入海流欲穷',
      '千里目',
    ]);
  });

  it('train in shuffled rounds through every piece, the same for the same seed', () => {
    const pieces = ['a', 'b', 'c', 'd', 'e'];
    const batches = fineTuningBatches(pieces, 4, 3, 1);
    expect(batches).toHaveLength(4);
    expect(new Set(batches.flat().slice(0, 5))).toEqual(new Set(pieces));
    expect(fineTuningBatches(pieces, 4, 3, 1)).toEqual(batches);
  });
});

describe('the poet as served', () => {
  const files = () => {
    const weights = initPoetWeights(tf, tiny, 9);
    const values = new Map([...weights].map(([name, v]) => [name, v.dataSync() as Float32Array]));
    const manifest: PoetManifest = { format: POET_FORMAT, config: tiny, chars: chars.join(''), figures: {} };
    const bytes = packWeights(tiny, values);
    return { manifest, buffer: bytes.slice().buffer, weights };
  };

  it('refuses a file that is not a poet model', () => {
    expect(() => parsePoetManifest({ format: 'other' })).toThrow(/not a poet model/);
    expect(() =>
      parsePoetManifest({ format: POET_FORMAT, config: { ...tiny, vocabSize: 9 }, chars: 'ab' }),
    ).toThrow(/alphabet/);
  });

  it('scores the next character as the whole model does, and shows causal attention over a text', () => {
    const { manifest, buffer, weights } = files();
    const poet = PoetRuntime.fromFiles(tf, manifest, buffer);
    const ids = [START, ...vocab.encode('白日依')];
    const full = poetForward(
      tf,
      weights,
      tiny,
      tf.tensor2d([ids], [1, ids.length], 'int32'),
    ).logits.arraySync()[0]!;
    const last = poet.logitsOf(ids);
    full[ids.length - 1]!.forEach((v, i) => expect(last[i]).toBeCloseTo(v, 4));

    // The fast writer (one character at a time, keys and values kept) agrees with the whole model at every
    // step, and starts again when the window is not the last one plus a character.
    const write = poet.writer();
    const poem = [START, ...vocab.encode('白日依山尽，黄河')];
    const whole = poetForward(
      tf,
      weights,
      tiny,
      tf.tensor2d([poem], [1, poem.length], 'int32'),
    ).logits.arraySync()[0]!;
    for (let n = 1; n <= poem.length; n++) {
      const fast = write(poem.slice(0, n));
      whole[n - 1]!.forEach((v, i) => expect(fast[i]).toBeCloseTo(v, 4));
    }
    const again = write(ids);
    full[ids.length - 1]!.forEach((v, i) => expect(again[i]).toBeCloseTo(v, 4));

    const seen = poet.attention('白日X');
    expect(seen.tokens).toEqual(['▶', '白', '日', '□']);
    expect(seen.layers).toHaveLength(2);
    expect(seen.layers[0]).toHaveLength(2);
    seen.layers[1]![1]!.forEach((row, step) => {
      expect(row.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 5);
      row.slice(step + 1).forEach((later) => expect(later).toBeLessThan(1e-6));
    });
    expect(vocab.encode('X')).toEqual([UNKNOWN]);
    poet.dispose();
  });

  it('fine-tunes on the class’s texts (their loss falls), stops when asked, and resets to the shipped weights', async () => {
    const { manifest, buffer } = files();
    const poet = PoetRuntime.fromFiles(tf, manifest, buffer);
    const pieces = [POEMS[2]!];
    const before = poet.bitsOn(pieces);
    const reported: number[] = [];
    const plan = { ...FINE_TUNING, steps: 30, batch: 2, learningRate: 1e-2 };
    const done = await poet.fineTune(
      pieces,
      (s) => reported.push(s.step),
      () => Promise.resolve(true),
      plan,
    );
    expect(done).toBe(30);
    expect(reported).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const after = poet.bitsOn(pieces);
    expect(after).toBeLessThan(before - 1);

    let asked = 0;
    const stopped = await poet.fineTune(
      pieces,
      () => undefined,
      () => Promise.resolve(++asked < 3),
      plan,
    );
    expect(stopped).toBe(3);

    poet.reset();
    expect(poet.bitsOn(pieces)).toBeCloseTo(before, 4);
    poet.dispose();
  });
});
