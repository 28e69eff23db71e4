/**
 * Episodes: one try from the start until the task ends (the goal is reached) or time runs out. The learner
 * improves from try to try; the reward of each try, plotted, shows whether it is learning.
 */
import type { QLearner } from './q-learning.ts';

/** What happened after one action. */
export interface StepResult {
  state: number;
  reward: number;
  /** The task is over (the goal is reached): nothing more can be earned from here. */
  done: boolean;
  /**
   * The episode was stopped from outside (a step limit), though the task is not over. The learner still
   * counts on the future (it bootstraps) for this step; only the episode ends.
   */
  truncated?: boolean;
}

/** A world the learner can act in, with states and actions numbered from 0. */
export interface Environment {
  readonly stateCount: number;
  readonly actionCount: number;
  /** Starts a new episode; returns the start state. */
  reset(): number;
  step(action: number): StepResult;
}

export interface EpisodeResult {
  /** The sum of the rewards of every step. */
  reward: number;
  steps: number;
  /** Whether the episode ended by itself (`done`) rather than by a step limit. */
  finished: boolean;
}

/** Plays one episode, learning after every step (act → step → update). */
export function runEpisode(env: Environment, learner: QLearner, maxSteps: number): EpisodeResult {
  let state = env.reset();
  let reward = 0;
  for (let steps = 1; steps <= maxSteps; steps++) {
    const action = learner.act(state);
    const result = env.step(action);
    learner.update(state, action, result.reward, result.state, result.done);
    reward += result.reward;
    state = result.state;
    if (result.done) return { reward, steps, finished: true };
    if (result.truncated) return { reward, steps, finished: false };
  }
  return { reward, steps: maxSteps, finished: false };
}

/**
 * The mean of each value and the `window − 1` before it (fewer at the start), so the line begins at the first
 * episode. Smooths the noisy reward-per-episode curve into a trend.
 */
export function movingAverage(values: readonly number[], window: number): number[] {
  if (!Number.isInteger(window) || window < 1)
    throw new Error(`window must be a positive integer, got ${window}`);
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= window) sum -= values[i - window]!;
    out.push(sum / Math.min(i + 1, window));
  }
  return out;
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * Did the learner get better? True when the mean reward of the last quarter of the episodes is higher than
 * that of the first quarter. A trend over episodes, not a time: it holds however fast the episodes ran.
 * Needs at least 4 episodes.
 */
export function trendImproves(rewards: readonly number[]): boolean {
  if (rewards.length < 4) return false;
  const quarter = Math.floor(rewards.length / 4);
  return mean(rewards.slice(-quarter)) > mean(rewards.slice(0, quarter));
}
