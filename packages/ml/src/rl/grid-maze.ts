/**
 * A grid maze for the learner: the robot stands on one cell and moves up, right, down or left. Walls (and
 * the edge of the grid) stop it. The state is simply the cell's number, `row · width + column`.
 *
 * Rewards: −1 for every step (so shorter ways are better), −5 for bumping into a wall (it stays where it
 * is), +20 for reaching the goal, which ends the episode. An episode also stops after `stepLimit` steps,
 * so a lost robot starts again; that stop is a time-out, not a real end of the task (`truncated`).
 */
import type { Environment, StepResult } from './episodes.ts';

export const MAZE_ACTIONS = ['up', 'right', 'down', 'left'] as const;
export type MazeAction = (typeof MAZE_ACTIONS)[number];
const DELTAS: readonly (readonly [number, number])[] = [
  [-1, 0],
  [0, 1],
  [1, 0],
  [0, -1],
];

export const MAZE_REWARDS = { step: -1, bump: -5, goal: 20 } as const;

export interface Maze {
  width: number;
  height: number;
  /** 1 where a cell is a wall, by cell number. */
  walls: Uint8Array;
  start: number;
  goal: number;
}

/**
 * Reads a maze from string art, one string per row, cells separated by spaces or not:
 * `#` wall, `.` floor, `S` start, `G` goal. Exactly one S and one G; all rows the same width.
 */
export function parseMaze(rows: readonly string[]): Maze {
  const grid = rows.map((row) => row.replace(/\s+/g, ''));
  const height = grid.length;
  const width = grid[0]?.length ?? 0;
  if (height === 0 || width === 0) throw new Error('a maze needs at least one cell');
  const walls = new Uint8Array(width * height);
  let start = -1;
  let goal = -1;
  grid.forEach((row, r) => {
    if (row.length !== width) throw new Error(`maze row ${r} has ${row.length} cells, expected ${width}`);
    [...row].forEach((ch, c) => {
      const cell = r * width + c;
      if (ch === '#') walls[cell] = 1;
      else if (ch === 'S') {
        if (start >= 0) throw new Error('a maze has exactly one start S');
        start = cell;
      } else if (ch === 'G') {
        if (goal >= 0) throw new Error('a maze has exactly one goal G');
        goal = cell;
      } else if (ch !== '.') throw new Error(`unknown maze cell '${ch}'`);
    });
  });
  if (start < 0 || goal < 0) throw new Error('a maze needs a start S and a goal G');
  return { width, height, walls, start, goal };
}

/** The named mazes of the lesson, smallest first. */
export const MAZES = {
  /** 5 × 5 with one dead end: the first one to watch. */
  first: parseMaze([
    'S . . # .', //
    '# # . # .',
    '. . . . .',
    '. # # # .',
    '. . . # G',
  ]),
  /** 7 × 7 with a short way and a long way round: the robot has to find the short one. */
  corridors: parseMaze([
    'S . . . # . .', //
    '. # # . # . #',
    '. # . . . . .',
    '. # . # # # .',
    '. . . # G . .',
    '# # . # # # .',
    '. . . . . . .',
  ]),
  /** 7 × 7, one long path spiralling in to the goal: the value has to travel a long way back to the start. */
  spiral: parseMaze([
    'S . . . . . .', //
    '# # # # # # .',
    '. . . . . # .',
    '. # G # . # .',
    '. # . . . # .',
    '. # # # # # .',
    '. . . . . . .',
  ]),
} satisfies Record<string, Maze>;

export type MazeId = keyof typeof MAZES;
export const MAZE_IDS = Object.keys(MAZES) as MazeId[];

/** Where `action` takes the robot from `cell`: the next cell, or the same cell and `bumped` at a wall or edge. */
export function moveInMaze(maze: Maze, cell: number, action: number): { cell: number; bumped: boolean } {
  const delta = DELTAS[action];
  if (!delta) throw new Error(`action ${action} is not one of 0…3`);
  const r = Math.floor(cell / maze.width) + delta[0];
  const c = (cell % maze.width) + delta[1];
  if (r < 0 || c < 0 || r >= maze.height || c >= maze.width) return { cell, bumped: true };
  const next = r * maze.width + c;
  if (maze.walls[next]) return { cell, bumped: true };
  return { cell: next, bumped: false };
}

/** The reward and ending of one move, without any episode bookkeeping. */
export function mazeStep(maze: Maze, cell: number, action: number): StepResult {
  const moved = moveInMaze(maze, cell, action);
  if (moved.cell === maze.goal) return { state: moved.cell, reward: MAZE_REWARDS.goal, done: true };
  return { state: moved.cell, reward: moved.bumped ? MAZE_REWARDS.bump : MAZE_REWARDS.step, done: false };
}

/** The maze as an `Environment`: it remembers where the robot is and counts the steps of the episode. */
export class GridMazeEnvironment implements Environment {
  readonly stateCount: number;
  readonly actionCount = MAZE_ACTIONS.length;
  readonly stepLimit: number;
  /** The robot's cell now. */
  position: number;
  /** Steps taken in this episode. */
  steps = 0;

  constructor(
    readonly maze: Maze,
    stepLimit = 4 * maze.width * maze.height,
  ) {
    this.stateCount = maze.width * maze.height;
    this.stepLimit = stepLimit;
    this.position = maze.start;
  }

  reset(): number {
    this.position = this.maze.start;
    this.steps = 0;
    return this.position;
  }

  step(action: number): StepResult {
    const result = mazeStep(this.maze, this.position, action);
    this.position = result.state;
    this.steps++;
    if (!result.done && this.steps >= this.stepLimit) return { ...result, truncated: true };
    return result;
  }
}

/**
 * Follows a policy from the start without learning or exploring: the cells it visits, and whether it got to
 * the goal. Stops at the goal, at a cell already visited (a deterministic policy would loop for ever) or
 * after `limit` moves.
 */
export function followPolicy(
  maze: Maze,
  policy: (cell: number) => number,
  limit = maze.width * maze.height,
): { path: number[]; reachesGoal: boolean } {
  const path = [maze.start];
  const seen = new Set(path);
  let cell = maze.start;
  for (let i = 0; i < limit && cell !== maze.goal; i++) {
    cell = moveInMaze(maze, cell, policy(cell)).cell;
    if (seen.has(cell)) return { path, reachesGoal: false };
    seen.add(cell);
    path.push(cell);
  }
  return { path, reachesGoal: cell === maze.goal };
}

/** The fewest moves from start to goal (breadth-first search), or −1 if the goal cannot be reached. */
export function shortestSteps(maze: Maze): number {
  const distance = new Int32Array(maze.width * maze.height).fill(-1);
  distance[maze.start] = 0;
  const queue = [maze.start];
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head]!;
    if (cell === maze.goal) return distance[cell]!;
    for (let a = 0; a < DELTAS.length; a++) {
      const next = moveInMaze(maze, cell, a).cell;
      if (distance[next] === -1) {
        distance[next] = distance[cell]! + 1;
        queue.push(next);
      }
    }
  }
  return -1;
}
