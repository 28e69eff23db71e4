import { describe, expect, it } from 'vitest';
import { crossValidate, foldsFor, trainTestSplit } from './evaluate.ts';
import { TOY_CLASSES, toyData } from './fixtures/toy-dataset.ts';

const K = TOY_CLASSES.length;

describe('trainTestSplit', () => {
  it('holds out the same share of every class, disjointly and reproducibly', () => {
    const data = toyData();
    const { train, test } = trainTestSplit(data, K, 0.3, 9);
    expect(train.length + test.length).toBe(data.length);
    expect(new Set([...train, ...test]).size).toBe(data.length);
    for (let k = 0; k < K; k++) expect(test.filter((d) => d.label === k)).toHaveLength(9);
    expect(trainTestSplit(data, K, 0.3, 9)).toEqual({ train, test });
    expect(trainTestSplit(data, K, 0.3, 10).test).not.toEqual(test);
  });

  it('never empties a class of one sentence', () => {
    const { train, test } = trainTestSplit(
      [
        { text: 'a', label: 0 },
        { text: 'b', label: 1 },
        { text: 'c', label: 1 },
      ],
      2,
      0.5,
      1,
    );
    expect(train.map((d) => d.text)).toContain('a');
    expect(test).toHaveLength(1);
  });
});

describe('crossValidate', () => {
  it('tests every sentence exactly once with a model that never saw it, and scores ≥ 90 % on the toy set', () => {
    const data = toyData();
    const result = crossValidate(data, K, { seed: 1 });
    expect(result.folds).toBe(5);
    expect(result.confusion.flat().reduce((s, n) => s + n, 0)).toBe(data.length);
    for (let k = 0; k < K; k++) expect(result.confusion[k]!.reduce((s, n) => s + n, 0)).toBe(30);
    const diagonal = result.confusion.reduce((s, row, k) => s + row[k]!, 0);
    expect(result.accuracy).toBe(diagonal / data.length);
    expect(result.mistakes).toHaveLength(data.length - diagonal);
    expect(result.accuracy).toBeGreaterThanOrEqual(0.9);
    for (const m of result.mistakes) expect(m.predicted).not.toBe(data[m.index]!.label);
    expect(crossValidate(data, K, { seed: 1 })).toEqual(result);
  });

  it('refuses classes too small to hold a sentence out', () => {
    expect(foldsFor([2, 10])).toBe(0);
    expect(foldsFor([3, 10])).toBe(3);
    expect(foldsFor([30, 40])).toBe(5);
    expect(foldsFor([10])).toBe(0);
    expect(() =>
      crossValidate(
        [
          { text: 'a', label: 0 },
          { text: 'b', label: 1 },
        ],
        2,
        { seed: 1 },
      ),
    ).toThrow();
  });
});
