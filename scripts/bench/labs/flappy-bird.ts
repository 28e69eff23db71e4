/**
 * Flappy Bird neuroevolution, headless in Node (no rendering): how many generations per second a population of
 * 50 networks flies and breeds. Runs are restarted every 30 generations with a new seed, so the mix of short
 * early generations and long later ones (up to the 100-pipe cap) stays the one a lesson sees.
 */
import { FlappyEvolution } from '@ai-edu/ml/neuroevolution/index.ts';

export const name = 'flappy bird neuroevolution';

const POPULATION = 50;
const GENERATIONS_PER_RUN = 30;
const MAX_SCORE = 100;

export async function run(settings: { durationSec: number }) {
  // Warm-up: let the JIT compile the hot loops before timing.
  new FlappyEvolution({ seed: 999, populationSize: POPULATION, maxScore: MAX_SCORE }).runGeneration();

  let generations = 0;
  let steps = 0;
  let decisions = 0;
  let seed = 1;
  let evo = new FlappyEvolution({ seed, populationSize: POPULATION, maxScore: MAX_SCORE });
  const start = performance.now();
  const end = start + settings.durationSec * 1000;
  while (performance.now() < end) {
    let stats = null;
    while (!stats) {
      decisions += evo.world.alive;
      stats = evo.step();
    }
    generations += 1;
    steps += stats.steps;
    if (evo.generation > GENERATIONS_PER_RUN) {
      seed += 1;
      evo = new FlappyEvolution({ seed, populationSize: POPULATION, maxScore: MAX_SCORE });
    }
    await Promise.resolve();
  }
  const seconds = (performance.now() - start) / 1000;

  const solved = new FlappyEvolution({ seed: 1, populationSize: POPULATION, maxScore: 50 });
  while (solved.runGeneration().best < 50 && solved.generation <= 50);

  const note = `population ${POPULATION}, runs of ${GENERATIONS_PER_RUN} generations, cap ${MAX_SCORE} pipes`;
  return [
    { label: 'generations per second', value: generations / seconds, unit: 'gen/s', note },
    {
      label: 'simulation steps per second',
      value: steps / seconds,
      unit: 'steps/s',
      note: '1 step = 1/60 s',
    },
    { label: 'network decisions per second', value: decisions / seconds, unit: 'forward/s' },
    {
      label: 'generation passing 50 pipes (seed 1)',
      value: solved.history.length,
      unit: 'generations',
    },
  ];
}
