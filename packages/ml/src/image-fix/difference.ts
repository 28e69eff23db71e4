/**
 * How different two pictures of the same size are, optionally only where a mask is set: the numbers the lab
 * and its tests use to say whether a repair brought the damaged pixels closer to the undamaged photo.
 */
import type { RgbaImage } from './image.ts';

function assertSameSize(a: RgbaImage, b: RgbaImage) {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`pictures differ in size: ${a.width}×${a.height} and ${b.width}×${b.height}`);
}

/**
 * Mean absolute difference of the red, green and blue values (0 = identical, 255 = opposite), over the
 * pixels where `mask` is above 0, or over all pixels without a mask. NaN when the mask selects nothing.
 */
export function meanAbsDifference(a: RgbaImage, b: RgbaImage, mask?: Uint8Array): number {
  assertSameSize(a, b);
  let sum = 0;
  let n = 0;
  const pixels = a.width * a.height;
  for (let p = 0; p < pixels; p++) {
    if (mask && !mask[p]) continue;
    const i = p * 4;
    sum +=
      Math.abs(a.data[i]! - b.data[i]!) +
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) +
      Math.abs(a.data[i + 2]! - b.data[i + 2]!);
    n += 3;
  }
  return n ? sum / n : NaN;
}

/**
 * Peak signal-to-noise ratio in decibels, the usual score of a restored picture: 10·log10(255² / mean
 * squared error). Higher is closer; Infinity for identical pictures.
 */
export function psnr(a: RgbaImage, b: RgbaImage, mask?: Uint8Array): number {
  assertSameSize(a, b);
  let sum = 0;
  let n = 0;
  const pixels = a.width * a.height;
  for (let p = 0; p < pixels; p++) {
    if (mask && !mask[p]) continue;
    const i = p * 4;
    for (let c = 0; c < 3; c++) {
      const d = a.data[i + c]! - b.data[i + c]!;
      sum += d * d;
    }
    n += 3;
  }
  if (!n) return NaN;
  const mse = sum / n;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** A 256-bin histogram of brightness (Rec. 601), for the contrast panel's before/after chart. */
export function brightnessHistogram(image: RgbaImage): Uint32Array {
  const bins = new Uint32Array(256);
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const l = Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!);
    bins[Math.min(255, Math.max(0, l))]!++;
  }
  return bins;
}
