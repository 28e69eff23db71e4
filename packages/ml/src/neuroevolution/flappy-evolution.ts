/**
 * Neuroevolution playing Flappy Bird: a population of small networks, each flying one bird through the same
 * course; when every bird has crashed (or one has passed `maxScore` pipes) the generation is scored and the
 * next one is bred from it. Headless and deterministic: one seed fixes the first population, every course and
 * every mutation, so the same seed replays the same lesson step by step.
 */
import { FLAPPY, FlappyWorld, observe, OBSERVATION_SIZE, type Bird } from '../flappy/physics.ts';
import { seededRandom, type Rng } from '../random.ts';
import { breed, DEFAULT_BREED_OPTIONS, type BreedOptions } from './genetic.ts';
import { activationBuffers, forward, randomGenome, type Genome, type Shape } from './network.ts';

/** A network flaps when its output is above this. */
export const FLAP_THRESHOLD = 0.5;

export interface EvolutionConfig {
  seed: number;
  populationSize: number;
  /** Neurons in the single hidden layer. */
  hidden: number;
  /** A generation ends early once its birds have passed this many pipes (Infinity: only when all crashed). */
  maxScore: number;
  breed: BreedOptions;
}

export const DEFAULT_EVOLUTION_CONFIG: EvolutionConfig = {
  seed: 1,
  populationSize: 50,
  hidden: 6,
  maxScore: 100,
  breed: DEFAULT_BREED_OPTIONS,
};

export interface GenerationStats {
  generation: number;
  /** Most pipes passed by one bird. */
  best: number;
  /** Mean pipes passed over the population. */
  average: number;
  /** Highest fitness. */
  bestFitness: number;
  /** Mean fitness. */
  averageFitness: number;
  /** Simulation steps the generation lasted. */
  steps: number;
}

/**
 * Fitness of a bird: the steps it survived (how far it flew), plus up to half a pipe's worth of steps for how
 * close it was to the centre of the next gap when it crashed: `steps + B·(1 − |Δy| / H)` with
 * `B = PIPE_SPACING / (2·SPEED)`. The bonus tells apart birds that crash at the same pipe, so even the first
 * generations, where everyone crashes at pipe 1, have a direction to improve in. A bird still alive gets the full
 * bonus.
 */
export function fitnessOf(bird: Bird): number {
  const bonus = FLAPPY.PIPE_SPACING / (2 * FLAPPY.SPEED);
  const offset = Math.min(1, Math.abs(bird.crashGapOffset) / FLAPPY.HEIGHT);
  return bird.steps + bonus * (1 - offset);
}

/** The network shape of every bird: observations → hidden layer → one output (flap if > 0.5). */
export function birdShape(hidden: number): Shape {
  return [OBSERVATION_SIZE, hidden, 1];
}

export class FlappyEvolution {
  readonly config: EvolutionConfig;
  /** 1 for the first, random, population. */
  generation = 1;
  population: Genome[];
  /** The current generation's birds (bird i is flown by `population[i]`). */
  world: FlappyWorld;
  /** Finished generations, oldest first. */
  readonly history: GenerationStats[] = [];
  private readonly rng: Rng;
  private readonly inputs = new Float64Array(OBSERVATION_SIZE);
  private readonly acts: Float64Array[];

  constructor(config: Partial<EvolutionConfig> = {}) {
    this.config = { ...DEFAULT_EVOLUTION_CONFIG, ...config };
    const { populationSize, hidden, seed } = this.config;
    if (!Number.isInteger(populationSize) || populationSize < 2) throw new Error('population of at least 2');
    this.rng = seededRandom(seed);
    const shape = birdShape(hidden);
    this.acts = activationBuffers(shape);
    this.population = Array.from({ length: populationSize }, () => randomGenome(shape, this.rng));
    this.world = this.newWorld();
  }

  private newWorld(): FlappyWorld {
    // Every generation flies a new course, drawn from the run's generator: the birds must learn to fly, not
    // to memorise one course.
    return new FlappyWorld(Math.floor(this.rng() * 2 ** 32), this.population.length);
  }

  /** Whether network `index` flaps in the current situation of its bird. */
  private decide = (index: number, bird: Bird): boolean => {
    observe(this.world, bird, this.inputs);
    return forward(this.population[index]!, this.inputs, this.acts)[0]! > FLAP_THRESHOLD;
  };

  /**
   * One fixed time step of the current generation. When that ends the generation (all crashed, or the score
   * reached `maxScore`), the generation is scored, the next one is bred, and its stats are returned.
   */
  step(): GenerationStats | null {
    const alive = this.world.step(this.decide);
    if (alive > 0 && this.world.score < this.config.maxScore) return null;
    return this.endGeneration();
  }

  /** Runs the current generation to its end and returns its stats. */
  runGeneration(): GenerationStats {
    for (;;) {
      const stats = this.step();
      if (stats) return stats;
    }
  }

  private endGeneration(): GenerationStats {
    const birds = this.world.birds;
    const fitness = birds.map(fitnessOf);
    let best = 0;
    let scoreSum = 0;
    let bestFitness = -Infinity;
    let fitnessSum = 0;
    for (let i = 0; i < birds.length; i++) {
      best = Math.max(best, birds[i]!.score);
      scoreSum += birds[i]!.score;
      bestFitness = Math.max(bestFitness, fitness[i]!);
      fitnessSum += fitness[i]!;
    }
    const stats: GenerationStats = {
      generation: this.generation,
      best,
      average: scoreSum / birds.length,
      bestFitness,
      averageFitness: fitnessSum / birds.length,
      steps: this.world.time,
    };
    this.history.push(stats);
    this.population = breed(this.population, fitness, this.rng, this.config.breed);
    this.generation += 1;
    this.world = this.newWorld();
    return stats;
  }

  /**
   * The bird worth watching: the first one still alive in population order. The population is ranked after
   * breeding, so while they live that is last generation's champion (index 0), then the runner-up.
   */
  leader(): number {
    const birds = this.world.birds;
    for (let i = 0; i < birds.length; i++) if (birds[i]!.alive) return i;
    return 0;
  }

  /**
   * The activations of network `index` for its bird's current situation (index 0 = the inputs), e.g. to draw
   * the network lighting up. Returns fresh arrays.
   */
  activations(index: number): Float64Array[] {
    const genome = this.population[index]!;
    const bird = this.world.birds[index]!;
    const acts = activationBuffers(genome.shape);
    forward(genome, observe(this.world, bird), acts);
    return acts;
  }
}
