/**
 * Flappy Bird physics without a screen: a fixed time step world (one `step()` = 1/60 s of game time) in which
 * one or many birds fly through the same course of pipes. Nothing here depends on the frame rate: a renderer
 * calls `step()` as often as it wants (once per frame, 20 times per frame, thousands of times in a test) and
 * the outcome depends only on the number of steps and the flaps, so a seeded course replays exactly.
 *
 * Units are world pixels and steps. The world is `WIDTH × HEIGHT` with the ground at `GROUND_Y`; y grows
 * downwards as on a canvas.
 */
import { seededRandom, type Rng } from '../random.ts';

/** Game constants, shared by the physics, the neural inputs and the renderer. */
export const FLAPPY = {
  /** Simulation steps per second of game time (the fixed time step is 1 / STEPS_PER_SECOND). */
  STEPS_PER_SECOND: 60,
  WIDTH: 432,
  HEIGHT: 576,
  /** Top of the ground strip. */
  GROUND_Y: 504,
  BIRD_X: 120,
  /** Radius of the bird's collision circle. */
  BIRD_RADIUS: 13,
  /** Height at which every bird starts, at rest. */
  START_Y: 252,
  /** Added to the vertical velocity every step (px/step²). */
  GRAVITY: 0.45,
  /** A flap sets the vertical velocity to this (px/step, negative = up). */
  FLAP_VELOCITY: -7.6,
  /** Falling speed never exceeds this (px/step). */
  MAX_FALL_SPEED: 10,
  PIPE_WIDTH: 70,
  /** Height of the opening between the upper and the lower pipe. */
  PIPE_GAP: 140,
  /** Horizontal distance between the left edges of two pipes. */
  PIPE_SPACING: 220,
  /** How far the course moves left every step (px/step); a binary fraction, so pipe positions stay exact. */
  SPEED: 2.5,
  /** The first pipe's left edge at step 0 (it enters from the right). */
  FIRST_PIPE_X: 432,
  /** Gap centres stay this far from the sky and from the ground. */
  GAP_MARGIN: 60,
  /** Largest change of gap height from one pipe to the next, so every course can be flown. */
  MAX_GAP_SHIFT: 200,
} as const;

export interface Pipe {
  /** Left edge. */
  x: number;
  /** Centre of the opening. */
  gapY: number;
  /** Sequence number from 0: the score a bird has after passing this pipe is `index + 1`. */
  index: number;
}

export type CrashCause = 'ground' | 'pipe';

export interface Bird {
  y: number;
  /** Vertical velocity in px/step (negative = rising). */
  vy: number;
  alive: boolean;
  /** Steps survived (the step on which it crashed is not counted). */
  steps: number;
  /** Pipes passed. */
  score: number;
  /** Step number at which it crashed, or -1. */
  crashedAt: number;
  cause: CrashCause | null;
  /** Vertical distance to the centre of the next gap when it crashed (0 while alive). */
  crashGapOffset: number;
}

/** A fresh bird at the start height, at rest. */
export function newBird(): Bird {
  return {
    y: FLAPPY.START_Y,
    vy: 0,
    alive: true,
    steps: 0,
    score: 0,
    crashedAt: -1,
    cause: null,
    crashGapOffset: 0,
  };
}

/**
 * One step of a bird's vertical motion by semi-implicit Euler: the velocity is updated first
 * (`v ← min(v + g, v_max)`, or `v ← v_flap` on a flap), then the position with the new velocity (`y ← y + v`).
 * Without flaps, starting at rest, the height after n steps is `y₀ + g·n(n+1)/2` until the fall speed is capped.
 * The sky is a ceiling: a bird that reaches it stops there.
 */
export function moveBird(bird: Bird, flap: boolean): void {
  bird.vy = flap ? FLAPPY.FLAP_VELOCITY : Math.min(bird.vy + FLAPPY.GRAVITY, FLAPPY.MAX_FALL_SPEED);
  bird.y += bird.vy;
  if (bird.y < FLAPPY.BIRD_RADIUS) {
    bird.y = FLAPPY.BIRD_RADIUS;
    bird.vy = 0;
  }
}

/**
 * Whether a circle (cx, cy, r) overlaps the axis-aligned rectangle [x0, x1] × [y0, y1]: the point of the
 * rectangle closest to the centre is found by clamping, and the circle overlaps iff that point is within r.
 */
export function circleHitsRect(
  cx: number,
  cy: number,
  r: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  const nx = Math.min(Math.max(cx, x0), x1);
  const ny = Math.min(Math.max(cy, y0), y1);
  const dx = cx - nx;
  const dy = cy - ny;
  return dx * dx + dy * dy < r * r;
}

/** Whether a bird at height y touches the pipe (its upper part from the sky, its lower part to the ground). */
export function hitsPipe(y: number, pipe: Pipe): boolean {
  const half = FLAPPY.PIPE_GAP / 2;
  const x0 = pipe.x;
  const x1 = pipe.x + FLAPPY.PIPE_WIDTH;
  const r = FLAPPY.BIRD_RADIUS;
  return (
    circleHitsRect(FLAPPY.BIRD_X, y, r, x0, -1000, x1, pipe.gapY - half) ||
    circleHitsRect(FLAPPY.BIRD_X, y, r, x0, pipe.gapY + half, x1, FLAPPY.GROUND_Y)
  );
}

/** The course: an endless seeded sequence of gap heights, each within reach of the previous one. */
export class Course {
  private readonly rng: Rng;
  private last: number;

