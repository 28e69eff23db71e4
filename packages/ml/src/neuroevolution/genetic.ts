/**
 * The genetic algorithm: from one generation of genomes and their fitness, breed the next. Four ideas:
 *
 * - fitness: a number saying how well a genome did (here: how far its bird flew);
 * - selection: fitter genomes are more likely to become parents;
 * - crossover: a child takes each of its weights from one of two parents;
 * - mutation: a few of the child's weights are nudged by random noise, so new behaviour can appear.
 *
 * All randomness comes from the `Rng` passed in, so the same seed breeds the same generations.
 */
import { gaussian, type Rng } from '../random.ts';
import { cloneGenome, type Genome } from './network.ts';

export interface BreedOptions {
  /** Best genomes copied unchanged into the next generation (elitism: the best is never lost). */
  elites: number;
  /** Genomes drawn at random for each tournament; the fittest of them becomes a parent. */
  tournamentSize: number;
  /** Probability that a child has two parents (otherwise it is a copy of one, before mutation). */
  crossoverRate: number;
  /** Probability that each weight or bias of a child is mutated. */
  mutationRate: number;
  /** Deviation of the normal noise added to a mutated weight. */
  mutationScale: number;
}

export const DEFAULT_BREED_OPTIONS: BreedOptions = {
  elites: 2,
  tournamentSize: 3,
  crossoverRate: 0.7,
  mutationRate: 0.05,
  mutationScale: 0.5,
};

/**
 * Tournament selection: draw `size` genomes uniformly (with replacement) and return the index of the fittest.
 * The chance of being picked grows with rank, not with the raw fitness value, so one lucky outlier cannot take
 * over the population in one generation, and the worst genome is picked only if it is drawn `size` times.
 */
export function tournamentSelect(fitness: readonly number[], size: number, rng: Rng): number {
  let best = Math.floor(rng() * fitness.length);
  for (let k = 1; k < size; k++) {
    const i = Math.floor(rng() * fitness.length);
    if (fitness[i]! > fitness[best]!) best = i;
  }
  return best;
}

function assertSameShape(a: Genome, b: Genome): void {
  if (a.shape.length !== b.shape.length || a.shape.some((n, i) => n !== b.shape[i])) {
    throw new Error(`cannot cross shapes [${a.shape.join(', ')}] and [${b.shape.join(', ')}]`);
  }
}

/**
 * Uniform crossover: the child's genome has the parents' shape, and each weight and bias is copied from
 * parent `a` or parent `b` with probability ½ each.
 */
export function crossover(a: Genome, b: Genome, rng: Rng): Genome {
  assertSameShape(a, b);
  const child = cloneGenome(a);
  const mix = (target: Float64Array[], other: Float64Array[]) => {
    for (let l = 0; l < target.length; l++) {
      const t = target[l]!;
      const o = other[l]!;
      for (let i = 0; i < t.length; i++) if (rng() < 0.5) t[i] = o[i]!;
    }
  };
  mix(child.weights, b.weights);
  mix(child.biases, b.biases);
  return child;
}

/**
 * Gaussian mutation, in place: each weight and bias, with probability `rate`, gets `scale · N(0, 1)` added.
 * The shape never changes. Returns how many numbers were changed.
 */
export function mutate(genome: Genome, rate: number, scale: number, rng: Rng): number {
  let changed = 0;
  for (const arrays of [genome.weights, genome.biases]) {
    for (const values of arrays) {
      for (let i = 0; i < values.length; i++) {
        if (rng() < rate) {
          values[i] = values[i]! + gaussian(rng) * scale;
          changed += 1;
        }
      }
    }
  }
  return changed;
}

/**
 * One generation → the next, of the same size. The population is ranked by fitness (ties keep their order);
 * the `elites` best are copied unchanged (ranked first, so index 0 is the previous champion); every other child
 * has parents chosen by tournament, is crossed over with probability `crossoverRate` (otherwise copies its
 * first parent), and is mutated.
 */
export function breed(
  population: readonly Genome[],
  fitness: readonly number[],
  rng: Rng,
  options: BreedOptions = DEFAULT_BREED_OPTIONS,
): Genome[] {
  if (population.length !== fitness.length) throw new Error('one fitness value per genome');
  const order = population.map((_, i) => i).sort((i, j) => fitness[j]! - fitness[i]!);
  const next: Genome[] = [];
  const elites = Math.min(options.elites, population.length);
  for (let k = 0; k < elites; k++) next.push(cloneGenome(population[order[k]!]!));
  while (next.length < population.length) {
    const a = population[tournamentSelect(fitness, options.tournamentSize, rng)]!;
    let child: Genome;
    if (rng() < options.crossoverRate) {
      const b = population[tournamentSelect(fitness, options.tournamentSize, rng)]!;
      child = crossover(a, b, rng);
    } else {
      child = cloneGenome(a);
    }
    mutate(child, options.mutationRate, options.mutationScale, rng);
    next.push(child);
  }
  return next;
}
