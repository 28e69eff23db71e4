/**
 * Automatic colour balance by the "grey world" rule: across a whole everyday photo, red, green and blue
 * average out to about the same amount. An old print that has turned yellow-brown has too much red and too
 * little blue on average, so each channel is multiplied by the gain that brings its average to the common
 * grey. `strength` 0 leaves the photo alone, 1 applies the full correction.
 */
import type { RgbaImage } from './image.ts';

/** The average of each channel (red, green, blue) over the photo. */
export function channelMeans(image: RgbaImage): [number, number, number] {
  const sums = [0, 0, 0];
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    sums[0]! += data[i]!;
    sums[1]! += data[i + 1]!;
    sums[2]! += data[i + 2]!;
  }
  const n = Math.max(1, data.length / 4);
  return [sums[0]! / n, sums[1]! / n, sums[2]! / n];
}

/** The multiplier for each channel that makes its average the grey of all three (capped at 3×). */
export function greyWorldGains(image: RgbaImage): [number, number, number] {
  const means = channelMeans(image);
  const grey = (means[0] + means[1] + means[2]) / 3;
  return means.map((m) => (m > 0 ? Math.min(3, grey / m) : 1)) as [number, number, number];
}

/** The photo with its colour cast removed by `strength` (0–1); alpha is kept. */
export function balanceColours(image: RgbaImage, strength: number): RgbaImage {
  const s = Math.min(1, Math.max(0, strength));
  const gains = greyWorldGains(image).map((g) => 1 + (g - 1) * s);
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = image.data[i]! * gains[0]!;
    data[i + 1] = image.data[i + 1]! * gains[1]!;
    data[i + 2] = image.data[i + 2]! * gains[2]!;
    data[i + 3] = image.data[i + 3]!;
  }
  return { width: image.width, height: image.height, data };
}

/**
 * Automatic levels: a faded photo's darkest pixels are grey and its brightest are not white. Find the
 * brightness below which 1 % of the pixels lie and the one above which 1 % lie, and stretch that range to
 * the full 0–255 (the same straight-line stretch on red, green and blue, so colours keep their hue). The
 * contrast tool does this before CLAHE; `strength` 0–1 blends between the photo and the fully stretched one.
 */
export function stretchLevels(image: RgbaImage, strength: number, clip = 0.01): RgbaImage {
  const s = Math.min(1, Math.max(0, strength));
  const bins = new Uint32Array(256);
  const { data } = image;
  for (let i = 0; i < data.length; i += 4)
    bins[Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!)]!++;
  const pixels = data.length / 4;
  const cut = pixels * clip;
  let low = 0;
  for (let n = 0; low < 255 && n + bins[low]! <= cut; low++) n += bins[low]!;
  let high = 255;
  for (let n = 0; high > 0 && n + bins[high]! <= cut; high--) n += bins[high]!;
  const out = new Uint8ClampedArray(data.length);
  // Nothing to stretch in a flat photo.
  const gain = high > low ? 255 / (high - low) : 1;
  const offset = high > low ? low : 0;
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const v = data[i + c]!;
      out[i + c] = v + ((v - offset) * gain - v) * s;
    }
    out[i + 3] = data[i + 3]!;
  }
  return { width: image.width, height: image.height, data: out };
}
