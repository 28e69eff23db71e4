/**
 * The symbol network's dataset: MNIST digits (classes 0–9, the digit lab's own split) plus `perSymbol`
 * generated images of each operator and bracket (classes 10–16), training and held-out parts drawn with
 * different seeds, so no held-out operator was ever seen in training.
 */
import { seededRandom } from '../random.ts';
import { DIGIT_PIXELS, shuffleInPlace, pick, type DigitSet, type Split } from '../digits/dataset.ts';
import { DRAWN_SYMBOLS, SYMBOLS, symbolDigit } from './symbols.ts';

export interface SymbolSetOptions {
  /** Generated images per operator for training, and for the held-out part. */
  trainPerSymbol: number;
  heldOutPerSymbol: number;
  seed: number;
}

/** What `npm run train:math` uses. */
export const SYMBOL_SET: SymbolSetOptions = { trainPerSymbol: 800, heldOutPerSymbol: 200, seed: 20261124 };

/** `count` generated images of every drawn symbol, labelled with their class index. */
export function generatedSymbols(count: number, seed: number): DigitSet {
  const rng = seededRandom(seed);
  const total = count * DRAWN_SYMBOLS.length;
  const images = new Uint8Array(total * DIGIT_PIXELS);
  const labels = new Uint8Array(total);
  let at = 0;
  for (const symbol of DRAWN_SYMBOLS) {
    for (let i = 0; i < count; i++, at++) {
      images.set(symbolDigit(symbol, rng), at * DIGIT_PIXELS);
      labels[at] = SYMBOLS.indexOf(symbol);
    }
  }
  return { count: total, images, labels };
}

/** Two sets one after the other. */
export function concatSets(a: DigitSet, b: DigitSet): DigitSet {
  const images = new Uint8Array((a.count + b.count) * DIGIT_PIXELS);
  images.set(a.images);
  images.set(b.images, a.count * DIGIT_PIXELS);
  const labels = new Uint8Array(a.count + b.count);
  labels.set(a.labels);
  labels.set(b.labels, a.count);
  return { count: a.count + b.count, images, labels };
}

/** The digit split extended with generated operators, both parts shuffled (seeded). */
export function symbolSplit(digits: Split, options: SymbolSetOptions = SYMBOL_SET): Split {
  const rng = seededRandom(options.seed);
  const shuffled = (set: DigitSet) =>
    pick(
      set,
      shuffleInPlace(
        Array.from({ length: set.count }, (_, i) => i),
        rng,
      ),
    );
  return {
    train: shuffled(concatSets(digits.train, generatedSymbols(options.trainPerSymbol, options.seed + 1))),
    heldOut: shuffled(
      concatSets(digits.heldOut, generatedSymbols(options.heldOutPerSymbol, options.seed + 2)),
    ),
  };
}
