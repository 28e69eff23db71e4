/**
 * The committed symbol network (apps/web/public/models/math, `npm run train:math`), loaded from its files:
 * its recorded held-out accuracy per symbol, and a whole handwritten page read and marked in Node.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { loadDigitSplit } from '../digits/mnist-node.ts';
import { judgedCorrectly } from './check.ts';
import { worksheet } from './exercises.ts';
import { composeSheet, digitPicker, inkToRgba } from './handwritten-sheet.ts';
import { markLine } from './mark.ts';
import { loadMathModel, type MathModelJson } from './model-files-node.ts';
import { readHandwrittenPage } from './read-handwriting.ts';
import { SYMBOLS } from './symbols.ts';

let model: tf.LayersModel;
let json: MathModelJson;

describe('the served symbol network', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
    ({ model, json } = await loadMathModel(tf));
  });

  it('answers one probability per symbol and records its held-out accuracy per symbol', () => {
    expect(model.outputs[0]?.shape).toEqual([null, SYMBOLS.length]);
    const meta = json.userDefinedMetadata;
    expect(meta.symbols).toEqual([...SYMBOLS]);
    expect(meta.heldOutAccuracy).toBeGreaterThanOrEqual(0.95);
    for (const symbol of SYMBOLS) {
      const { right, count } = meta.heldOutBySymbol[symbol]!;
      expect(count).toBeGreaterThan(100);
      expect(right / count, symbol).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('marks a handwritten page of held-out MNIST digits and generated operators: ≥ 8 of 10 lines judged right', async () => {
    const rng = seededRandom(77);
    const exercises = worksheet(rng, 10, 2, { decimals: true, brackets: true, remainders: true });
    const sheet = composeSheet(
      exercises.map((e) => e.text),
      rng,
      digitPicker(loadDigitSplit().heldOut, rng),
    );
    const lines = await readHandwrittenPage(tf, model, inkToRgba(sheet.ink, 2));
    expect(lines).toHaveLength(10);
    const marks = lines.map((line) => markLine(line.text));
    expect(judgedCorrectly(exercises, marks)).toBeGreaterThanOrEqual(8);
  });
});
