import { describe, expect, it } from 'vitest';
import { averagePrecision, evaluateClassification, evaluateDetection, iou } from './metrics.ts';

describe('evaluateClassification', () => {
  it('counts accuracy, precision, recall and the confusion matrix (hand-computed)', () => {
    // truth 0 0 0 1 1 2, predicted 0 1 0 1 1 1
    const m = evaluateClassification([0, 0, 0, 1, 1, 2], [0, 1, 0, 1, 1, 1], 3);
    expect(m.accuracy).toBeCloseTo(4 / 6, 10);
    expect(m.confusion).toEqual([
      [2, 1, 0],
      [0, 2, 0],
      [0, 1, 0],
    ]);
    expect(m.perClass[0]).toEqual({ precision: 1, recall: 2 / 3, support: 3 });
    expect(m.perClass[1]).toEqual({ precision: 0.5, recall: 1, support: 2 });
    // class 2: never predicted → precision 0; its one image missed → recall 0
    expect(m.perClass[2]).toEqual({ precision: 0, recall: 0, support: 1 });
  });

  it('rejects mismatched or out-of-range input', () => {
    expect(() => evaluateClassification([0], [0, 1], 2)).toThrow();
    expect(() => evaluateClassification([0, 2], [0, 1], 2)).toThrow(/range/);
  });
});

describe('detection metrics', () => {
  it('computes IoU', () => {
    expect(iou({ x: 0, y: 0, w: 2, h: 2 }, { x: 1, y: 1, w: 2, h: 2 })).toBeCloseTo(1 / 7, 10);
    expect(iou({ x: 0, y: 0, w: 1, h: 1 }, { x: 2, y: 2, w: 1, h: 1 })).toBe(0);
  });

  it('computes all-point interpolated AP (hand-computed)', () => {
    // hits T F T, 2 truths → P/R: (1, .5) (.5, .5) (.667, 1) → interpolated .5·1 + .5·.667
    expect(averagePrecision([true, false, true], 2)).toBeCloseTo(0.5 + 0.5 * (2 / 3), 10);
    expect(averagePrecision([false, true], 2)).toBeCloseTo(0.25, 10);
    expect(averagePrecision([], 3)).toBe(0);
  });

  it('matches boxes per class at IoU 0.5, each truth once, and leaves classes without truths out of the mean', () => {
    const truths = [
      [{ label: 0, x: 0, y: 0, w: 10, h: 10 }],
      [
        { label: 0, x: 20, y: 20, w: 10, h: 10 },
        { label: 1, x: 0, y: 0, w: 10, h: 10 },
      ],
    ];
    const predictions = [
      [
        { label: 0, score: 0.9, x: 1, y: 1, w: 10, h: 10 }, // IoU 81/119 ≈ .68: hit
        { label: 0, score: 0.8, x: 0, y: 0, w: 10, h: 10 }, // same truth again: false positive
      ],
      [
        { label: 0, score: 0.7, x: 20, y: 20, w: 10, h: 10 }, // hit
        { label: 1, score: 0.6, x: 5, y: 0, w: 10, h: 10 }, // IoU 50/150 = .33: miss
        { label: 2, score: 0.9, x: 0, y: 0, w: 5, h: 5 }, // class 2 has no truth
      ],
    ];
    const m = evaluateDetection(predictions, truths, 3);
    // class 0: hits T F T over 2 truths
    expect(m.perClassAp[0]).toBeCloseTo(0.5 + 0.5 * (2 / 3), 10);
    expect(m.perClassAp[1]).toBe(0);
    expect(m.perClassAp[2]).toBe(0);
    expect(m.classesInMean).toEqual([0, 1]);
    expect(m.map).toBeCloseTo((0.5 + 0.5 * (2 / 3)) / 2, 10);
    expect(evaluateDetection(predictions, truths, 3, 0.3).perClassAp[1]).toBe(1);
  });

  it('gives 1 for perfect predictions', () => {
    const truths = [[{ label: 0, x: 1, y: 2, w: 3, h: 4 }], [{ label: 1, x: 5, y: 5, w: 2, h: 2 }]];
    const m = evaluateDetection(
      truths.map((list) => list.map((b) => ({ ...b, score: 1 }))),
      truths,
      2,
    );
    expect(m.map).toBe(1);
  });
});
