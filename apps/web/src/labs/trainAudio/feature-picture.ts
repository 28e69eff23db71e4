/**
 * Draws the model's input (43 frames × 232 bins of dB, see features.ts) as a picture: time left to right,
 * pitch bottom to top, brighter is louder. Thumbnails and "under the hood" share it, so a student sees
 * exactly what the model is given.
 */
import { FEATURE_BINS, FEATURE_FRAMES, FLOOR_DB } from '@ai-edu/ml/audio/features.ts';

const TOP_DB = -20;

/** Paints `db` onto the canvas at its own size (43 × 232 pixels; CSS scales it). */
export function drawFeatures(canvas: HTMLCanvasElement, db: Float32Array): void {
  canvas.width = FEATURE_FRAMES;
  canvas.height = FEATURE_BINS;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const image = ctx.createImageData(FEATURE_FRAMES, FEATURE_BINS);
  for (let t = 0; t < FEATURE_FRAMES; t++) {
    for (let k = 0; k < FEATURE_BINS; k++) {
      const value = Math.min(
        1,
        Math.max(0, ((db[t * FEATURE_BINS + k] ?? FLOOR_DB) - FLOOR_DB) / (TOP_DB - FLOOR_DB)),
      );
      // Low pitches at the bottom.
      const at = ((FEATURE_BINS - 1 - k) * FEATURE_FRAMES + t) * 4;
      image.data[at] = Math.round(255 * Math.min(1, value * 1.6));
      image.data[at + 1] = Math.round(255 * Math.max(0, value * 1.6 - 0.6));
      image.data[at + 2] = Math.round(90 * (1 - value) + 40);
      image.data[at + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
}

let player: AudioContext | null = null;

/** Plays a clip through the speakers (one shared context for the whole lab). */
export function playClip(samples: Float32Array, sampleRate: number): void {
  player ??= new AudioContext();
  const buffer = player.createBuffer(1, samples.length, sampleRate);
  buffer.copyToChannel(Float32Array.from(samples), 0);
  const source = player.createBufferSource();
  source.buffer = buffer;
  source.connect(player.destination);
  source.start();
}