  constructor(seed: number) {
    this.rng = seededRandom(seed);
    this.last = (FLAPPY.GROUND_Y / 2) | 0;
  }

  /** The next gap centre: uniform in the allowed band, at most MAX_GAP_SHIFT away from the previous one. */
  nextGapY(): number {
    const lo = FLAPPY.GAP_MARGIN + FLAPPY.PIPE_GAP / 2;
    const hi = FLAPPY.GROUND_Y - FLAPPY.GAP_MARGIN - FLAPPY.PIPE_GAP / 2;
    const from = Math.max(lo, this.last - FLAPPY.MAX_GAP_SHIFT);
    const to = Math.min(hi, this.last + FLAPPY.MAX_GAP_SHIFT);
    this.last = Math.round(from + this.rng() * (to - from));
    return this.last;
  }
}

/**
 * A world of `birdCount` birds on one seeded course. `step(flaps)` advances everything by one fixed time step;
 * the birds differ only in when they flap.
 */
export class FlappyWorld {
  readonly birds: Bird[];
  /** Pipes on screen (and just off it), left to right. */
  readonly pipes: Pipe[] = [];
  /** Steps taken since the start. */
  time = 0;
  /** How far the course has scrolled (px), for the renderer's parallax. */
  distance = 0;
  alive: number;
  /** Pipes passed so far: the score of every bird still alive. */
  score = 0;
  private readonly course: Course;
  private nextIndex = 0;

  constructor(seed: number, birdCount = 1) {
    this.course = new Course(seed);
    this.birds = Array.from({ length: birdCount }, newBird);
    this.alive = birdCount;
    this.addPipe(FLAPPY.FIRST_PIPE_X);
  }

  private addPipe(x: number): void {
    this.pipes.push({ x, gapY: this.course.nextGapY(), index: this.nextIndex++ });
  }

  /** The first pipe the bird has not yet left behind (its right edge is still ahead of the bird's back). */
  nextPipe(): Pipe {
    for (const pipe of this.pipes) {
      if (pipe.x + FLAPPY.PIPE_WIDTH > FLAPPY.BIRD_X - FLAPPY.BIRD_RADIUS) return pipe;
    }
    // Unreachable: a pipe always lies ahead because new ones are added before the last one is passed.
    throw new Error('no pipe ahead');
  }

  /**
   * One fixed time step: the course scrolls, each living bird moves (flapping if `flaps(i)` says so), then
   * crashes into the ground or a pipe are detected. Returns the number of birds still alive.
   */
  step(flaps: (index: number, bird: Bird) => boolean): number {
    if (this.alive === 0) return 0;
    this.time += 1;
    this.distance += FLAPPY.SPEED;
    for (const pipe of this.pipes) {
      pipe.x -= FLAPPY.SPEED;
      // A pipe counts once the birds (all at BIRD_X) have passed its centre line.
      if (pipe.index >= this.score && pipe.x + FLAPPY.PIPE_WIDTH / 2 < FLAPPY.BIRD_X)
        this.score = pipe.index + 1;
    }
    const first = this.pipes[0];
    if (first && first.x + FLAPPY.PIPE_WIDTH < 0) this.pipes.shift();
    const last = this.pipes[this.pipes.length - 1];
    if (last && last.x + FLAPPY.PIPE_SPACING <= FLAPPY.WIDTH + FLAPPY.PIPE_WIDTH) {
      this.addPipe(last.x + FLAPPY.PIPE_SPACING);
    }

    const ahead = this.nextPipe();
    for (let i = 0; i < this.birds.length; i++) {
      const bird = this.birds[i]!;
      if (!bird.alive) continue;
      moveBird(bird, flaps(i, bird));
      let cause: CrashCause | null = null;
      if (bird.y + FLAPPY.BIRD_RADIUS >= FLAPPY.GROUND_Y) {
        cause = 'ground';
        bird.y = FLAPPY.GROUND_Y - FLAPPY.BIRD_RADIUS;
      } else {
        for (const pipe of this.pipes) {
          if (pipe.x > FLAPPY.BIRD_X + FLAPPY.BIRD_RADIUS) break;
          if (hitsPipe(bird.y, pipe)) {
            cause = 'pipe';
            break;
          }
        }
      }
      bird.score = this.score;
      if (cause) {
        bird.alive = false;
        bird.cause = cause;
        bird.crashedAt = this.time;
        bird.crashGapOffset = ahead.gapY - bird.y;
        this.alive -= 1;
      } else {
        bird.steps += 1;
      }
    }
    return this.alive;
  }
}

/**
 * What a bird sees, scaled to roughly [-1, 1]: the horizontal distance to the right edge of the next pipe,
 * the vertical distance from the bird to the centre of that pipe's gap (positive = the gap is lower), and the
 * bird's vertical velocity. These are the inputs of the neural network that decides whether to flap.
 */
export function observe(world: FlappyWorld, bird: Bird, out: Float64Array | number[] = new Float64Array(3)) {
  const pipe = world.nextPipe();
  out[0] = (pipe.x + FLAPPY.PIPE_WIDTH - FLAPPY.BIRD_X) / FLAPPY.WIDTH;
  out[1] = (pipe.gapY - bird.y) / (FLAPPY.HEIGHT / 2);
  out[2] = bird.vy / FLAPPY.MAX_FALL_SPEED;
  return out;
}

/** Names of the inputs `observe` fills, in order (for labels). */
export const OBSERVATION_SIZE = 3;
