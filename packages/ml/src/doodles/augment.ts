/**
 * Training variety for the doodle network, so 80 drawings per category teach the shape and not the exact
 * drawings: each time a drawing is shown it is moved, resized and turned a little (`jitterDigit`), and drawn
 * with a thicker or thinner pen. A child's drawing on the page differs in just those ways.
 */
import { jitterDigit, type Jitter } from '../digits/model.ts';
import type { Rng } from '../random.ts';
import { DOODLE_SIZE } from './raster.ts';

export const DOODLE_JITTER: Jitter = { degrees: 12, scale: 0.12, shift: 2 };

/**
 * A thicker pen: every pixel becomes at least `amount` × its darkest neighbour (0: unchanged, 1: every line one
 * pixel wider on each side).
 */
export function thicken(image: Uint8Array, amount: number): Uint8Array {
  if (amount <= 0) return image;
  const out = new Uint8Array(image.length);
  for (let y = 0; y < DOODLE_SIZE; y++) {
    for (let x = 0; x < DOODLE_SIZE; x++) {
      let neighbour = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if ((dx || dy) && nx >= 0 && ny >= 0 && nx < DOODLE_SIZE && ny < DOODLE_SIZE) {
            neighbour = Math.max(neighbour, image[ny * DOODLE_SIZE + nx] ?? 0);
          }
        }
      }
      const own = image[y * DOODLE_SIZE + x] ?? 0;
      out[y * DOODLE_SIZE + x] = Math.max(own, Math.round(neighbour * amount));
    }
  }
  return out;
}

/** One training variant of a doodle: a thicker pen half the time, then a small move, resize and turn. */
export function augmentDoodle(image: Uint8Array, rng: Rng, jitter: Jitter = DOODLE_JITTER): Uint8Array {
  const pen = rng() < 0.5 ? thicken(image, 0.3 + rng() * 0.5) : image;
  return jitterDigit(pen, rng, jitter);
}
