/**
 * The loss surface: the MSE of every line over a window of (w, b), sampled on a grid, and its contour
 * lines (curves of equal loss, like the height lines of a map). For linear regression the surface is a
 * bowl, so the contours are nested ellipses around the least-squares answer, and gradient descent crosses
 * them at right angles (the gradient is perpendicular to a contour).
 */
import { moments, mseFromMoments, type Line, type Point } from './linear.ts';

/** A rectangle of parameter space. */
export interface SurfaceWindow {
  wMin: number;
  wMax: number;
  bMin: number;
  bMax: number;
}

/** The loss sampled at `cols × rows` grid nodes covering a window, edges included. */
export interface LossGrid extends SurfaceWindow {
  cols: number;
  rows: number;
  /** Row-major: `values[row * cols + col]` is the loss at (w(col), b(row)); row 0 is b = bMin. */
  values: Float64Array;
  min: number;
  max: number;
}

/**
 * A window that holds every given line (e.g. the start of the descent and the least-squares answer) with
 * a margin around them, at least `minSpan` wide on each axis, centred on their bounding box. Lines with
 * non-finite parameters are ignored.
 */
export function surfaceWindow(
  lines: readonly Line[],
  options: { margin?: number; minSpan?: number } = {},
): SurfaceWindow {
  const { margin = 0.35, minSpan = 1 } = options;
  const finite = lines.filter((l) => Number.isFinite(l.w) && Number.isFinite(l.b));
  const ws = finite.map((l) => l.w);
  const bs = finite.map((l) => l.b);
  const range = (values: number[]): [number, number] => {
    if (values.length === 0) return [-minSpan / 2, minSpan / 2];
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const half = Math.max(hi - lo, minSpan) * (0.5 + margin);
    const mid = (lo + hi) / 2;
    return [mid - half, mid + half];
  };
  const [wMin, wMax] = range(ws);
  const [bMin, bMax] = range(bs);
  return { wMin, wMax, bMin, bMax };
}

/** The parameters at grid node (col, row). */
export function gridNode(
  grid: SurfaceWindow & { cols: number; rows: number },
  col: number,
  row: number,
): Line {
  return {
    w: grid.wMin + (col * (grid.wMax - grid.wMin)) / (grid.cols - 1),
    b: grid.bMin + (row * (grid.bMax - grid.bMin)) / (grid.rows - 1),
  };
}

/**
 * Samples the MSE over a window. The points are reduced to their {@link moments} once, so each node costs
 * a handful of multiplications however many points there are. `cols` and `rows` are at least 2.
 */
export function lossGrid(
  points: readonly Point[],
  window: SurfaceWindow,
  cols: number,
  rows: number,
): LossGrid {
  if (cols < 2 || rows < 2) throw new RangeError('a loss grid needs at least 2 × 2 nodes');
  const m = moments(points);
  const values = new Float64Array(cols * rows);
  const grid = { ...window, cols, rows, values, min: Infinity, max: -Infinity };
  const dw = (window.wMax - window.wMin) / (cols - 1);
  const db = (window.bMax - window.bMin) / (rows - 1);
  for (let row = 0; row < rows; row++) {
    const b = window.bMin + row * db;
    for (let col = 0; col < cols; col++) {
      const value = mseFromMoments(m, { w: window.wMin + col * dw, b });
      values[row * cols + col] = value;
      if (value < grid.min) grid.min = value;
      if (value > grid.max) grid.max = value;
    }
  }
  return grid;
}

/**
 * Contour levels above a minimum: min + (max − min)·(k/count)² for k = 1…count. On a bowl-shaped
 * (quadratic) surface the loss grows with the square of the distance from the bottom, so these levels
 * give evenly spaced rings.
 */
export function contourLevels(min: number, max: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => min + (max - min) * ((i + 1) / count) ** 2);
}

/** A piece of a contour line from (w1, b1) to (w2, b2). */
export type Segment = [w1: number, b1: number, w2: number, b2: number];

/**
 * The contour line at `level` by marching squares: each grid cell whose corners lie on both sides of the
 * level contributes a segment between the edge crossings, found by linear interpolation along the edges.
 */
export function contourSegments(grid: LossGrid, level: number): Segment[] {
  const { cols, rows, values } = grid;
  const dw = (grid.wMax - grid.wMin) / (cols - 1);
  const db = (grid.bMax - grid.bMin) / (rows - 1);
  const segments: Segment[] = [];
  const at = (col: number, row: number) => values[row * cols + col] ?? 0;
  for (let row = 0; row < rows - 1; row++) {
    for (let col = 0; col < cols - 1; col++) {
      // Corners counter-clockwise from bottom-left: (col,row) (col+1,row) (col+1,row+1) (col,row+1).
      const v0 = at(col, row);
      const v1 = at(col + 1, row);
      const v2 = at(col + 1, row + 1);
      const v3 = at(col, row + 1);
      const index = (v0 > level ? 1 : 0) | (v1 > level ? 2 : 0) | (v2 > level ? 4 : 0) | (v3 > level ? 8 : 0);
      if (index === 0 || index === 15) continue;
      const w0 = grid.wMin + col * dw;
      const b0 = grid.bMin + row * db;
      const t = (a: number, b: number) => (a === b ? 0.5 : (level - a) / (b - a));
      // Crossing points on the four edges: bottom, right, top, left.
      const bottom = (): [number, number] => [w0 + t(v0, v1) * dw, b0];
      const right = (): [number, number] => [w0 + dw, b0 + t(v1, v2) * db];
      const top = (): [number, number] => [w0 + t(v3, v2) * dw, b0 + db];
      const left = (): [number, number] => [w0, b0 + t(v0, v3) * db];
      const push = (p: [number, number], q: [number, number]) => segments.push([p[0], p[1], q[0], q[1]]);
      switch (index) {
        case 1:
        case 14:
          push(left(), bottom());
          break;
        case 2:
        case 13:
          push(bottom(), right());
          break;
        case 3:
        case 12:
          push(left(), right());
          break;
        case 4:
        case 11:
          push(right(), top());
          break;
        case 6:
        case 9:
          push(bottom(), top());
          break;
        case 7:
        case 8:
          push(left(), top());
          break;
        case 5:
        case 10: {
          // A saddle cell: the centre's value decides which corners connect.
          const centreAbove = (v0 + v1 + v2 + v3) / 4 > level;
          if ((index === 5) === centreAbove) {
            push(left(), top());
            push(bottom(), right());
          } else {
            push(left(), bottom());
            push(right(), top());
          }
          break;
        }
      }
    }
  }
  return segments;
}
