import { describe, expect, it } from 'vitest';
import { inkToRgba, pictureCount } from './picture.ts';

describe('the painter’s pictures on screen', () => {
  it('shows ink dark on white paper, picking the picture asked for and clamping stray values', () => {
    // Two 2 × 2 pictures end to end; the second is shown.
    const pictures = Float32Array.from([0, 0, 0, 0, 1, 0, 0.5, 1.7]);
    const rgba = inkToRgba(pictures, 1, 2);
    expect(Array.from(rgba)).toEqual([0, 0, 0, 255, 255, 255, 255, 255, 128, 128, 128, 255, 0, 0, 0, 255]);
    expect(pictureCount(pictures, 2)).toBe(2);
  });
});
