import { describe, expect, it } from 'vitest';
import { decodeDetections } from './decode.ts';

/** An H×W×K heat map of zeros with the given peaks, and H×W×4 boxes of zeros (size 1 cell). */
function maps(H: number, W: number, K: number, peaks: { row: number; col: number; k: number; v: number }[]) {
  const heatmap = new Float32Array(H * W * K);
  for (const p of peaks) heatmap[(p.row * W + p.col) * K + p.k] = p.v;
  return { heatmap, boxes: new Float32Array(H * W * 4), H, W, K };
}

describe('decodeDetections', () => {
  it('turns one peak into a box from its offsets and log sizes', () => {
    const m = maps(10, 10, 2, [{ row: 4, col: 6, k: 1, v: 0.9 }]);
    const b = (4 * 10 + 6) * 4;
    m.boxes.set([0.5, 0.25, Math.log(2), Math.log(4)], b);
    const [d, ...rest] = decodeDetections(m);
    expect(rest).toHaveLength(0);
    expect(d!.label).toBe(1);
    expect(d!.score).toBeCloseTo(0.9, 6);
    // centre (6.5, 4.25) cells → (0.65, 0.425); size 2×4 cells → 0.2 × 0.4
    expect(d!.x).toBeCloseTo(0.55, 6);
    expect(d!.y).toBeCloseTo(0.225, 6);
    expect(d!.w).toBeCloseTo(0.2, 6);
    expect(d!.h).toBeCloseTo(0.4, 6);
  });

  it('keeps only 3×3 local maxima above the threshold', () => {
    const m = maps(8, 8, 1, [
      { row: 2, col: 2, k: 0, v: 0.8 },
      { row: 2, col: 3, k: 0, v: 0.7 }, // neighbour of a stronger cell
      { row: 6, col: 6, k: 0, v: 0.6 },
      { row: 0, col: 7, k: 0, v: 0.2 }, // below 0.3
    ]);
    const found = decodeDetections(m);
    expect(found.map((d) => d.score)).toEqual([expect.closeTo(0.8, 6), expect.closeTo(0.6, 6)]);
    expect(decodeDetections({ ...m, threshold: 0.1 })).toHaveLength(3);
  });

  it('gives one box for a plateau of equal values', () => {
    const m = maps(6, 6, 1, [
      { row: 3, col: 3, k: 0, v: 0.5 },
      { row: 3, col: 4, k: 0, v: 0.5 },
    ]);
    expect(decodeDetections(m)).toHaveLength(1);
  });

  it('suppresses an overlapping weaker box of the same class only', () => {
    // peaks two cells apart with boxes 6 cells wide: heavy overlap
    const m = maps(10, 10, 2, [
      { row: 5, col: 3, k: 0, v: 0.9 },
      { row: 5, col: 5, k: 0, v: 0.8 },
      { row: 5, col: 7, k: 1, v: 0.7 },
    ]);
    for (let i = 0; i < 100; i++) {
      m.boxes[i * 4 + 2] = Math.log(6);
      m.boxes[i * 4 + 3] = Math.log(6);
    }
    const found = decodeDetections(m);
    expect(found.map((d) => d.label)).toEqual([0, 1]);
  });

  it('caps the count and clips boxes to the image', () => {
    const peaks = [];
    for (let r = 0; r < 10; r += 2)
      for (let c = 0; c < 10; c += 2) peaks.push({ row: r, col: c, k: 0, v: 0.5 + r / 100 + c / 1000 });
    const m = maps(10, 10, 1, peaks);
    const found = decodeDetections({ ...m, maxDetections: 4 });
    expect(found).toHaveLength(4);
    expect(found[0]!.score).toBeGreaterThan(found[3]!.score);
    for (const d of decodeDetections(m)) {
      expect(d.x).toBeGreaterThanOrEqual(0);
      expect(d.x + d.w).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it('rejects maps of the wrong size', () => {
    const m = maps(4, 4, 2, []);
    expect(() => decodeDetections({ ...m, K: 3 })).toThrow(/heatmap/);
  });
});
