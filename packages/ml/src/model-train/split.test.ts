import { describe, expect, it } from 'vitest';
import { assignSplit, type SplitItem } from './split.ts';

const items = (perClass: number[], start = 1): SplitItem[] =>
  perClass.flatMap((n, c) =>
    Array.from({ length: n }, (_, i) => ({ id: start + c * 1000 + i, label: `c${c}` })),
  );

const count = (split: Map<number, string>, ids: number[], which: string) =>
  ids.filter((id) => split.get(id) === which).length;

describe('assignSplit', () => {
  it('holds out 15 % + 15 % of every class, reproducibly, and differently for another seed', () => {
    const all = items([50, 20, 40]);
    const a = assignSplit(all, 7);
    expect(a.size).toBe(110);
    for (const [c, n] of [50, 20, 40].entries()) {
      const ids = all.filter((i) => i.label === `c${c}`).map((i) => i.id);
      expect(count(a, ids, 'test')).toBe(Math.round(n * 0.15));
      expect(count(a, ids, 'val')).toBe(Math.round(n * 0.15));
    }
    expect([...assignSplit([...all].reverse(), 7)].sort()).toEqual([...a].sort());
    expect([...assignSplit(all, 8)].sort()).not.toEqual([...a].sort());
  });

  it('gives a class of 3 images one test image, and smaller classes none', () => {
    const split = assignSplit(items([3, 2, 1]), 1);
    const values = (c: number, n: number) => Array.from({ length: n }, (_, i) => split.get(1 + c * 1000 + i));
    expect(values(0, 3).filter((s) => s === 'test')).toHaveLength(1);
    expect(values(1, 2)).toEqual(['train', 'train']);
    expect(values(2, 1)).toEqual(['train']);
  });

  it('keeps splits already set and counts them towards the targets', () => {
    const all = items([20]).map((i, k) => (k < 5 ? { ...i, split: 'test' as const } : i));
    const split = assignSplit(all, 3);
    const ids = all.map((i) => i.id);
    for (const i of all.slice(0, 5)) expect(split.get(i.id)).toBe('test');
    expect(count(split, ids, 'test')).toBe(5);
    expect(count(split, ids, 'val')).toBe(3);
  });

  it('treats images without a label (det) as one group', () => {
    const all = Array.from({ length: 100 }, (_, i) => ({ id: i + 1 }));
    const split = assignSplit(all, 5);
    const ids = all.map((i) => i.id);
    expect(count(split, ids, 'test')).toBe(15);
    expect(count(split, ids, 'val')).toBe(15);
    expect(count(split, ids, 'train')).toBe(70);
  });
});
