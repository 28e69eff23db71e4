import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { linearData } from './datasets.ts';
import { closedForm, mse, type Point } from './linear.ts';
import { domainScaler } from './scaling.ts';
import { contourLevels, contourSegments, gridNode, lossGrid, surfaceWindow } from './surface.ts';

const scaler = domainScaler({ xMin: 0, xMax: 200, yMin: 0, yMax: 600 });
const points = linearData({
  seed: 7,
  count: 40,
  line: { w: 2.6, b: 40 },
  noise: 35,
  xMin: 40,
  xMax: 180,
}).map((p) => scaler.toScaled(p));

describe('loss grid', () => {
  const best = closedForm(points);
  const window = surfaceWindow([{ w: 0, b: 0 }, best.line]);
  const grid = lossGrid(points, window, 61, 41);

  it('matches the MSE formula at sampled nodes', () => {
    const rng = seededRandom(1);
    for (let i = 0; i < 200; i++) {
      const col = Math.floor(rng() * grid.cols);
      const row = Math.floor(rng() * grid.rows);
      const expected = mse(points, gridNode(grid, col, row));
      expect(Math.abs(grid.values[row * grid.cols + col]! - expected)).toBeLessThan(1e-12 + 1e-10 * expected);
    }
    // Corners are exactly the window's corners.
    expect(gridNode(grid, 0, 0)).toEqual({ w: window.wMin, b: window.bMin });
    expect(gridNode(grid, grid.cols - 1, grid.rows - 1).w).toBeCloseTo(window.wMax, 12);
    expect(gridNode(grid, grid.cols - 1, grid.rows - 1).b).toBeCloseTo(window.bMax, 12);
  });

  it('has its lowest node next to the least-squares answer, never below its loss', () => {
    expect(grid.min).toBeGreaterThanOrEqual(best.loss - 1e-12);
    const index = grid.values.indexOf(grid.min);
    const node = gridNode(grid, index % grid.cols, Math.floor(index / grid.cols));
    // In a long, tilted valley the lowest node can sit a cell further along the valley floor.
    const cellW = (window.wMax - window.wMin) / (grid.cols - 1);
    const cellB = (window.bMax - window.bMin) / (grid.rows - 1);
    expect(Math.abs(node.w - best.line.w)).toBeLessThanOrEqual(2 * cellW);
    expect(Math.abs(node.b - best.line.b)).toBeLessThanOrEqual(2 * cellB);
    expect(grid.max).toBe(Math.max(...grid.values));
  });

  it('holds the start and the answer inside the window, with a margin', () => {
    for (const line of [{ w: 0, b: 0 }, best.line]) {
      expect(line.w).toBeGreaterThan(window.wMin);
      expect(line.w).toBeLessThan(window.wMax);
      expect(line.b).toBeGreaterThan(window.bMin);
      expect(line.b).toBeLessThan(window.bMax);
    }
    expect(window.wMax - window.wMin).toBeGreaterThanOrEqual(1);
    // Non-finite lines (a diverged descent) do not stretch the window.
    expect(surfaceWindow([{ w: 0, b: 0 }, best.line, { w: Infinity, b: NaN }])).toEqual(window);
  });

  it('stays finite and flat for no points, and refuses a grid with fewer than 2 × 2 nodes', () => {
    const empty = lossGrid([], surfaceWindow([]), 5, 5);
    expect([...empty.values].every((v) => v === 0)).toBe(true);
    expect(() => lossGrid(points, window, 1, 5)).toThrow(RangeError);
  });
});

