/**
 * Pen strokes that write a 28×28 digit back, row by row: how a test (or a demo) can "hand-write" a real
 * MNIST digit with a mouse.
 */
import { DIGIT_SIZE } from './preprocess.ts';

/**
 * The lab's drawing pad: its own pixels (shown at any CSS size) and the pen's width in them. A digit written
 * across most of the pad then has strokes about as thick, relative to its height, as MNIST's (2–3 pixels of
 * 20).
 */
export const PAD = { pixels: 280, pen: 22 } as const;

/** A straight pen stroke, in pixels of the 28×28 image (pixel centres at x + 0.5). */
export interface Stroke {
  from: { x: number; y: number };
  to: { x: number; y: number };
}

/**
 * One horizontal stroke per run of ink (pixels above `threshold`) in each row, from the centre of the run's
 * first pixel to the centre of its last. With a pen about two pixels wide, the strokes cover the digit.
 */
export function rowStrokes(pixels: Float32Array, threshold = 0.5): Stroke[] {
  const strokes: Stroke[] = [];
  for (let y = 0; y < DIGIT_SIZE; y++) {
    let start = -1;
    for (let x = 0; x <= DIGIT_SIZE; x++) {
      const ink = x < DIGIT_SIZE && (pixels[y * DIGIT_SIZE + x] ?? 0) > threshold;
      if (ink && start < 0) start = x;
      if (!ink && start >= 0) {
        strokes.push({ from: { x: start + 0.5, y: y + 0.5 }, to: { x: x - 0.5, y: y + 0.5 } });
        start = -1;
      }
    }
  }
  return strokes;
}
