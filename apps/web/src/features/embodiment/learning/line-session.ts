/**
 * One learning session on the physics line track, as the panel shows it: the environment (a RobotWorld on
 * the 'line' arena), the learner, each finished episode's reward and laps, and after each episode a test
 * drive of the greedy policy (what the robot has learned, without exploring). Plain objects, no DOM.
 */
import { seededRandom } from '@ai-edu/ml/random.ts';
import { QLearner } from '@ai-edu/ml/rl/index.ts';
import { driveGreedy, LineTrackEnv, type LineEpisodeStats } from '../../../lib/robot-world/line-track-env.ts';
import type { Rates } from './maze-session.ts';

/** The line track learns faster with a gentler α and less exploring (a random move can lose the line). */
export const LINE_DEFAULT_RATES: Rates = { alpha: 0.3, gamma: 0.9, epsilon: 0.1 };
/** Actions per episode (900 × 50 ms = 45 s of simulated time: about two laps). */
export const LINE_STEP_LIMIT = 900;
/** The greedy test drive's limit: long enough for one full lap and a bit. */
export const TEST_DRIVE_LIMIT = 600;

export class LineSession {
  readonly env = new LineTrackEnv(LINE_STEP_LIMIT);
  readonly learner: QLearner;
  /** Total reward of each finished episode, in order. */
  readonly rewards: number[] = [];
  /** Laps driven in each finished episode (exploring included). */
  readonly laps: number[] = [];
  /** Actions (50 ms each) of each finished episode. */
  readonly moves: number[] = [];
  /** The last greedy test drive, after the last finished episode; null before the first. */
  testDrive: LineEpisodeStats | null = null;
  /** The first episode after which the greedy policy drove a full lap (1-based), or null. */
  firstLapAfter: number | null = null;
  private state: number;

  constructor(rates: Rates, seed: number) {
    this.learner = new QLearner(
      { states: this.env.stateCount, actions: this.env.actionCount, ...rates },
      seededRandom(seed),
    );
    this.state = this.env.reset();
  }

  setRates(rates: Rates): void {
    this.learner.alpha = rates.alpha;
    this.learner.gamma = rates.gamma;
    this.learner.epsilon = rates.epsilon;
  }

  get episodes(): number {
    return this.rewards.length;
  }

  get world() {
    return this.env.world;
  }

  /** The state the robot is in now (for the Q-table's highlighted row). */
  get position(): number {
    return this.state;
  }

  /** One act → step → learn (one action, 3 physics steps). Returns true when it ended an episode. */
  step(): boolean {
    const from = this.state;
    const action = this.learner.act(from);
    const result = this.env.step(action);
    this.learner.update(from, action, result.reward, result.state, result.done);
    this.state = result.state;
    if (!result.done && !result.truncated) return false;
    this.rewards.push(this.env.stats.reward);
    this.laps.push(this.env.stats.laps);
    this.moves.push(this.env.stats.steps);
    this.testDrive = driveGreedy(this.learner, TEST_DRIVE_LIMIT);
    if (this.firstLapAfter === null && this.testDrive.laps >= 1) this.firstLapAfter = this.episodes;
    this.state = this.env.reset();
    return true;
  }

  /** Steps until `stop()` says so (checked every action) or `maxSteps` actions are done. */
  runFor(stop: () => boolean, maxSteps = Number.POSITIVE_INFINITY): number {
    let steps = 0;
    while (steps < maxSteps && !stop()) {
      this.step();
      steps++;
    }
    return steps;
  }
}
