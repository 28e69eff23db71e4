import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { breed, crossover, DEFAULT_BREED_OPTIONS, mutate, tournamentSelect } from './genetic.ts';
import { cloneGenome, randomGenome, type Genome } from './network.ts';

const SHAPE = [3, 6, 1];
const shapeOf = (g: Genome) => ({
  shape: [...g.shape],
  weights: g.weights.map((w) => w.length),
  biases: g.biases.map((b) => b.length),
});
const flat = (g: Genome) => [...g.weights, ...g.biases].flatMap((a) => [...a]);

describe('crossover', () => {
  it('keeps the shape and takes every number from one of the two parents, about half from each', () => {
    const rng = seededRandom(3);
    const a = randomGenome([10, 20, 1], rng);
    const b = randomGenome([10, 20, 1], rng);
    const child = crossover(a, b, rng);
    expect(shapeOf(child)).toEqual(shapeOf(a));
    const [fa, fb, fc] = [flat(a), flat(b), flat(child)];
    let fromA = 0;
    fc.forEach((x, i) => {
      expect(x === fa[i] || x === fb[i]).toBe(true);
      if (x === fa[i]) fromA++;
    });
    expect(fromA / fc.length).toBeGreaterThan(0.4);
    expect(fromA / fc.length).toBeLessThan(0.6);
    expect(() => crossover(a, randomGenome(SHAPE, rng), rng)).toThrow(/shapes/);
  });
});

describe('mutation', () => {
  it('keeps the shape and changes about `rate` of the numbers; rate 0 changes nothing', () => {
    const rng = seededRandom(4);
    const g = randomGenome([10, 30, 1], rng);
    const before = flat(g);
    const changed = mutate(g, 0.1, 0.5, rng);
    expect(shapeOf(g)).toEqual(shapeOf(randomGenome([10, 30, 1], rng)));
    const after = flat(g);
    const differing = after.filter((x, i) => x !== before[i]).length;
    expect(differing).toBe(changed);
    expect(changed / after.length).toBeGreaterThan(0.06);
    expect(changed / after.length).toBeLessThan(0.14);
    const untouched = cloneGenome(g);
    expect(mutate(untouched, 0, 0.5, rng)).toBe(0);
    expect(untouched).toEqual(g);
  });
});

describe('selection and breeding', () => {
  it('tournaments favour the fit: with size 3 out of 10 the best wins about 1 − 0.9³ ≈ 27% of them', () => {
    const rng = seededRandom(9);
    const fitness = [5, 1, 9, 3, 7, 2, 8, 4, 6, 0];
    const wins = new Array<number>(10).fill(0);
    const n = 20000;
    for (let k = 0; k < n; k++) wins[tournamentSelect(fitness, 3, rng)]!++;
    expect(wins[2]! / n).toBeGreaterThan(0.25);
    expect(wins[2]! / n).toBeLessThan(0.29);
    // The worst is picked only when drawn three times: 0.1³ = 0.1%.
    expect(wins[9]! / n).toBeLessThan(0.003);
    expect(wins[2]!).toBeGreaterThan(wins[6]!);
  });

  it('breeds a generation of the same size and shape with the elites copied first, fittest first', () => {
    const rng = seededRandom(10);
    const population = Array.from({ length: 20 }, () => randomGenome(SHAPE, rng));
    const fitness = population.map((_, i) => (i * 7) % 20);
    const next = breed(population, fitness, rng, DEFAULT_BREED_OPTIONS);
    expect(next).toHaveLength(20);
    for (const g of next) expect(shapeOf(g)).toEqual(shapeOf(population[0]!));
    const best = fitness.indexOf(19);
    const second = fitness.indexOf(18);
    expect(next[0]).toEqual(population[best]);
    expect(next[1]).toEqual(population[second]);
    expect(next[0]).not.toBe(population[best]);
    // Children are new: none of the others is an unchanged copy of a parent (mutation touched each of them).
    const parents = new Set(population.map((g) => flat(g).join()));
    const unchanged = next.slice(2).filter((g) => parents.has(flat(g).join())).length;
    expect(unchanged).toBeLessThan(3);
    expect(() => breed(population, [1, 2], rng)).toThrow();
  });

  it('without mutation, children only recombine: every number comes from the same place in some parent', () => {
    const rng = seededRandom(11);
    const population = Array.from({ length: 10 }, () => randomGenome(SHAPE, rng));
    const fitness = population.map((_, i) => i);
    const next = breed(population, fitness, rng, { ...DEFAULT_BREED_OPTIONS, mutationRate: 0 });
    const parents = population.map(flat);
    for (const child of next) {
      flat(child).forEach((x, k) => expect(parents.some((p) => p[k] === x)).toBe(true));
    }
  });
});
