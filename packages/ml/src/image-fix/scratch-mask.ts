/**
 * "Find scratches": a mask of thin light lines and small spots, found with mathematical morphology.
 *
 * The idea, for a 12-year-old: slide a small square window over the grey picture. *Opening* the picture
 * (first take the darkest value in each window, then the brightest of those) wipes out every light thing
 * thinner than the window — a scratch — but keeps big light areas like the sky. Subtract the opened picture
 * from the original and only the thin light things are left: the *white top-hat*. *Closing* (brightest,
 * then darkest) does the same for thin dark things: the *black top-hat*. Where either is stronger than a
 * threshold, we mark the pixel as damaged, then grow the marks by a pixel to cover the scratch's soft edge.
 *
 * A light blur first keeps film grain (single noisy pixels) from being marked. Things in the photo that are
 * genuinely thin (a hair, a wire) are marked too: the student sees the mask and can rub those out.
 */
import { luminance, type RgbaImage } from './image.ts';

export interface ScratchOptions {
  /** The window's side in pixels (odd); things thinner than this count as scratches. Default 9. */
  window?: number;
  /** How much lighter or darker than the surroundings a pixel must be, in levels 0–255. Default 28. */
  threshold?: number;
  /** How many pixels to grow the marks by. Default 1. */
  grow?: number;
}

/**
 * Running minimum or maximum over a window of `size` values along one line (van Herk / Gil–Werman: two
 * passes per block, so the cost does not grow with the window). `read(i)` gives value i of the line.
 */
function runningExtreme(line: Float32Array, size: number, max: boolean, out: Float32Array) {
  const n = line.length;
  const r = Math.floor(size / 2);
  const pick = max ? Math.max : Math.min;
  const edge = max ? -Infinity : Infinity;
  // Prefix (g) and suffix (h) extremes within blocks of `size`, over the line padded by r on both sides.
  const padded = n + 2 * r;
  const g = new Float32Array(padded);
  const h = new Float32Array(padded);
  const at = (i: number) => (i < r || i >= n + r ? edge : line[i - r]!);
  for (let i = 0; i < padded; i++) g[i] = i % size === 0 ? at(i) : pick(g[i - 1]!, at(i));
  for (let i = padded - 1; i >= 0; i--)
    h[i] = i % size === size - 1 || i === padded - 1 ? at(i) : pick(h[i + 1]!, at(i));
  // Window [i, i + size - 1] in padded coordinates is centred on original index i.
  for (let i = 0; i < n; i++) out[i] = pick(h[i]!, g[i + size - 1] ?? h[i]!);
}

/** The minimum (erode) or maximum (dilate) of every size × size square, as two one-dimensional passes. */
export function squareFilter(
  values: Float32Array,
  width: number,
  height: number,
  size: number,
  max: boolean,
): Float32Array {
  const rows = new Float32Array(values.length);
  const line = new Float32Array(width);
  const out = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    line.set(values.subarray(y * width, (y + 1) * width));
    runningExtreme(line, size, max, out);
    rows.set(out, y * width);
  }
  const result = new Float32Array(values.length);
  const column = new Float32Array(height);
  const colOut = new Float32Array(height);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) column[y] = rows[y * width + x]!;
    runningExtreme(column, size, max, colOut);
    for (let y = 0; y < height; y++) result[y * width + x] = colOut[y]!;
  }
  return result;
}

/** A 3 × 3 average (edges use the pixels that exist). */
export function boxBlur3(values: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          sum += values[yy * width + xx]!;
          n++;
        }
      }
      out[y * width + x] = sum / n;
    }
  return out;
}

/**
 * How much each pixel stands out as a thin light or dark thing: max(white top-hat, black top-hat) of the
 * lightly blurred brightness. The "How it works" panel shows this as a picture.
 */
export function topHatResponse(image: RgbaImage, window = 9): Float32Array {
  const size = Math.max(3, Math.floor(window / 2) * 2 + 1);
  const { width, height } = image;
  const grey = boxBlur3(luminance(image), width, height);
  const opened = squareFilter(squareFilter(grey, width, height, size, false), width, height, size, true);
  const closed = squareFilter(squareFilter(grey, width, height, size, true), width, height, size, false);
  const response = new Float32Array(grey.length);
  for (let i = 0; i < grey.length; i++) response[i] = Math.max(grey[i]! - opened[i]!, closed[i]! - grey[i]!);
  return response;
}

/** Grows a 0/255 mask by `steps` pixels (each step: a pixel joins when any of its 8 neighbours is set). */
export function growMask(mask: Uint8Array, width: number, height: number, steps: number): Uint8Array {
  let current = mask;
  for (let s = 0; s < steps; s++) {
    const next = new Uint8Array(current.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let set = 0;
        for (let dy = -1; dy <= 1 && !set; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx >= 0 && xx < width && current[yy * width + xx]) {
              set = 255;
              break;
            }
          }
        }
        next[y * width + x] = set;
      }
    current = next;
  }
  return current;
}

/** The scratch mask of a photo: 255 where a thin light or dark mark was found, else 0. */
export function findScratches(image: RgbaImage, options: ScratchOptions = {}): Uint8Array {
  const { width, height } = image;
  const threshold = options.threshold ?? 28;
  const response = topHatResponse(image, options.window ?? 9);
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = response[i]! > threshold ? 255 : 0;
  return growMask(mask, width, height, options.grow ?? 1);
}
