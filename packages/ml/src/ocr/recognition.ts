/**
 * Line recognition (CRNN + CTC), the parts around the model: cutting a (slightly rotated) line out of the
 * image at the recogniser's height, and reading its output one time step at a time (CTC greedy decoding).
 */
import type { Point, RotatedRect } from './geometry.ts';

/** The recogniser's input height (PP-OCRv4). */
export const LINE_HEIGHT = 48;
/** Lines are cut at most this wide (a very long line is squeezed: wider costs time, not accuracy). */
export const MAX_LINE_WIDTH = 1600;

export interface RgbaImage {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

export interface LineCrop {
  /** Float input [1, 3, height, width]: BGR planes scaled to −1…1. */
  tensor: Float32Array;
  width: number;
  height: number;
}

/**
 * Samples the rectangle (corners in image pixels, reading order) into a `height`-pixel-high strip, keeping
 * its aspect ratio, with bilinear interpolation: crop, rotate upright and resize in one pass.
 */
export function cropLine(
  image: RgbaImage,
  rect: RotatedRect,
  height = LINE_HEIGHT,
  maxWidth = MAX_LINE_WIDTH,
): LineCrop {
  const [tl, tr, , bl] = rect.corners;
  const width = Math.max(8, Math.min(maxWidth, Math.round((height * rect.width) / Math.max(1, rect.height))));
  const plane = width * height;
  const tensor = new Float32Array(3 * plane);
  const { data, width: iw, height: ih } = image;
  const pixel = (x: number, y: number, c: number) => {
    const cx = Math.min(iw - 1, Math.max(0, x));
    const cy = Math.min(ih - 1, Math.max(0, y));
    return data[(cy * iw + cx) * 4 + c]!;
  };
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const fu = (u + 0.5) / width;
      const fv = (v + 0.5) / height;
      const x = tl[0] + fu * (tr[0] - tl[0]) + fv * (bl[0] - tl[0]) - 0.5;
      const y = tl[1] + fu * (tr[1] - tl[1]) + fv * (bl[1] - tl[1]) - 0.5;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const ax = x - x0;
      const ay = y - y0;
      for (let c = 0; c < 3; c++) {
        const value =
          (1 - ay) * ((1 - ax) * pixel(x0, y0, c) + ax * pixel(x0 + 1, y0, c)) +
          ay * ((1 - ax) * pixel(x0, y0 + 1, c) + ax * pixel(x0 + 1, y0 + 1, c));
        tensor[(2 - c) * plane + v * width + u] = value / 127.5 - 1; // BGR planes
      }
    }
  }
  return { tensor, width, height };
}

/** The same strip turned 180° (when the angle classifier says the line is upside down). */
export function rotateCrop180(crop: LineCrop): LineCrop {
  const plane = crop.width * crop.height;
  const tensor = new Float32Array(crop.tensor.length);
  for (let c = 0; c < 3; c++)
    for (let i = 0; i < plane; i++) tensor[c * plane + i] = crop.tensor[c * plane + (plane - 1 - i)]!;
  return { ...crop, tensor };
}

/** The dictionary as the recogniser counts: 0 is CTC's "blank", then the file's lines, then a space. */
export function ctcAlphabet(dictionaryText: string): string[] {
  const keys = dictionaryText.split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  return ['', ...keys, ' '];
}

export interface DecodedChar {
  text: string;
  confidence: number;
  /** Time steps (columns of the strip, in the model's coarser units) where it was read: [start, end). */
  start: number;
  end: number;
}

export interface DecodedLine {
  text: string;
  /** Mean probability of the kept characters (0 when none). */
  confidence: number;
  chars: DecodedChar[];
  steps: number;
}

/**
 * CTC greedy decoding of probabilities [steps × classes]: the likeliest class at each step, repeats merged,
 * blanks dropped. A character's confidence is its best probability over the steps it spans.
 */
export function ctcGreedyDecode(
  probs: Float32Array,
  steps: number,
  classes: number,
  alphabet: readonly string[],
): DecodedLine {
  const chars: DecodedChar[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -Infinity;
    const row = t * classes;
    for (let k = 0; k < classes; k++) {
      const p = probs[row + k]!;
      if (p > bestP) {
        bestP = p;
        best = k;
      }
    }
    if (best !== 0) {
      const last = chars[chars.length - 1];
      if (best === previous && last) {
        last.end = t + 1;
        last.confidence = Math.max(last.confidence, bestP);
      } else {
        chars.push({ text: alphabet[best] ?? '', confidence: bestP, start: t, end: t + 1 });
      }
    }
    previous = best;
  }
  const kept = chars.filter((c) => c.text !== '');
  const confidence = kept.length ? kept.reduce((s, c) => s + c.confidence, 0) / kept.length : 0;
  return {
    text: kept
      .map((c) => c.text)
      .join('')
      .trim(),
    confidence,
    chars: kept,
    steps,
  };
}

/**
 * A character's quadrilateral in the image: its share of the strip's length (time steps, widened to halfway
 * to its neighbours' spans) along the line's rectangle.
 */
export function charPolygon(rect: RotatedRect, line: DecodedLine, index: number): Point[] {
  const char = line.chars[index]!;
  const before = line.chars[index - 1];
  const after = line.chars[index + 1];
  const from = before ? (before.end + char.start) / 2 : Math.max(0, char.start - 1);
  const to = after ? (char.end + after.start) / 2 : Math.min(line.steps, char.end + 1);
  const [tl, tr, br, bl] = rect.corners;
  const lerp = (a: Point, b: Point, f: number): Point => [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])];
  const f0 = from / line.steps;
  const f1 = to / line.steps;
  return [lerp(tl, tr, f0), lerp(tl, tr, f1), lerp(bl, br, f1), lerp(bl, br, f0)];
}

/** Pads the strip on the right to `width` with zeros (the angle classifier's fixed input). */
export function padCropWidth(crop: LineCrop, width: number): LineCrop {
  if (crop.width >= width) return crop;
  const tensor = new Float32Array(3 * crop.height * width);
  for (let c = 0; c < 3; c++)
    for (let y = 0; y < crop.height; y++)
      tensor.set(
        crop.tensor.subarray((c * crop.height + y) * crop.width, (c * crop.height + y + 1) * crop.width),
        (c * crop.height + y) * width,
      );
  return { tensor, width, height: crop.height };
}
