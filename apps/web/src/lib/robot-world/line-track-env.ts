/**
 * The physics robot on the line track as a world for tabular Q-learning (issue 27 "Robots that learn").
 * Pure: no DOM, runs in Node.
 *
 * - State (12): what the left and the right line sensor see (2 × 2) and which side saw the line last
 *   (none yet / left / right: 3). The last side tells "lost it to the left" from "lost it to the right".
 * - Actions (3): forward, veer left, veer right, each with fixed motor powers, held for `HOLD_STEPS`
 *   physics steps (50 ms).
 * - Reward: the progress along the loop (how many of the lap line's points the robot moved on, backwards
 *   counts negative), minus a little for every action spent off the line. Lost for too long (`LOST_LIMIT` actions) ends the episode with a penalty.
 */
import type { Environment, StepResult } from '@ai-edu/ml/rl/index.ts';
import { nearestOnLine, type Point } from './arenas.ts';
import { RobotWorld } from './robot-world.ts';

export const LINE_ACTIONS = ['forward', 'left', 'right'] as const;
export type LineAction = (typeof LINE_ACTIONS)[number];
/** Motor powers (left, right) of each action, in percent. */
export const LINE_MOTORS: Readonly<Record<LineAction, readonly [number, number]>> = {
  forward: [80, 80],
  left: [20, 80],
  right: [80, 20],
};
export const LAST_SEEN = ['none', 'left', 'right'] as const;
export type LastSeen = (typeof LAST_SEEN)[number];
export const LINE_STATE_COUNT = 2 * 2 * LAST_SEEN.length;

/** Physics steps (1/60 s each) one action is held for. */
export const HOLD_STEPS = 3;
/** Farther than this from the line's middle (metres) counts as off the line. */
export const OFF_LINE = 0.05;
/** Actions in a row off the line before the episode ends (20 × 50 ms = 1 s). */
export const LOST_LIMIT = 20;
export const LINE_REWARDS = { offLine: -0.5, lost: -20 } as const;
/** Actions before an episode is cut off (900 × 50 ms = 45 s of simulated time: two laps or so). */
export const DEFAULT_LINE_STEP_LIMIT = 900;

export interface LineState {
  left: boolean;
  right: boolean;
  last: LastSeen;
}

/** The state's number: `left · 6 + right · 3 + last`. */
export function lineStateIndex({ left, right, last }: LineState): number {
  return (left ? 6 : 0) + (right ? 3 : 0) + LAST_SEEN.indexOf(last);
}

export function lineStateOf(index: number): LineState {
  if (!Number.isInteger(index) || index < 0 || index >= LINE_STATE_COUNT) {
    throw new Error(`line state ${index} is outside 0…${LINE_STATE_COUNT - 1}`);
  }
  return { left: index >= 6, right: index % 6 >= 3, last: LAST_SEEN[index % 3]! };
}

/** What one episode did, so far or in the end. */
export interface LineEpisodeStats {
  reward: number;
  laps: number;
  steps: number;
}

export class LineTrackEnv implements Environment {
  readonly stateCount = LINE_STATE_COUNT;
  readonly actionCount = LINE_ACTIONS.length;
  /** The world of the current episode (a fresh one each `reset`): the page draws it. */
  world = new RobotWorld('line');
  readonly stats: LineEpisodeStats = { reward: 0, laps: 0, steps: 0 };
  private readonly line: readonly Point[];
  private last: LastSeen = 'none';
  private lastIndex = 0;
  private lost = 0;
  private state = 0;

  constructor(readonly stepLimit = DEFAULT_LINE_STEP_LIMIT) {
    this.line = this.world.arena.lapLine!;
  }

  private get robot() {
    return this.world.robots[0]!;
  }

  private sense(): number {
    const left = this.robot.read('lineLeft') === 1;
    const right = this.robot.read('lineRight') === 1;
    // The state holds the side seen before this reading, so every one of the 12 can happen ("left sees
    // it now, last seen right": the line has just crossed under the robot).
    this.state = lineStateIndex({ left, right, last: this.last });
    // Both at once (a bend) says nothing about the side; keep the one before.
    if (left && !right) this.last = 'left';
    else if (right && !left) this.last = 'right';
    return this.state;
  }

  reset(): number {
    this.world = new RobotWorld('line');
    this.last = 'none';
    this.lost = 0;
    this.lastIndex = nearestOnLine(this.line, this.robot.position).index;
    Object.assign(this.stats, { reward: 0, laps: 0, steps: 0 });
    return this.sense();
  }

  step(action: number): StepResult {
    const name = LINE_ACTIONS[action];
    // A damaged action would silently drive somewhere; refuse it as the Q-learner does.
    if (!Number.isInteger(action) || name === undefined) {
      throw new Error(`action ${action} is outside 0…${LINE_ACTIONS.length - 1}`);
    }
    const [left, right] = LINE_MOTORS[name];
    this.robot.setMotors(left, right);
    for (let i = 0; i < HOLD_STEPS; i++) this.world.step();

    const n = this.line.length;
    const { index, distance } = nearestOnLine(this.line, this.robot.position);
    // Wrapped into −n/2…n/2, so passing the start point is one small step forwards, not a jump back.
    const progress = ((((index - this.lastIndex) % n) + n + n / 2) % n) - n / 2;
    this.lastIndex = index;
    const offLine = distance > OFF_LINE;
    this.lost = offLine ? this.lost + 1 : 0;
    const done = this.lost >= LOST_LIMIT;
    const reward = progress + (offLine ? LINE_REWARDS.offLine : 0) + (done ? LINE_REWARDS.lost : 0);

    this.stats.reward += reward;
    this.stats.steps += 1;
    this.stats.laps = this.robot.laps!.laps;
    const truncated = !done && this.stats.steps >= this.stepLimit;
    return { state: this.sense(), reward, done, truncated };
  }
}

/**
 * Drives one episode with the learner's greedy policy (its best move everywhere, no exploring, no learning):
 * what it has learned, on its own. Deterministic: the physics and the greedy choice have no randomness.
 */
export function driveGreedy(
  learner: { greedy(state: number): number },
  stepLimit = DEFAULT_LINE_STEP_LIMIT,
): LineEpisodeStats {
  const env = new LineTrackEnv(stepLimit);
  let state = env.reset();
  for (;;) {
    const result = env.step(learner.greedy(state));
    state = result.state;
    if (result.done || result.truncated) return { ...env.stats };
  }
}
