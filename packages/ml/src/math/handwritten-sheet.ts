/**
 * Composes a "handwritten" worksheet from real handwriting: every digit is an MNIST digit (from the held-out
 * part, so the network never saw it), every operator and bracket one our generator draws with a fresh seed;
 * dots are small round blobs. Lines are laid out like a child's page: characters side by side with uneven
 * gaps, a little up and down. The result is an ink image (1 = ink); `inkToRgba` turns it into a photo-like
 * page of dark ink on white paper.
 */
import { type Rng } from '../random.ts';
import { digitImage, type DigitSet } from '../digits/dataset.ts';
import { boundingBox, crop, type GreyImage } from '../digits/preprocess.ts';
import { drawSymbol, type MathSymbol } from './symbols.ts';
import type { RgbaImage } from './segment.ts';
import { sampleBilinear } from '../bilinear.ts';

/** Where to get each digit's handwriting: a set of digit images and a random pick of one with that label. */
export function digitPicker(set: DigitSet, rng: Rng): (digit: number) => GreyImage {
  const byLabel = new Map<number, number[]>();
  for (let i = 0; i < set.count; i++) {
    const label = set.labels[i] ?? 0;
    byLabel.set(label, [...(byLabel.get(label) ?? []), i]);
  }
  return (digit) => {
    const options = byLabel.get(digit) ?? [];
    const index = options[Math.floor(rng() * options.length)] ?? 0;
    const image: GreyImage = {
      width: 28,
      height: 28,
      pixels: Float32Array.from(digitImage(set, index), (v) => v / 255),
    };
    const box = boundingBox(image, 0.1);
    return box ? crop(image, box) : image;
  };
}

/** Line height in pixels: MNIST digits are about 20 px tall. */
const LINE = 40;

function glyph(char: string, rng: Rng, digit: (d: number) => GreyImage): { image: GreyImage; dy: number } {
  if (/\d/.test(char)) return { image: digit(Number(char)), dy: 0 };
  if (char === '.') {
    const r = 1.3 + rng() * 0.8;
    const side = Math.ceil(2 * r + 2);
    const pixels = new Float32Array(side * side);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const d = Math.hypot(x + 0.5 - side / 2, y + 0.5 - side / 2);
        pixels[y * side + x] = Math.max(0, Math.min(1, r + 0.5 - d));
      }
    }
    // Sits on the baseline.
    return { image: { width: side, height: side, pixels }, dy: 10 - side / 2 };
  }
  const tall = char === '(' || char === ')';
  const drawn = drawSymbol(char as MathSymbol, rng, tall ? 20 : 12 + Math.floor(rng() * 4));
  const box = boundingBox(drawn, 0.1);
  return { image: box ? crop(drawn, box) : drawn, dy: 0 };
}

export interface ComposedSheet {
  /** The page's ink, 0 paper to 1 ink. */
  ink: GreyImage;
  /** Each line's vertical band, top to bottom. */
  lines: { y0: number; y1: number }[];
}

/** Writes `lines` (canonical text: digits, + - × ÷ = ( ) . …) one under the other. */
export function composeSheet(
  lines: readonly string[],
  rng: Rng,
  digit: (d: number) => GreyImage,
): ComposedSheet {
  const placed: { image: GreyImage; x: number; y: number }[] = [];
  const bands: { y0: number; y1: number }[] = [];
  let width = 0;
  lines.forEach((line, row) => {
    const mid = 30 + row * (LINE + 16) + LINE / 2;
    let x = 20 + Math.floor(rng() * 10);
    for (const char of line.replace(/…/g, '...')) {
      if (char === ' ') {
        x += 4 + Math.floor(rng() * 4);
        continue;
      }
      const { image, dy } = glyph(char, rng, digit);
      const y = Math.round(mid - image.height / 2 + dy + (rng() * 2 - 1) * 1.5);
      placed.push({ image, x, y });
      x += image.width + (char === '.' ? 2 : 3) + Math.floor(rng() * 3);
    }
    width = Math.max(width, x + 20);
    bands.push({ y0: mid - LINE / 2, y1: mid + LINE / 2 });
  });
  const height = 30 + lines.length * (LINE + 16) + 14;
  const pixels = new Float32Array(width * height);
  for (const { image, x, y } of placed) {
    for (let gy = 0; gy < image.height; gy++) {
      for (let gx = 0; gx < image.width; gx++) {
        const k = (y + gy) * width + x + gx;
        if (y + gy >= 0 && y + gy < height)
          pixels[k] = Math.max(pixels[k] ?? 0, image.pixels[gy * image.width + gx] ?? 0);
      }
    }
  }
  return { ink: { width, height, pixels }, lines: bands };
}

/**
 * The ink as a page photo, `scale` times larger (bilinear): dark blue-grey ink on off-white paper, the
 * way the lab's pipeline sees an upload.
 */
export function inkToRgba(ink: GreyImage, scale = 2): RgbaImage {
  const width = Math.round(ink.width * scale);
  const height = Math.round(ink.height * scale);
  const data = new Uint8ClampedArray(width * height * 4);
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= ink.width || y >= ink.height ? 0 : (ink.pixels[y * ink.width + x] ?? 0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = sampleBilinear(at, (x + 0.5) / scale - 0.5, (y + 0.5) / scale - 0.5);
      const k = (y * width + x) * 4;
      data[k] = 250 - v * 215;
      data[k + 1] = 248 - v * 210;
      data[k + 2] = 240 - v * 180;
      data[k + 3] = 255;
    }
  }
  return { width, height, data };
}
