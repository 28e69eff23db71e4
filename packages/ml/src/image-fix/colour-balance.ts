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
