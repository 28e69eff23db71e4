import { describe, expect, it } from 'vitest';
import { knnExample, knnVote, nearestSimilarity, unitLength } from './knn.ts';

describe('knnVote', () => {
  const examples = [
    knnExample('robot', [1, 0, 0]),
    knnExample('robot', [0.9, 0.1, 0]),
    knnExample('robot', [2, 0.3, 0]),
    knnExample('kite', [0, 1, 0]),
    knnExample('kite', [0, 0.8, 0.2]),
  ];

  it('gives the label of the nearest examples, by direction not size', () => {
    const [best] = knnVote(examples, [10, 1, 0], 3);
    expect(best?.label).toBe('robot');
    expect(best?.share).toBeCloseTo(1, 5);
    expect(knnVote(examples, [0, 0.05, 0.01], 3)[0]?.label).toBe('kite');
  });

  it('shares the vote among labels when the nearest examples disagree', () => {
    const guesses = knnVote(examples, [1, 1, 0], 5);
    expect(guesses.map((g) => g.label).sort()).toEqual(['kite', 'robot']);
    expect(guesses.reduce((s, g) => s + g.share, 0)).toBeCloseTo(1, 5);
  });

  it('answers nothing without examples, and scales features to unit length', () => {
    expect(knnVote([], [1, 2, 3])).toEqual([]);
    expect(Math.hypot(...unitLength([3, 4]))).toBeCloseTo(1, 10);
    expect(unitLength([0, 0])).toEqual([0, 0]);
    expect(nearestSimilarity(examples, [0, 1, 0], 'kite')).toBeCloseTo(1, 5);
    expect(nearestSimilarity(examples, [0, 1, 0], 'none')).toBe(-1);
  });
});
