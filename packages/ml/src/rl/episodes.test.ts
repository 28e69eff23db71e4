import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { movingAverage, runEpisode, trendImproves, type Environment } from './episodes.ts';
import { QLearner } from './q-learning.ts';

/** A corridor of `length` cells: action 1 walks right (−1), action 0 stays (−2); the last cell pays +10. */
function corridor(length: number): Environment {
  let at = 0;
  return {
    stateCount: length,
    actionCount: 2,
    reset: () => (at = 0),
    step(action) {
      if (action === 1) at++;
      const done = at === length - 1;
      return { state: at, reward: done ? 10 : action === 1 ? -1 : -2, done };
    },
  };
}

describe('episodes', () => {
  it('runs an episode to its end, summing the rewards and learning on the way', () => {
    const learner = new QLearner({ states: 4, actions: 2, epsilon: 0 }, seededRandom(3));
    learner.q.set([0, 1, 0, 1, 0, 1]); // already walks right
    expect(runEpisode(corridor(4), learner, 100)).toEqual({ reward: -1 - 1 + 10, steps: 3, finished: true });
    expect(learner.get(2, 1)).toBeGreaterThan(1); // the last step was rewarded
  });

  it('stops at maxSteps, and at a step the environment truncates, without finishing', () => {
    // α = 0: it never learns that staying is bad, so it stays put for ever
    const learner = new QLearner({ states: 4, actions: 2, epsilon: 0, alpha: 0 }, seededRandom(3));
    learner.q.set([1, 0, 1, 0, 1, 0]);
    expect(runEpisode(corridor(4), learner, 5)).toEqual({ reward: -10, steps: 5, finished: false });
    const limited: Environment = {
      ...corridor(4),
      step: () => ({ state: 0, reward: -2, done: false, truncated: true }),
    };
    expect(runEpisode(limited, learner, 5)).toEqual({ reward: -2, steps: 1, finished: false });
  });

  it('averages over a moving window that starts short', () => {
    expect(movingAverage([2, 4, 6, 8, 10], 2)).toEqual([2, 3, 5, 7, 9]);
    expect(movingAverage([1, 2, 3], 10)).toEqual([1, 1.5, 2]);
    expect(movingAverage([], 3)).toEqual([]);
    expect(() => movingAverage([1], 0)).toThrow(/window/);
  });

  it('sees a trend when the last quarter beats the first quarter', () => {
    expect(trendImproves([-50, -40, -30, -20, -10, 0, 5, 10])).toBe(true);
    expect(trendImproves([10, 5, 0, -10, -20, -30, -40, -50])).toBe(false);
    expect(trendImproves([1, 1, 1, 1])).toBe(false);
    expect(trendImproves([1, 2, 3])).toBe(false);
  });
});
