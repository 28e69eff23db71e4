/**
 * One learning session in a maze, as the panel shows it: the environment, the learner, the rewards of every
 * finished episode, the current episode's trail and what the last step did. Plain objects, no DOM: the
 * panel's animation loop calls `step()` or `runEpisodes()` and then draws.
 */
import { seededRandom } from '@ai-edu/ml/random.ts';
import {
  followPolicy,
  GridMazeEnvironment,
  MAZES,
  QLearner,
  shortestSteps,
  type Maze,
  type MazeId,
} from '@ai-edu/ml/rl/index.ts';

export interface Rates {
  alpha: number;
  gamma: number;
  epsilon: number;
}

export const DEFAULT_RATES: Rates = { alpha: 0.5, gamma: 0.9, epsilon: 0.2 };

/** What the last single step did, for the "what is happening" line. */
export interface LastStep {
  from: number;
  action: number;
  reward: number;
  to: number;
  /** Q(from, action) before and after the update. */
  before: number;
  after: number;
  /** The move was not one of the best the robot knew: it explored. */
  explored: boolean;
}

export class MazeSession {
  readonly maze: Maze;
  readonly env: GridMazeEnvironment;
  readonly learner: QLearner;
  readonly shortest: number;
  /** Total reward of each finished episode, in order. */
  readonly rewards: number[] = [];
  /** Steps of each finished episode. */
  readonly steps: number[] = [];
  /** The cells of the episode under way, from the start. */
  trail: number[];
  last: LastStep | null = null;
  private state: number;
  private episodeReward = 0;

  constructor(
    readonly mazeId: MazeId,
    rates: Rates,
    seed: number,
  ) {
    this.maze = MAZES[mazeId];
    this.env = new GridMazeEnvironment(this.maze);
    this.learner = new QLearner(
      { states: this.env.stateCount, actions: this.env.actionCount, ...rates },
      seededRandom(seed),
    );
    this.shortest = shortestSteps(this.maze);
    this.state = this.env.reset();
    this.trail = [this.state];
  }

  setRates(rates: Rates): void {
    this.learner.alpha = rates.alpha;
    this.learner.gamma = rates.gamma;
    this.learner.epsilon = rates.epsilon;
  }

  /** The robot's cell now. */
  get position(): number {
    return this.state;
  }

  get episodes(): number {
    return this.rewards.length;
  }

  /** One act → step → learn. Returns true when it ended an episode (the robot is back at the start). */
  step(): boolean {
    const { learner } = this;
    const from = this.state;
    const action = learner.act(from);
    const explored = learner.get(from, action) < learner.value(from);
    const before = learner.get(from, action);
    const result = this.env.step(action);
    learner.update(from, action, result.reward, result.state, result.done);
    this.last = {
      from,
      action,
      reward: result.reward,
      to: result.state,
      before,
      after: learner.get(from, action),
      explored,
    };
    this.episodeReward += result.reward;
    this.state = result.state;
    this.trail.push(result.state);
    if (!result.done && !result.truncated) return false;
    this.rewards.push(this.episodeReward);
    this.steps.push(this.env.steps);
    this.episodeReward = 0;
    this.state = this.env.reset();
    this.trail = [this.state];
    return true;
  }

  /** Finishes `count` episodes (the one under way counts as the first), unless `stop()` says so first. */
  runEpisodes(count: number, stop: () => boolean = () => false): number {
    let done = 0;
    while (done < count && !stop()) {
      while (!this.step());
      done++;
    }
    return done;
  }

  /** The way the robot would go now if it stopped exploring, and whether that reaches the goal. */
  greedyPath(): { path: number[]; reachesGoal: boolean } {
    return followPolicy(this.maze, (cell) => this.learner.greedy(cell));
  }

  /** Whether the robot has tried anything in `cell` yet (a cell it never left keeps all its Q at 0). */
  visited(cell: number): boolean {
    for (let a = 0; a < this.learner.actions; a++) if (this.learner.get(cell, a) !== 0) return true;
    return false;
  }
}
