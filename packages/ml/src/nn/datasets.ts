/**
 * Two-class data sets on the plane [−6, 6]² (labels −1 and +1), generated from a seed so that a shared link
 * shows every student the same points. Noise (0 … 0.5) blurs the classes into each other.
 */
import { gaussian, seededRandom, type Rng } from '../random.ts';

/** A labelled point: x1 across, x2 up, label −1 or +1. */
export interface Example {
  x1: number;
  x2: number;
  label: number;
}

/** Half the width of the plane: points and heat maps cover [−DOMAIN, DOMAIN]². */
export const DOMAIN = 6;

export const GENERATED_DATASETS = ['circle', 'xor', 'gauss', 'spiral'] as const;
export type GeneratedDataset = (typeof GENERATED_DATASETS)[number];

const uniform = (rng: Rng, lo: number, hi: number) => lo + rng() * (hi - lo);

/**
 * A disc of +1 inside a ring of −1 (radius 5). The label is decided after noise moves the point, so with noise
 * some points near the gap carry the other class's label. No straight line separates them.
 */
function circle(n: number, noise: number, rng: Rng): Example[] {
  const radius = 5;
  const points: Example[] = [];
  const add = (rMin: number, rMax: number) => {
    const r = uniform(rng, rMin, rMax);
    const angle = uniform(rng, 0, 2 * Math.PI);
    const x1 = r * Math.sin(angle);
    const x2 = r * Math.cos(angle);
    const nx = uniform(rng, -radius, radius) * noise;
    const ny = uniform(rng, -radius, radius) * noise;
    const label = Math.hypot(x1 + nx, x2 + ny) < radius * 0.5 ? 1 : -1;
    points.push({ x1, x2, label });
  };
  for (let i = 0; i < n / 2; i++) add(0, radius * 0.5);
  for (let i = 0; i < n / 2; i++) add(radius * 0.7, radius);
  return points;
}

/** XOR: +1 where x1 and x2 have the same sign (two opposite quadrants), −1 in the other two. */
function xor(n: number, noise: number, rng: Rng): Example[] {
  const padding = 0.3;
  const points: Example[] = [];
  for (let i = 0; i < n; i++) {
    let x1 = uniform(rng, -5, 5);
    x1 += x1 > 0 ? padding : -padding;
    let x2 = uniform(rng, -5, 5);
    x2 += x2 > 0 ? padding : -padding;
    const nx = uniform(rng, -5, 5) * noise;
    const ny = uniform(rng, -5, 5) * noise;
    const label = (x1 + nx) * (x2 + ny) >= 0 ? 1 : -1;
    points.push({ x1, x2, label });
  }
  return points;
}

/** Two Gaussian clouds around (2, 2) (+1) and (−2, −2) (−1); noise widens them until they overlap. */
function gauss(n: number, noise: number, rng: Rng): Example[] {
  // Variance from 0.5 (noise 0) to 4 (noise 0.5).
  const variance = 0.5 + (noise / 0.5) * 3.5;
  const sd = Math.sqrt(variance);
  const points: Example[] = [];
  const add = (cx: number, cy: number, label: number) => {
    for (let i = 0; i < n / 2; i++) {
      points.push({ x1: cx + sd * gaussian(rng), x2: cy + sd * gaussian(rng), label });
    }
  };
  add(2, 2, 1);
  add(-2, -2, -1);
  return points;
}

/** Two interleaved spiral arms, one per class: the hardest set, it needs several layers or sin features. */
function spiral(n: number, noise: number, rng: Rng): Example[] {
  const points: Example[] = [];
  const arm = (deltaT: number, label: number) => {
    const count = n / 2;
    for (let i = 0; i < count; i++) {
      const r = (i / count) * 5;
      const t = 1.75 * (i / count) * 2 * Math.PI + deltaT;
      points.push({
        x1: r * Math.sin(t) + uniform(rng, -1, 1) * noise,
        x2: r * Math.cos(t) + uniform(rng, -1, 1) * noise,
        label,
      });
    }
  };
  arm(0, 1);
  arm(Math.PI, -1);
  return points;
}

const GENERATORS: Record<GeneratedDataset, (n: number, noise: number, rng: Rng) => Example[]> = {
  circle,
  xor,
  gauss,
  spiral,
};

/** `n` labelled points of a named data set; the same (name, n, noise, seed) always gives the same points. */
export function generateDataset(name: GeneratedDataset, n: number, noise: number, seed: number): Example[] {
  return GENERATORS[name](n, noise, seededRandom(seed));
}

/**
 * Shuffles a copy of `examples` (Fisher–Yates, seeded) and cuts it into a training part of `trainRatio`
 * (0 … 1) and a test part: the network learns from the first and is judged on the second, points it has
 * never seen.
 */
export function splitData(
  examples: readonly Example[],
  trainRatio: number,
  seed: number,
): { train: Example[]; test: Example[] } {
  const shuffled = [...examples];
  const rng = seededRandom(seed);
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const a = shuffled[i] as Example;
    shuffled[i] = shuffled[j] as Example;
    shuffled[j] = a;
  }
  const cut = Math.round(shuffled.length * trainRatio);
  return { train: shuffled.slice(0, cut), test: shuffled.slice(cut) };
}
