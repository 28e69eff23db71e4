/**
 * Q-learning on the robot world's line track (issue 27 "Robots that learn", budget: a steady lap within 60 s
 * wall time at top speed): in Node, from a fresh learner with the page's rates, the wall seconds and episodes
 * until the greedy policy drives a steady lap (two full laps in one test drive), as the panel's session runs
 * it (its greedy test drive after every episode included): for the page's first seed, and the slowest of
 * seeds 1–10.
 */
import {
  LINE_DEFAULT_RATES,
  LineSession,
} from '../../../apps/web/src/features/embodiment/learning/line-session.ts';
import { driveGreedy } from '../../../apps/web/src/lib/robot-world/line-track-env.ts';

export const name = 'robot learning (line track)';

/** Give up after this many episodes: far more than it needs. */
const MAX_EPISODES = 300;
const TARGET = 'target: under 60 s';

function untilSteadyLap(seed: number): {
  seconds: number;
  episodes: number;
  firstLap: number;
  steady: boolean;
} {
  const start = performance.now();
  const session = new LineSession(LINE_DEFAULT_RATES, seed);
  let steady = false;
  while (!steady && session.episodes < MAX_EPISODES) {
    while (!session.step());
    // The session's own test drive stops after one lap's time; a steady lap is two in a row.
    if (session.testDrive!.laps >= 1) steady = driveGreedy(session.learner, 900).laps >= 2;
  }
  const seconds = (performance.now() - start) / 1000;
  return { seconds, episodes: session.episodes, firstLap: session.firstLapAfter ?? -1, steady };
}

export function run(): { label: string; value: number; unit: string; note: string }[] {
  const first = untilSteadyLap(1);
  const seeds = Array.from({ length: 10 }, (_, i) => untilSteadyLap(i + 1));
  const slowest = seeds.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  const failed = seeds.filter((s) => !s.steady).length;
  const firstNote = first.steady ? TARGET : `no steady lap in ${MAX_EPISODES} episodes`;
  return [
    {
      label: 'wall time to a steady greedy lap (seed 1)',
      value: +first.seconds.toFixed(2),
      unit: 's',
      note: firstNote,
    },
    {
      label: 'episodes to a steady greedy lap (seed 1)',
      value: first.episodes,
      unit: 'episodes',
      note: firstNote,
    },
    {
      label: 'episodes to the first greedy lap (seed 1)',
      value: first.firstLap,
      unit: 'episodes',
      note: 'test drive of 600 actions (30 s simulated) after each episode',
    },
    {
      label: 'slowest of seeds 1–10 to a steady greedy lap',
      value: +slowest.seconds.toFixed(2),
      unit: 's',
      note: `${TARGET}; ${failed} of 10 seeds found none in ${MAX_EPISODES} episodes; most episodes: ${Math.max(...seeds.map((s) => s.episodes))}`,
    },
  ];
}
