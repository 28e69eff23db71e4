import { describe, expect, it } from 'vitest';
import { FLAPPY, newBird } from '../flappy/physics.ts';
import { birdShape, fitnessOf, FlappyEvolution, type GenerationStats } from './flappy-evolution.ts';

/** Runs generations until one bird passes `target` pipes (or `limit` generations); returns the history. */
function evolveUntil(seed: number, target: number, limit: number): GenerationStats[] {
  const evo = new FlappyEvolution({ seed, populationSize: 50, maxScore: target });
  for (let g = 0; g < limit; g++) {
    if (evo.runGeneration().best >= target) break;
  }
  return evo.history;
}

describe('neuroevolution plays Flappy Bird', () => {
  it.each([1, 42, 2024])('seed %i: a bird passes 50 pipes within 50 generations', (seed) => {
    const history = evolveUntil(seed, 50, 50);
    const last = history[history.length - 1]!;
    expect(last.best).toBe(50);
    expect(history.length).toBeLessThanOrEqual(50);
    // Evolution did the work: the first, random, generation was far from it.
    expect(history[0]!.best).toBeLessThan(50);
    console.info(
      `seed ${seed}: 50 pipes at generation ${last.generation}; bests ${history.map((h) => h.best).join(', ')}`,
    );
  });

  it('the same seed gives identical generations twice; other seeds differ', () => {
    const run = (seed: number) => {
      const evo = new FlappyEvolution({ seed, maxScore: 30 });
      for (let g = 0; g < 12; g++) evo.runGeneration();
      return { history: evo.history, champion: evo.population[0] };
    };
    const a = run(2024);
    const b = run(2024);
    expect(b.history).toEqual(a.history);
    expect(b.champion).toEqual(a.champion);
    const others = [run(2025), run(7)];
    for (const other of others) expect(other.history).not.toEqual(a.history);
    // Not just the same scores by another route: the fitness values differ too.
    expect(others[0]!.history.map((h) => h.averageFitness)).not.toEqual(
      a.history.map((h) => h.averageFitness),
    );
  });

  it('improves the population on average, not just its luckiest bird', () => {
    const evo = new FlappyEvolution({ seed: 42, maxScore: 100 });
    for (let g = 0; g < 20; g++) evo.runGeneration();
    const early = evo.history.slice(0, 3).reduce((s, h) => s + h.average, 0) / 3;
    const late = evo.history.slice(-5).reduce((s, h) => s + h.average, 0) / 5;
    expect(early).toBeLessThan(1);
    expect(late).toBeGreaterThan(5);
  });

  it('keeps the population size and every network shape across generations', () => {
    const evo = new FlappyEvolution({ seed: 3, populationSize: 12, hidden: 4, maxScore: 10 });
    for (let g = 0; g < 5; g++) evo.runGeneration();
    expect(evo.generation).toBe(6);
    expect(evo.population).toHaveLength(12);
    expect(evo.world.birds).toHaveLength(12);
    for (const genome of evo.population) {
      expect(genome.shape).toEqual(birdShape(4));
      expect(genome.weights.map((w) => w.length)).toEqual([12, 4]);
      expect(genome.biases.map((b) => b.length)).toEqual([4, 1]);
    }
    const acts = evo.activations(evo.leader());
    expect(acts.map((a) => a.length)).toEqual([3, 4, 1]);
    expect(acts[2]![0]).toBeGreaterThan(0);
    expect(acts[2]![0]).toBeLessThan(1);
  });

  it('scores fitness by steps survived plus a bonus for crashing close to the gap', () => {
    const bonus = FLAPPY.PIPE_SPACING / (2 * FLAPPY.SPEED);
    const bird = { ...newBird(), steps: 100 };
    expect(fitnessOf(bird)).toBe(100 + bonus);
    expect(fitnessOf({ ...bird, crashGapOffset: -FLAPPY.HEIGHT / 2 })).toBe(100 + bonus / 2);
    expect(fitnessOf({ ...bird, crashGapOffset: 3 * FLAPPY.HEIGHT })).toBe(100);
  });

  it('ends a generation when all birds crashed, with stats for every generation in order', () => {
    const evo = new FlappyEvolution({ seed: 8, populationSize: 10, maxScore: 5 });
    let ended: GenerationStats | null = null;
    let steps = 0;
    while (!ended) {
      ended = evo.step();
      steps++;
    }
    expect(ended.generation).toBe(1);
    expect(ended.steps).toBe(steps);
    expect(evo.generation).toBe(2);
    expect(evo.world.time).toBe(0);
    expect(ended.best).toBeGreaterThanOrEqual(ended.average);
    expect(() => new FlappyEvolution({ populationSize: 1 })).toThrow();
  });
});
