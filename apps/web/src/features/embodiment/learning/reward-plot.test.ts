import { describe, expect, it } from 'vitest';
import { bucketMeans, linePath, plotRange, yOf } from './reward-plot.ts';

const box = { width: 100, height: 50, padding: 5 };

describe('reward plot maths', () => {
  it('keeps few values as they are and averages many into equal buckets', () => {
    expect(bucketMeans([1, 2, 3], 10)).toEqual({ points: [1, 2, 3], bucket: 1 });
    expect(bucketMeans([1, 3, 5, 7, 9], 2)).toEqual({ points: [3, 8], bucket: 3 });
    const many = Array.from({ length: 1000 }, (_, i) => i);
    const { points, bucket } = bucketMeans(many, 300);
    expect(bucket).toBe(4);
    expect(points).toHaveLength(250);
    expect(points[0]).toBe(1.5);
    expect(bucketMeans([], 10)).toEqual({ points: [], bucket: 1 });
  });

  it('always shows 0 and never has a flat range', () => {
    expect(plotRange([-40, 12])).toEqual([-40, 12]);
    expect(plotRange([5, 9])).toEqual([0, 9]);
    expect(plotRange([-7, -3])).toEqual([-7, 0]);
    expect(plotRange([])).toEqual([-1, 1]);
  });

  it('puts the top of the range at the top of the box', () => {
    expect(yOf(10, [0, 10], box)).toBe(5);
    expect(yOf(0, [0, 10], box)).toBe(45);
    expect(yOf(5, [0, 10], box)).toBe(25);
  });

  it('draws a path across the width of the box', () => {
    expect(linePath([], [0, 10], box)).toBe('');
    expect(linePath([0, 10, 5], [0, 10], box)).toBe('M5 45 L50 5 L95 25');
    expect(linePath([5], [0, 10], box)).toBe('M5 25 L95 25');
  });
});
