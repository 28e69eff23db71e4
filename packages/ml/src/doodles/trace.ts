/**
 * Drawings for tests and benchmarks, as the pen strokes a mouse can draw: a Quick, Draw! bitmap traced back
 * into lines, and a stick figure with a few knobs to vary it.
 */
import { DOODLE_SIZE, type DoodleStroke } from './raster.ts';

/**
 * A 28×28 bitmap as straight strokes, in its own pixel units (pixel centres at x + 0.5): every run of two or
 * more inked pixels in a row, a column or a diagonal, from the centre of its first pixel to the centre of its
 * last. The anti-aliased 1-pixel lines of the Quick, Draw! bitmaps come back as lines again (a row-by-row
 * trace alone loses the upright ones).
 */
export function inkStrokes(bitmap: Float32Array, threshold = 0.35): DoodleStroke[] {
  const ink = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < DOODLE_SIZE && y < DOODLE_SIZE && (bitmap[y * DOODLE_SIZE + x] ?? 0) > threshold;
  const strokes: DoodleStroke[] = [];
  for (const [dx, dy] of [
    [1, 0],
    [0, 1],
    [1, 1],
    [-1, 1],
  ] as const) {
    for (let y = 0; y < DOODLE_SIZE; y++) {
      for (let x = 0; x < DOODLE_SIZE; x++) {
        if (!ink(x, y) || ink(x - dx, y - dy)) continue;
        let n = 0;
        while (ink(x + dx * (n + 1), y + dy * (n + 1))) n++;
        if (n > 0) strokes.push({ x: [x + 0.5, x + dx * n + 0.5], y: [y + 0.5, y + dy * n + 0.5] });
      }
    }
  }
  return strokes;
}

export interface StickFigureShape {
  /** How far the hands hang below (+) or rise above (−) the shoulders. */
  arms: number;
  /** How far apart the feet are, beyond the usual. */
  legs: number;
  /** The head's radius. */
  head: number;
  /** Sideways shift of the whole figure. */
  dx: number;
}

/** A stick figure (head, body, arms, legs) in units of 0–100. */
export function stickFigure({ arms, legs, head, dx }: StickFigureShape): DoodleStroke[] {
  const mid = 50 + dx;
  const turns = Array.from({ length: 17 }, (_, i) => (i / 16) * 2 * Math.PI);
  return [
    { x: turns.map((a) => mid + head * Math.cos(a)), y: turns.map((a) => 20 + head * Math.sin(a)) },
    { x: [mid, mid], y: [20 + head, 62] },
    { x: [mid - 22, mid, mid + 22], y: [40 + arms, 40, 40 + arms] },
    { x: [mid - 16 - legs, mid, mid + 16 + legs], y: [88, 62, 88] },
  ];
}

/** Strokes moved and scaled: each point p becomes offset + p × scale. */
export function placeStrokes(
  strokes: readonly DoodleStroke[],
  scale: number,
  offset = { x: 0, y: 0 },
): DoodleStroke[] {
  return strokes.map((s) => ({
    x: s.x.map((v) => offset.x + v * scale),
    y: s.y.map((v) => offset.y + v * scale),
  }));
}
