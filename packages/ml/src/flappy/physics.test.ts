import { describe, expect, it } from 'vitest';
import { circleHitsRect, Course, FLAPPY, FlappyWorld, observe } from './physics.ts';

/** Step on which a bird dropped from START_Y at rest first touches the ground, by summing the fall. */
function groundStepByHand(): number {
  let y = FLAPPY.START_Y;
  for (let n = 1; ; n++) {
    y += Math.min(n * FLAPPY.GRAVITY, FLAPPY.MAX_FALL_SPEED);
    if (y + FLAPPY.BIRD_RADIUS >= FLAPPY.GROUND_Y) return n;
  }
}

describe('bird physics', () => {
  it('a bird that never flaps hits the ground at a predictable step', () => {
    // Drop needed: 504 − 13 − 252 = 239 px. Falling 0.45·n px on step n for n ≤ 22 covers 0.45·253 = 113.85 px;
    // from step 23 the speed is capped at 10 px/step, so 13 more steps (130 px) are needed: step 35.
    expect(groundStepByHand()).toBe(35);
    const world = new FlappyWorld(1);
    const bird = world.birds[0]!;
    let steps = 0;
    while (world.step(() => false) > 0) steps++;
    expect(bird.alive).toBe(false);
    expect(bird.cause).toBe('ground');
    expect(bird.crashedAt).toBe(35);
    expect(bird.steps).toBe(34);
    expect(steps).toBe(34);
    expect(bird.score).toBe(0);
    expect(bird.y).toBe(FLAPPY.GROUND_Y - FLAPPY.BIRD_RADIUS);
  });

  it('falls by g·n(n+1)/2 until the fall speed is capped', () => {
    const world = new FlappyWorld(1);
    const bird = world.birds[0]!;
    for (let n = 1; n <= 20; n++) {
      world.step(() => false);
      expect(bird.y).toBeCloseTo(FLAPPY.START_Y + (FLAPPY.GRAVITY * n * (n + 1)) / 2, 9);
    }
  });

  it('a flap sets the velocity upwards, and a bird that always flaps is held by the sky until the first pipe', () => {
    const world = new FlappyWorld(7);
    const bird = world.birds[0]!;
    world.step(() => true);
    expect(bird.vy).toBe(FLAPPY.FLAP_VELOCITY);
    expect(bird.y).toBeCloseTo(FLAPPY.START_Y + FLAPPY.FLAP_VELOCITY, 9);
    while (world.step(() => true) > 0);
    expect(bird.cause).toBe('pipe');
    expect(bird.y).toBe(FLAPPY.BIRD_RADIUS);
    // The first pipe's left edge is at 432 − 2.5·t; it passes the bird's front (120 + 13 = 133) at t = 119.6.
    expect(bird.crashedAt).toBe(120);
    expect(bird.score).toBe(0);
  });

  it('the time step is fixed: positions depend only on the number of steps', () => {
    const a = new FlappyWorld(3);
    const b = new FlappyWorld(3);
    const pattern = (t: number) => t % 23 === 0;
    for (let t = 0; t < 100; t++) a.step(() => pattern(a.time + 1));
    for (let t = 0; t < 100; t++) b.step(() => pattern(b.time + 1));
    expect(b.birds[0]).toEqual(a.birds[0]);
    expect(b.pipes).toEqual(a.pipes);
  });
});

describe('course', () => {
  const gaps = (seed: number, n = 200) => {
    const course = new Course(seed);
    return Array.from({ length: n }, () => course.nextGapY());
  };

  it('repeats for a seed, differs between seeds, and keeps every gap in the band and within reach', () => {
    expect(gaps(11)).toEqual(gaps(11));
    expect(gaps(12)).not.toEqual(gaps(11));
    const lo = FLAPPY.GAP_MARGIN + FLAPPY.PIPE_GAP / 2;
    const hi = FLAPPY.GROUND_Y - FLAPPY.GAP_MARGIN - FLAPPY.PIPE_GAP / 2;
    for (const seed of [1, 2, 3]) {
      const ys = gaps(seed, 1000);
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(lo);
      expect(Math.max(...ys)).toBeLessThanOrEqual(hi);
      for (let i = 1; i < ys.length; i++) {
        expect(Math.abs(ys[i]! - ys[i - 1]!)).toBeLessThanOrEqual(FLAPPY.MAX_GAP_SHIFT);
      }
      // The gaps really move around: they cover most of the band.
      expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(0.9 * (hi - lo));
    }
  });

  it('every course can be flown: a simple autopilot passes 100 pipes and the score counts pipe centres', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const world = new FlappyWorld(seed);
      const bird = world.birds[0]!;
      // Flap when below the gap centre and not already rising.
      while (world.score < 100) {
        expect(world.step(() => bird.y > world.nextPipe().gapY + 12 && bird.vy >= 0)).toBe(1);
        // Pipe k's centre is at FIRST_PIPE_X + k·SPACING + WIDTH/2 − SPEED·t; passed ones are left of the bird.
        const centre0 = FLAPPY.FIRST_PIPE_X + FLAPPY.PIPE_WIDTH / 2 - FLAPPY.SPEED * world.time;
        const expected = Math.max(0, Math.floor((FLAPPY.BIRD_X - centre0) / FLAPPY.PIPE_SPACING) + 1);
        expect(world.score).toBe(expected);
      }
      expect(bird.score).toBe(100);
      expect(world.pipes.length).toBeLessThanOrEqual(4);
    }
  });
});

describe('geometry and observations', () => {
  it('detects circle–rectangle overlaps at edges and corners', () => {
    expect(circleHitsRect(0, 0, 5, 4, -10, 10, 10)).toBe(true);
    expect(circleHitsRect(0, 0, 5, 5, -10, 10, 10)).toBe(false);
    expect(circleHitsRect(0, 0, 5, 3, 3, 10, 10)).toBe(true); // corner at distance √18 < 5
    expect(circleHitsRect(0, 0, 5, 4, 4, 10, 10)).toBe(false); // corner at distance √32 > 5
  });

  it('observes distance to the next pipe, offset to its gap centre and velocity, scaled near [-1, 1]', () => {
    const world = new FlappyWorld(5);
    const bird = world.birds[0]!;
    const pipe = world.pipes[0]!;
    const [dx, dy, vy] = observe(world, bird);
    expect(dx).toBeCloseTo((FLAPPY.FIRST_PIPE_X + FLAPPY.PIPE_WIDTH - FLAPPY.BIRD_X) / FLAPPY.WIDTH, 12);
    expect(dy).toBeCloseTo((pipe.gapY - FLAPPY.START_Y) / (FLAPPY.HEIGHT / 2), 12);
    expect(vy).toBe(0);
    for (const v of [dx!, dy!]) expect(Math.abs(v)).toBeLessThanOrEqual(1);
  });
});