describe('contours', () => {
  it('traces points whose loss is the level, closed rings around the answer', () => {
    const best = closedForm(points);
    const grid = lossGrid(points, surfaceWindow([{ w: 0, b: 0 }, best.line]), 161, 161);
    const levels = contourLevels(best.loss, grid.max, 8);
    expect(levels).toHaveLength(8);
    expect(levels[7]).toBeCloseTo(grid.max, 12);
    // A level below every value on the window's edge gives a ring that the edge does not cut open.
    let edgeMin = Infinity;
    for (let i = 0; i < grid.cols; i++) {
      edgeMin = Math.min(edgeMin, grid.values[i]!, grid.values[(grid.rows - 1) * grid.cols + i]!);
    }
    for (let j = 0; j < grid.rows; j++) {
      edgeMin = Math.min(edgeMin, grid.values[j * grid.cols]!, grid.values[j * grid.cols + grid.cols - 1]!);
    }
    const first = best.loss + 0.5 * (edgeMin - best.loss);
    const segments = contourSegments(grid, first);
    expect(segments.length).toBeGreaterThan(20);
    for (const [w1, b1, w2, b2] of segments) {
      // Linear interpolation along cell edges: within 3% of the level's height above the bottom (the worst
      // case is where a ring runs nearly along an edge of the grid).
      for (const line of [
        { w: w1, b: b1 },
        { w: w2, b: b2 },
      ]) {
        expect(Math.abs(mse(points, line) - first)).toBeLessThan(0.03 * (first - best.loss));
      }
    }
    // A closed ring: every endpoint is shared by exactly two segments.
    const key = (w: number, b: number) => `${w.toFixed(7)},${b.toFixed(7)}`;
    const counts = new Map<string, number>();
    for (const [w1, b1, w2, b2] of segments) {
      for (const k of [key(w1, b1), key(w2, b2)]) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect([...counts.values()].every((c) => c === 2)).toBe(true);
  });

  it('gives no segments for a level outside the grid', () => {
    const flat: Point[] = [{ x: 0, y: 0 }];
    const grid = lossGrid(flat, { wMin: -1, wMax: 1, bMin: -1, bMax: 1 }, 10, 10);
    expect(contourSegments(grid, grid.max + 1)).toEqual([]);
    expect(contourSegments(grid, -1)).toEqual([]);
  });
});

describe('scaling', () => {
  const s = domainScaler({ xMin: 40, xMax: 200, yMin: 100, yMax: 600 });

  it('converts lines both ways, and the scaled line predicts the scaled point', () => {
    const line = { w: 2.6, b: 40 };
    const back = s.lineToReal(s.lineToScaled(line));
    expect(back.w).toBeCloseTo(line.w, 12);
    expect(back.b).toBeCloseTo(line.b, 10);
    const scaledLine = s.lineToScaled(line);
    for (const x of [40, 75, 199]) {
      const p = s.toScaled({ x, y: line.w * x + line.b });
      expect(scaledLine.w * p.x + scaledLine.b).toBeCloseTo(p.y, 12);
      const r = s.toReal(p);
      expect(r.x).toBeCloseTo(x, 10);
    }
  });

  it('scales the loss by the square of the y range', () => {
    const raw = linearData({ seed: 3, count: 20, line: { w: 2, b: 150 }, noise: 20, xMin: 50, xMax: 190 });
    const line = { w: 2.2, b: 130 };
    const scaledLoss = mse(
      raw.map((p) => s.toScaled(p)),
      s.lineToScaled(line),
    );
    expect(s.lossToReal(scaledLoss)).toBeCloseTo(mse(raw, line), 8);
  });

  it('treats a zero-width range as width 1 instead of dividing by zero', () => {
    const flat = domainScaler({ xMin: 5, xMax: 5, yMin: 0, yMax: 0 });
    expect(flat.toScaled({ x: 6, y: 2 })).toEqual({ x: 1, y: 2 });
    expect(Number.isFinite(flat.lineToReal({ w: 1, b: 1 }).w)).toBe(true);
  });
});

describe('example data', () => {
  it('is reproducible from the seed, in range and rounded', () => {
    const options = {
      seed: 11,
      count: 30,
      line: { w: 6, b: 35 },
      noise: 10,
      xMin: 0,
      xMax: 10,
      yMin: 0,
      yMax: 100,
      decimals: 1,
    };
    const a = linearData(options);
    expect(linearData(options)).toEqual(a);
    expect(linearData({ ...options, seed: 12 })).not.toEqual(a);
    for (const p of a) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(10);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(100);
      expect(Number(p.y.toFixed(1))).toBe(p.y);
    }
  });
});
