import { describe, expect, it } from 'vitest';
import { DOMAIN, GENERATED_DATASETS, generateDataset, splitData } from './datasets.ts';

describe('datasets', () => {
  it.each(GENERATED_DATASETS)('%s is deterministic per seed, balanced and inside the plane', (name) => {
    const a = generateDataset(name, 200, 0.2, 11);
    expect(generateDataset(name, 200, 0.2, 11)).toEqual(a);
    expect(generateDataset(name, 200, 0.2, 12)).not.toEqual(a);
    expect(a).toHaveLength(200);
    expect(a.every((p) => p.label === 1 || p.label === -1)).toBe(true);
    const positives = a.filter((p) => p.label === 1).length;
    expect(positives).toBeGreaterThan(60);
    expect(positives).toBeLessThan(140);
    // Gaussian clouds may stray a little past the edge; the others stay inside.
    const edge = name === 'gauss' ? DOMAIN + 4 : DOMAIN;
    expect(a.every((p) => Math.abs(p.x1) <= edge && Math.abs(p.x2) <= edge)).toBe(true);
  });

  it('labels follow the shape without noise', () => {
    for (const p of generateDataset('circle', 300, 0, 1)) {
      expect(p.label).toBe(Math.hypot(p.x1, p.x2) < 2.5 ? 1 : -1);
    }
    for (const p of generateDataset('xor', 300, 0, 1)) expect(p.label).toBe(p.x1 * p.x2 >= 0 ? 1 : -1);
    for (const p of generateDataset('gauss', 300, 0, 1)) {
      // Clouds around (2, 2) and (−2, −2): the diagonal x1 + x2 = 0 separates nearly all.
      if (Math.abs(p.x1 + p.x2) > 3) expect(Math.sign(p.x1 + p.x2)).toBe(p.label);
    }
  });

  it('noise flips some labels of the circle', () => {
    const noisy = generateDataset('circle', 500, 0.5, 1);
    const wrong = noisy.filter((p) => p.label !== (Math.hypot(p.x1, p.x2) < 2.5 ? 1 : -1)).length;
    expect(wrong).toBeGreaterThan(10);
  });

  it('splits into disjoint train and test parts, the same way for the same seed', () => {
    const data = generateDataset('spiral', 100, 0, 5);
    const { train, test } = splitData(data, 0.7, 9);
    expect(train).toHaveLength(70);
    expect(test).toHaveLength(30);
    expect(new Set([...train, ...test])).toEqual(new Set(data));
    expect(splitData(data, 0.7, 9)).toEqual({ train, test });
    expect(splitData(data, 0.7, 10).train).not.toEqual(train);
  });
});
