/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same sequence on every
 * machine, so an experiment (a dataset, a training run, a population of birds) can be replayed exactly.
 */
export type Rng = () => number;

/** Returns a generator of floats in [0, 1) for a 32-bit seed. */
export function seededRandom(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A normally distributed sample (mean 0, deviation 1) by the Box–Muller transform. */
export function gaussian(rng: Rng): number {
  let u = 0;
  while (u === 0) u = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
