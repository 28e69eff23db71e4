/**
 * The painter's noise schedule (a cosine schedule, as in "Improved DDPM", Nichol & Dhariwal 2021): at noise
 * level t of T a picture is √ᾱ(t) parts picture and √(1 − ᾱ(t)) parts noise, from almost clean at t = 0 to
 * almost pure noise at T − 1. Painting walks it backwards in a few big steps (DDIM, Song et al. 2020), which
 * is deterministic: the same starting noise always gives the same picture.
 */

/** ᾱ(t) for t = 0 … T − 1 (how much of the picture is left at each noise level). */
export function alphaBars(levels: number, offset = 0.008): Float64Array {
  const f = (t: number) => Math.cos(((t / levels + offset) / (1 + offset)) * (Math.PI / 2)) ** 2;
  const out = new Float64Array(levels);
  let product = 1;
  for (let t = 0; t < levels; t++) {
    // Each level's β is capped, so the last levels do not wipe out everything at once.
    const beta = Math.min(0.999, 1 - f(t + 1) / f(t));
    product *= 1 - beta;
    out[t] = product;
  }
  return out;
}

/** The noise levels a painting of `steps` steps visits, from the noisiest down to 0. */
export function paintingLevels(levels: number, steps: number): number[] {
  const count = Math.max(1, Math.min(levels, Math.floor(steps)));
  return Array.from({ length: count }, (_, i) =>
    Math.round(((levels - 1) * (count - 1 - i)) / Math.max(1, count - 1)),
  );
}

/** The sinusoidal code of a noise level the network reads (as a Transformer reads a position). */
export function levelCode(level: number, size: number): Float32Array {
  const half = size / 2;
  const out = new Float32Array(size);
  for (let i = 0; i < half; i++) {
    const frequency = Math.exp((-Math.log(10_000) * i) / half);
    out[i] = Math.sin(level * frequency);
    out[half + i] = Math.cos(level * frequency);
  }
  return out;
}
