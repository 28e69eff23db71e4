/**
 * Ages a photo on purpose, the way old prints get damaged, so the lab has a "before" whose "after" we know:
 * - fading: the colours drift towards a yellow-brown (sepia) tint and lose contrast, as old dyes do;
 * - grain: random speckle on every pixel (film grain and dust);
 * - scratches: long thin lines, mostly up and down (a print dragged across grit), light or dark;
 * - spots: small round blobs (mould, water drops, dirt).
 * Everything is drawn from a seeded generator, so the same seed ages the same photo the same way on every
 * machine. The scratches and spots are also returned as a mask: exactly where the photo was damaged, which
 * tests and the lab use to measure how well a repair brings those pixels back.
 */
import { gaussian, seededRandom, type Rng } from '../random.ts';
import { cloneImage, type RgbaImage } from './image.ts';

export interface DamageOptions {
  seed: number;
  /** How many scratches (default 7). */
  scratches?: number;
  /** How many spots (default 14). */
  spots?: number;
  /** 0 (none) to 1 (strongly faded, brown and flat); default 0.6. */
  fade?: number;
  /** Grain: the standard deviation of the speckle in brightness levels 0–255 (default 6). */
  noise?: number;
}

export interface DamagedPhoto {
  image: RgbaImage;
  /** 255 where a scratch or spot covers the pixel, 0 elsewhere (width × height). */
  mask: Uint8Array;
}

/** Sepia tint of a brightness: warm highlights, brown shadows. */
function sepia(l: number): [number, number, number] {
  return [Math.min(255, l * 1.07 + 18), Math.min(255, l * 0.93 + 10), Math.min(255, l * 0.72 + 4)];
}

/** Fading: towards sepia by `amount`, then contrast squeezed towards a light mid-tone. */
function fadePixels(image: RgbaImage, amount: number) {
  const { data } = image;
  const squeeze = 1 - 0.45 * amount;
  const middle = 150;
  for (let i = 0; i < data.length; i += 4) {
    const l = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    const tint = sepia(l);
    for (let c = 0; c < 3; c++) {
      const mixed = data[i + c]! * (1 - amount) + tint[c]! * amount;
      data[i + c] = middle + (mixed - middle) * squeeze;
    }
  }
}

/** Grain: the same random offset on the three channels of a pixel (grain has no colour). */
function addGrain(image: RgbaImage, sigma: number, rng: Rng) {
  if (sigma <= 0) return;
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const n = gaussian(rng) * sigma;
    data[i] = data[i]! + n;
    data[i + 1] = data[i + 1]! + n;
    data[i + 2] = data[i + 2]! + n;
  }
}

/** Paints a filled disc (sub-pixel centre) in one grey level, marking the mask. */
function stampDisc(
  image: RgbaImage,
  mask: Uint8Array,
  cx: number,
  cy: number,
  radius: number,
  level: number,
) {
  const { width, height, data } = image;
  const r2 = radius * radius;
  for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
    if (y < 0 || y >= height) continue;
    for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
      if (x < 0 || x >= width) continue;
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      if (dx * dx + dy * dy > r2) continue;
      const p = y * width + x;
      mask[p] = 255;
      data[p * 4] = level;
      data[p * 4 + 1] = level;
      data[p * 4 + 2] = level * 0.97;
    }
  }
}

/** A light or a dark damage level, light ones more often (scratches in the emulsion show the white paper). */
function damageLevel(rng: Rng): number {
  return rng() < 0.7 ? 232 + rng() * 23 : 18 + rng() * 22;
}

/** A scratch: a gently wandering line, mostly vertical, 1–3 px wide, across a good part of the photo. */
function drawScratch(image: RgbaImage, mask: Uint8Array, rng: Rng) {
  const { width, height } = image;
  const vertical = rng() < 0.75;
  const length = (0.35 + rng() * 0.6) * (vertical ? height : width);
  let x = rng() * width;
  let y = rng() * height * (vertical ? 0.4 : 1);
  let angle = vertical ? Math.PI / 2 + (rng() - 0.5) * 0.5 : (rng() - 0.5) * Math.PI;
  if (!vertical) x = rng() * width * 0.4;
  const radius = 0.6 + rng() * 0.9;
  const level = damageLevel(rng);
  for (let walked = 0; walked < length; walked += 0.5) {
    stampDisc(image, mask, x, y, radius, level);
    angle += (rng() - 0.5) * 0.06;
    x += Math.cos(angle) * 0.5;
    y += Math.sin(angle) * 0.5;
  }
}

/** A spot: a few overlapping discs, 2–6 px across in all, so its edge is not a perfect circle. */
function drawSpot(image: RgbaImage, mask: Uint8Array, rng: Rng) {
  const cx = rng() * image.width;
  const cy = rng() * image.height;
  const size = 1.2 + rng() * 2.2;
  const level = damageLevel(rng);
  for (let k = 0; k < 4; k++)
    stampDisc(
      image,
      mask,
      cx + (rng() - 0.5) * size,
      cy + (rng() - 0.5) * size,
      size * (0.6 + rng() * 0.4),
      level,
    );
}

/**
 * The photo aged as described above, and where it was scratched or spotted. The original is not changed.
 */
export function damagePhoto(original: RgbaImage, options: DamageOptions): DamagedPhoto {
  const rng = seededRandom(options.seed);
  const image = cloneImage(original);
  const mask = new Uint8Array(image.width * image.height);
  fadePixels(image, Math.min(1, Math.max(0, options.fade ?? 0.6)));
  addGrain(image, options.noise ?? 6, rng);
  for (let i = 0; i < (options.scratches ?? 7); i++) drawScratch(image, mask, rng);
  for (let i = 0; i < (options.spots ?? 14); i++) drawSpot(image, mask, rng);
  return { image, mask };
}

/**
 * A smaller copy: every `factor` × `factor` block of pixels averaged into one, the way a low-resolution
 * camera collects light. The size is rounded down (a leftover edge strip is dropped).
 */
export function downscale(image: RgbaImage, factor: number): RgbaImage {
  const f = Math.max(1, Math.floor(factor));
  const width = Math.max(1, Math.floor(image.width / f));
  const height = Math.max(1, Math.floor(image.height / f));
  const data = new Uint8ClampedArray(width * height * 4);
  const area = f * f;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sums = [0, 0, 0, 0];
      for (let dy = 0; dy < f; dy++)
        for (let dx = 0; dx < f; dx++) {
          const i = ((y * f + dy) * image.width + (x * f + dx)) * 4;
          for (let c = 0; c < 4; c++) sums[c]! += image.data[i + c]!;
        }
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) data[o + c] = sums[c]! / area;
    }
  return { width, height, data };
}
