/**
 * Box geometry for text detection: the smallest rotated rectangle around a region of pixels, growing it
 * ("unclip": the detector draws text regions a bit thinner than the letters), and reading order.
 */
export type Point = [number, number];

export interface RotatedRect {
  /** Corner points clockwise from the top-left as the text reads: top-left, top-right, bottom-right, bottom-left. */
  corners: [Point, Point, Point, Point];
  /** Length along the text (top-left → top-right) and across it. */
  width: number;
  height: number;
}

export interface AxisBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Convex hull (Andrew's monotone chain), counter-clockwise, no repeated points. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * The smallest-area rectangle around the points (rotating calipers over the hull's edges), its corners in
 * reading order: the long side is "along the text" unless the box is much taller than wide.
 */
export function minAreaRect(points: readonly Point[]): RotatedRect {
  const hull = convexHull(points);
  if (hull.length === 0) throw new Error('minAreaRect of no points');
  let best: { area: number; ux: number; uy: number; min: Point; max: Point } | undefined;
  const edges = hull.length === 1 ? 1 : hull.length;
  for (let i = 0; i < edges; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    let ux = b[0] - a[0];
    let uy = b[1] - a[1];
    const length = Math.hypot(ux, uy);
    if (length === 0) {
      ux = 1;
      uy = 0;
    } else {
      ux /= length;
      uy /= length;
    }
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const [x, y] of hull) {
      const u = x * ux + y * uy;
      const v = -x * uy + y * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (!best || area < best.area) best = { area, ux, uy, min: [minU, minV], max: [maxU, maxV] };
  }
  const { ux, uy, min, max } = best!;
  const toXY = (u: number, v: number): Point => [u * ux - v * uy, u * uy + v * ux];
  return orderRect([toXY(min[0], min[1]), toXY(max[0], min[1]), toXY(max[0], max[1]), toXY(min[0], max[1])]);
}

/** Corners in reading order: the top-left first, along the longer side (text runs left to right). */
export function orderRect(corners: Point[]): RotatedRect {
  // Clockwise on screen (y down) means positive signed area.
  const area = corners.reduce((sum, p, i) => {
    const q = corners[(i + 1) % corners.length]!;
    return sum + (p[0] * q[1] - q[0] * p[1]);
  }, 0);
  const ring = area < 0 ? [...corners].reverse() : [...corners];
  const side = (i: number) =>
    Math.hypot(ring[(i + 1) % 4]![0] - ring[i]![0], ring[(i + 1) % 4]![1] - ring[i]![1]);
  // Start on a long side, running rightwards (or downwards for vertical text).
  let start = side(0) >= side(1) ? 0 : 1;
  const dx = ring[(start + 1) % 4]![0] - ring[start]![0];
  const dy = ring[(start + 1) % 4]![1] - ring[start]![1];
  if (dx < 0 || (dx === 0 && dy < 0)) start += 2;
  const c = [0, 1, 2, 3].map((k) => ring[(start + k) % 4]!) as [Point, Point, Point, Point];
  return { corners: c, width: side(start % 4), height: side((start + 1) % 4) };
}

/**
 * Grows the rectangle by `distance = area × ratio / perimeter` on every side, as PaddleOCR's DB
 * post-processing does (its polygon offset of a rectangle is this rectangle with rounded corners).
 */
export function unclip(rect: RotatedRect, ratio = 1.5): RotatedRect {
  const { corners, width, height } = rect;
  const perimeter = 2 * (width + height);
  if (perimeter === 0) return rect;
  const d = (width * height * ratio) / perimeter;
  const [tl, tr, , bl] = corners;
  const along: Point = width > 0 ? [(tr[0] - tl[0]) / width, (tr[1] - tl[1]) / width] : [1, 0];
  const across: Point =
    height > 0 ? [(bl[0] - tl[0]) / height, (bl[1] - tl[1]) / height] : [-along[1], along[0]];
  const at = (p: Point, su: number, sv: number): Point => [
    p[0] + su * d * along[0] + sv * d * across[0],
    p[1] + su * d * along[1] + sv * d * across[1],
  ];
  return {
    corners: [at(corners[0], -1, -1), at(corners[1], 1, -1), at(corners[2], 1, 1), at(corners[3], -1, 1)],
    width: width + 2 * d,
    height: height + 2 * d,
  };
}

/** Axis-aligned bounds of the points, clipped to a width × height image. */
export function boundsOf(points: readonly Point[], width = Infinity, height = Infinity): AxisBox {
  const xs = points.map((p) => Math.min(width, Math.max(0, p[0])));
  const ys = points.map((p) => Math.min(height, Math.max(0, p[1])));
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * Reading order: lines whose vertical middles are within half a line height of each other count as one row
 * (left to right); rows top to bottom.
 */
export function readingOrder<T extends { box: AxisBox }>(items: readonly T[]): T[] {
  const byTop = [...items].sort((a, b) => a.box.y - b.box.y);
  const rows: T[][] = [];
  for (const item of byTop) {
    const middle = item.box.y + item.box.height / 2;
    const row = rows.find((r) => {
      const first = r[0]!.box;
      return Math.abs(first.y + first.height / 2 - middle) < Math.min(first.height, item.box.height) / 2;
    });
    if (row) row.push(item);
    else rows.push([item]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.box.x - b.box.x));
}
