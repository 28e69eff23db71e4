/**
 * More training samples from the few a class records: the same sound a little earlier or later (people
 * never make it at exactly the same moment of the window) and with some of the background noise mixed in
 * (the room is never quite the same). Both keep the clip's length and sample rate.
 */
import { type Rng } from '../random.ts';

/** Shifts the sound by up to `maxShift` of its length either way, filling the gap with silence. */
export function timeShift(samples: Float32Array, maxShift: number, rng: Rng): Float32Array {
  const limit = Math.floor(samples.length * maxShift);
  const shift = Math.round((rng() * 2 - 1) * limit);
  const out = new Float32Array(samples.length);
  if (shift >= 0) out.set(samples.subarray(0, samples.length - shift), shift);
  else out.set(samples.subarray(-shift));
  return out;
}

/**
 * Adds a random stretch of `background` (same sample rate) at a random gain in [minGain, maxGain]. The
 * background is looped when shorter than the clip.
 */
export function mixNoise(
  samples: Float32Array,
  background: Float32Array,
  rng: Rng,
  minGain = 0.1,
  maxGain = 0.5,
): Float32Array {
  const out = samples.slice();
  if (background.length === 0) return out;
  const gain = minGain + (maxGain - minGain) * rng();
  const start = Math.floor(rng() * background.length);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! + gain * background[(start + i) % background.length]!;
  return out;
}

/** `copies` augmented versions of each clip: shifted, and (when there is background) mixed with it. */
export function augmentClips(
  clips: readonly Float32Array[],
  backgrounds: readonly Float32Array[],
  copies: number,
  rng: Rng,
): Float32Array[] {
  const out: Float32Array[] = [];
  for (const clip of clips) {
    for (let c = 0; c < copies; c++) {
      let version = timeShift(clip, 0.15, rng);
      const background = backgrounds[Math.floor(rng() * backgrounds.length)];
      if (background) version = mixNoise(version, background, rng);
      out.push(version);
    }
  }
  return out;
}
