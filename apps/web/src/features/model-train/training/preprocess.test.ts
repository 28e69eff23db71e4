import { describe, expect, it } from 'vitest';
import { centreSquare, cropResize, imageToInput } from './preprocess.ts';

/** A width×height image whose red channel is the column, green the row, blue 7. */
function ramp(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([x, y, 7, 255], (y * width + x) * 4);
  return { data, width, height };
}

describe('preprocess', () => {
  it('takes the centred square for cls', () => {
    expect(centreSquare(10, 4)).toEqual({ x: 3, y: 0, w: 4, h: 4 });
    const out = imageToInput(ramp(10, 4), 'cls', 4);
    // Same size as the square: pixels copied exactly (red = column 3..6, green = row).
    expect(Array.from(out.slice(0, 3))).toEqual([3, 0, 7]);
    expect(Array.from(out.slice(-3))).toEqual([6, 3, 7]);
  });

  it('stretches the whole image for det, interpolating between pixels', () => {
    const out = imageToInput(ramp(8, 8), 'det', 4);
    // Output pixel 0 samples source 0.5: halfway between columns 0 and 1.
    expect(out[0]).toBeCloseTo(0.5);
    expect(out[1]).toBeCloseTo(0.5);
    expect(out.length).toBe(4 * 4 * 3);
  });

  it('flips horizontally', () => {
    const px = ramp(4, 4);
    const plain = cropResize(px, { x: 0, y: 0, w: 4, h: 4 }, 4);
    const flipped = cropResize(px, { x: 0, y: 0, w: 4, h: 4 }, 4, true);
    expect(flipped[0]).toBe(plain[9]);
  });
});
