import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { runEpisode, trendImproves } from './episodes.ts';
import {
  followPolicy,
  GridMazeEnvironment,
  MAZE_IDS,
  MAZE_REWARDS,
  MAZES,
  mazeStep,
  parseMaze,
  shortestSteps,
  type Maze,
} from './grid-maze.ts';
import { QLearner } from './q-learning.ts';

/** The test's own breadth-first search over the string art, independent of the module's moves. */
function bfsSteps(maze: Maze): number {
  const open = (r: number, c: number) =>
    r >= 0 && c >= 0 && r < maze.height && c < maze.width && !maze.walls[r * maze.width + c];
  const seen = new Map([[maze.start, 0]]);
  const queue = [maze.start];
  while (queue.length > 0) {
    const cell = queue.shift()!;
    if (cell === maze.goal) return seen.get(cell)!;
    const [r, c] = [Math.floor(cell / maze.width), cell % maze.width];
    for (const [nr, nc] of [
      [r - 1, c],
      [r + 1, c],
      [r, c - 1],
      [r, c + 1],
    ] as const) {
      const next = nr * maze.width + nc;
      if (open(nr, nc) && !seen.has(next)) {
        seen.set(next, seen.get(cell)! + 1);
        queue.push(next);
      }
    }
  }
  return -1;
}

function train(maze: Maze, episodes: number, seed: number) {
  const env = new GridMazeEnvironment(maze);
  const learner = new QLearner(
    { states: env.stateCount, actions: env.actionCount, alpha: 0.5, gamma: 0.9, epsilon: 0.2 },
    seededRandom(seed),
  );
  const rewards: number[] = [];
  for (let i = 0; i < episodes; i++) rewards.push(runEpisode(env, learner, Infinity).reward);
  return { learner, rewards };
}

describe('grid maze', () => {
  it('reads string art and refuses broken art', () => {
    const maze = parseMaze(['S.#', '..G']);
    expect(maze).toMatchObject({ width: 3, height: 2, start: 0, goal: 5 });
    expect(Array.from(maze.walls)).toEqual([0, 0, 1, 0, 0, 0]);
    expect(() => parseMaze(['S.', '.'])).toThrow(/row 1/);
    expect(() => parseMaze(['S.', '..'])).toThrow(/goal/);
    expect(() => parseMaze(['SG', 'S.'])).toThrow(/one start/);
    expect(() => parseMaze(['SGx'])).toThrow(/'x'/);
  });

  it('pays −1 a step, −5 at a wall (staying put) and +20 at the goal, which ends the episode', () => {
    const maze = parseMaze(['S.#', '..G']);
    expect(mazeStep(maze, 0, 1)).toEqual({ state: 1, reward: MAZE_REWARDS.step, done: false });
    expect(mazeStep(maze, 1, 1)).toEqual({ state: 1, reward: MAZE_REWARDS.bump, done: false }); // wall
    expect(mazeStep(maze, 0, 0)).toEqual({ state: 0, reward: MAZE_REWARDS.bump, done: false }); // edge
    expect(mazeStep(maze, 4, 1)).toEqual({ state: 5, reward: MAZE_REWARDS.goal, done: true });
  });

  it('times an episode out after its step limit', () => {
    const env = new GridMazeEnvironment(parseMaze(['S.#', '..G']), 3);
    env.reset();
    expect(env.step(0).truncated).toBeUndefined();
    expect(env.step(0).truncated).toBeUndefined();
    expect(env.step(0)).toEqual({ state: 0, reward: MAZE_REWARDS.bump, done: false, truncated: true });
    expect(env.reset()).toBe(0);
    expect(env.steps).toBe(0);
  });

  it('has named mazes whose goal can be reached', () => {
    expect(MAZE_IDS).toEqual(['first', 'corridors', 'spiral']);
    expect([MAZES.first.width, MAZES.corridors.width, MAZES.spiral.width]).toEqual([5, 7, 7]);
    for (const id of MAZE_IDS) expect(shortestSteps(MAZES[id])).toBe(bfsSteps(MAZES[id]));
    expect(bfsSteps(MAZES.first)).toBe(8);
  });

  it('learns the same table from the same seed, and a different one from another seed', () => {
    const a = train(MAZES.first, 30, 11);
    const b = train(MAZES.first, 30, 11);
    const c = train(MAZES.first, 30, 12);
    expect(Array.from(a.learner.q)).toEqual(Array.from(b.learner.q));
    expect(a.rewards).toEqual(b.rewards);
    expect(c.rewards).not.toEqual(a.rewards);
  });

  for (const id of MAZE_IDS) {
    it(`on '${id}' the reward trend improves and the greedy path is a shortest one`, () => {
      const maze = MAZES[id];
      const { learner, rewards } = train(maze, 400, 5);
      expect(trendImproves(rewards)).toBe(true);
      const before = followPolicy(maze, () => 0);
      expect(before.reachesGoal).toBe(false);
      const { path, reachesGoal } = followPolicy(maze, (cell) => learner.greedy(cell));
      expect(reachesGoal).toBe(true);
      expect(path.length - 1).toBe(bfsSteps(maze));
    });
  }
});
