/** Seeded example data for regression lessons: points scattered around a known line. */
import { gaussian, seededRandom } from '../random.ts';
import type { Line, Point } from './linear.ts';

export interface LinearDataOptions {
  /** Seed of the generator: the same seed gives the same points. */
  seed: number;
  /** How many points. */
  count: number;
  /** The true line the points scatter around. */
  line: Line;
  /** Standard deviation of the Gaussian noise added to y. */
  noise: number;
  /** x is drawn uniformly from [xMin, xMax). */
  xMin: number;
  xMax: number;
  /** Optional limits y is clamped to (e.g. an exam score stays within 0–100). */
  yMin?: number;
  yMax?: number;
  /** Decimal places both coordinates are rounded to (data as a person would write it down). */
  decimals?: number;
}

/** Points y = w·x + b + noise with x uniform in a range, reproducible from the seed. */
export function linearData(options: LinearDataOptions): Point[] {
  const { seed, count, line, noise, xMin, xMax, yMin = -Infinity, yMax = Infinity, decimals } = options;
  const rng = seededRandom(seed);
  const round = (v: number) => (decimals === undefined ? v : Number(v.toFixed(decimals)));
  return Array.from({ length: count }, () => {
    const x = xMin + rng() * (xMax - xMin);
    const y = line.w * x + line.b + noise * gaussian(rng);
    return { x: round(x), y: round(Math.min(yMax, Math.max(yMin, y))) };
  });
}
