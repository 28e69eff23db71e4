import { describe, expect, it } from 'vitest';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import {
  base64ToInput,
  combinedGuesses,
  inputToBase64,
  networkGuesses,
  schoolModel,
  labelFromText,
  schoolWords,
} from './school-model.ts';

const N = DOODLE_CATEGORIES.length;
/** A unit vector along axis `i` of 8, with a little of axis `j`. */
const along = (i: number, j = (i + 1) % 8, some = 0.1) =>
  Array.from({ length: 8 }, (_, k) => (k === i ? 1 : k === j ? some : 0));
/** Probabilities that favour category `best`. */
const probsFor = (best: number) => Array.from({ length: N }, (_, i) => (i === best ? 0.61 : 0.01));
// The network's examples: category c points along axis c % 6 (axes 6 and 7 are free for the class's words).
const categoryExamples = Array.from({ length: N }, (_, c) => [along(c % 6), along(c % 6, 7, 0.2)]);

describe("the school's model", () => {
  const model = schoolModel(categoryExamples, [
    { label: 'robot', features: along(6) },
    { label: 'robot', features: along(6, 2) },
    { label: 'robot', features: along(6, 3) },
    { label: 'cat', features: along(7) },
  ]);

  it('answers exactly the network without school drawings', () => {
    const probs = probsFor(4);
    expect(combinedGuesses(probs, along(6), null)).toEqual(networkGuesses(probs));
    expect(combinedGuesses(probs, along(6), schoolModel(categoryExamples, []))).toEqual(
      networkGuesses(probs),
    );
    expect(networkGuesses(probs)[0]).toEqual({ key: DOODLE_CATEGORIES[4]!.id, probability: 0.61 });
  });

  it("says the class's word when the nearest drawings are the class's drawings of it", () => {
    const guesses = combinedGuesses(probsFor(4), along(6, 5), model);
    expect(guesses[0]?.key).toBe('robot');
    expect(guesses[0]?.probability).toBeGreaterThan(0.5);
    // Still one distribution: the network's categories share what the word left.
    expect(guesses.reduce((s, g) => s + g.probability, 0)).toBeCloseTo(1, 5);
    expect(guesses[1]?.key).toBe(DOODLE_CATEGORIES[4]!.id);
  });

  it("keeps the network's answer when the drawing looks like a known thing", () => {
    const probs = probsFor(2);
    expect(combinedGuesses(probs, along(2), model)).toEqual(networkGuesses(probs));
    // School drawings of a known category never become a new word.
    expect(combinedGuesses(probs, along(7), model)[0]?.key).toBe(DOODLE_CATEGORIES[2]!.id);
  });

  it('asks for words the class drew at least three times, never for categories', () => {
    expect(
      schoolWords([
        { label: 'robot', count: 3 },
        { label: 'kite', count: 2 },
        { label: 'cat', count: 9 },
      ]),
    ).toEqual(['robot']);
  });

  it('turns a typed name into a category id when the network knows it by that name', () => {
    expect(labelFromText('冰淇淋')).toBe('ice cream');
    expect(labelFromText(' Glasses ')).toBe('eyeglasses');
    expect(labelFromText('Robot  Dog')).toBe('robot dog');
  });

  it('sends a drawing as 784 bytes and reads it back', () => {
    const input = Float32Array.from({ length: 784 }, (_, i) => (i % 7) / 6);
    const text = inputToBase64(input);
    expect(atob(text)).toHaveLength(784);
    const back = base64ToInput(text);
    back.forEach((v, i) => expect(Math.abs(v - input[i]!)).toBeLessThanOrEqual(0.5 / 255 + 1e-6));
  });
});
