/**
 * Q-learning on the physics line track: the states are numbered without gaps, a broken action is refused,
 * and a seeded learner's reward trend rises until its greedy policy drives a full lap.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@ai-edu/ml/random.ts';
import { decayedEpsilon, QLearner, runEpisode, trendImproves } from '@ai-edu/ml/rl/index.ts';
import {
  driveGreedy,
  LINE_ACTIONS,
  LINE_STATE_COUNT,
  lineStateIndex,
  lineStateOf,
  LineTrackEnv,
} from './line-track-env.ts';

describe('line track environment', () => {
  it('numbers all 12 states 0…11 and reads each number back', () => {
    const seen = new Set<number>();
    for (let s = 0; s < LINE_STATE_COUNT; s++) {
      expect(lineStateIndex(lineStateOf(s))).toBe(s);
      seen.add(lineStateIndex(lineStateOf(s)));
    }
    expect(seen.size).toBe(12);
    expect(() => lineStateOf(12)).toThrow(/outside/);
  });

  it('refuses a damaged action instead of driving somewhere', () => {
    const env = new LineTrackEnv();
    env.reset();
    for (const bad of [-1, LINE_ACTIONS.length, 1.5, Number.NaN]) {
      expect(() => env.step(bad)).toThrow(/outside/);
    }
    expect(env.stats.steps).toBe(0);
  });

  it('ends an episode (done, not truncated) when the robot has lost the line', () => {
    const env = new LineTrackEnv();
    env.reset();
    let result = env.step(0);
    // Straight on only: the first bend leaves it behind.
    while (!result.done && !result.truncated) result = env.step(0);
    expect(result.done).toBe(true);
    expect(env.stats.laps).toBe(0);
  });

  it('learns from a seeded start: the reward trend improves and the greedy policy drives a full lap', () => {
    const env = new LineTrackEnv(600);
    const learner = new QLearner(
      { states: env.stateCount, actions: env.actionCount, alpha: 0.3, gamma: 0.9 },
      seededRandom(1),
    );
    // Before learning, "best" is the first action everywhere: straight on, off the track.
    expect(driveGreedy(learner, 600).laps).toBe(0);
    const rewards: number[] = [];
    let lapAfter = -1;
    for (let episode = 0; episode < 16; episode++) {
      learner.epsilon = decayedEpsilon(0.3, 0.02, 0.85, episode);
      runEpisode(env, learner, Number.POSITIVE_INFINITY);
      rewards.push(env.stats.reward);
      if (lapAfter < 0 && driveGreedy(learner, 600).laps >= 1) lapAfter = episode;
    }
    expect(trendImproves(rewards)).toBe(true);
    expect(lapAfter).toBeGreaterThanOrEqual(0);
  });
});
