import { describe, expect, it } from 'vitest';
import { linearData } from './datasets.ts';
import {
  closedForm,
  descend,
  gradientStep,
  lossAndGradient,
  maxStableLearningRate,
  mse,
  type Point,
} from './linear.ts';
import { domainScaler } from './scaling.ts';

const ORIGIN = { w: 0, b: 0 };

/** 200 noisy points around y = 6x + 35 (hours vs score), seeded. */
const noisy = linearData({
  seed: 2024,
  count: 200,
  line: { w: 6, b: 35 },
  noise: 8,
  xMin: 0.5,
  xMax: 9.5,
});
const scaler = domainScaler({ xMin: 0, xMax: 10, yMin: 0, yMax: 100 });
const scaled = noisy.map((p) => scaler.toScaled(p));

function isStrictlyDecreasing(values: number[]): boolean {
  return values.every((v, i) => i === 0 || v < values[i - 1]!);
}

describe('closed-form least squares', () => {
  it('is exact on points that lie on a line, also far from the origin', () => {
    for (const [line, xs] of [
      [{ w: -2.5, b: 7 }, [-3, -1, 0, 2, 5, 11]],
      [{ w: 0.004, b: 1200 }, [1e5, 1e5 + 3, 1e5 + 7, 1e5 + 20]],
    ] as const) {
      const points = xs.map((x) => ({ x, y: line.w * x + line.b }));
      const fit = closedForm(points);
      expect(fit.status).toBe('ok');
      expect(fit.line.w).toBeCloseTo(line.w, 10);
      expect(Math.abs(fit.line.b - line.b)).toBeLessThan(1e-6 * Math.max(1, Math.abs(line.b)));
      expect(fit.loss).toBeLessThan(1e-12);
    }
  });

  it('recovers the true line of a large noisy sample and is the bottom of the loss', () => {
    const fit = closedForm(noisy);
    expect(Math.abs(fit.line.w - 6)).toBeLessThan(0.5);
    expect(Math.abs(fit.line.b - 35)).toBeLessThan(3);
    // Any nudge of either parameter raises the loss.
    for (const [dw, db] of [
      [1e-3, 0],
      [-1e-3, 0],
      [0, 1e-2],
      [0, -1e-2],
      [1e-3, -1e-2],
    ] as const) {
      expect(mse(noisy, { w: fit.line.w + dw, b: fit.line.b + db })).toBeGreaterThan(fit.loss);
    }
    // The gradient vanishes there.
    const g = lossAndGradient(noisy, fit.line);
    expect(Math.hypot(g.dw, g.db)).toBeLessThan(1e-9);
  });
});

describe('gradient', () => {
  it('matches finite differences of the loss', () => {
    const line = { w: 0.3, b: -0.2 };
    const g = lossAndGradient(scaled, line);
    const h = 1e-6;
    const dw = (mse(scaled, { ...line, w: line.w + h }) - mse(scaled, { ...line, w: line.w - h })) / (2 * h);
    const db = (mse(scaled, { ...line, b: line.b + h }) - mse(scaled, { ...line, b: line.b - h })) / (2 * h);
    expect(g.dw).toBeCloseTo(dw, 6);
    expect(g.db).toBeCloseTo(db, 6);
    expect(g.loss).toBe(mse(scaled, line));
  });
});

describe('gradient descent', () => {
  it('converges to the closed-form answer on a seeded noisy dataset (scaled)', () => {
    const target = closedForm(scaled);
    const run = descend(scaled, ORIGIN, 0.5, 3000);
    const end = run.path.at(-1)!;
    expect(Math.abs(end.w - target.line.w)).toBeLessThan(1e-6);
    expect(Math.abs(end.b - target.line.b)).toBeLessThan(1e-6);
    expect(run.losses.at(-1)! - target.loss).toBeLessThan(1e-12);
    // Back in real units it is the least-squares line of the raw data.
    const real = scaler.lineToReal(end);
    const exact = closedForm(noisy).line;
    expect(Math.abs(real.w - exact.w)).toBeLessThan(1e-4);
    expect(Math.abs(real.b - exact.b)).toBeLessThan(1e-3);
    // The loss never dips below the minimum.
    expect(Math.min(...run.losses)).toBeGreaterThanOrEqual(target.loss - 1e-12);
  });

  it('decreases the loss at every step with a small learning rate', () => {
    const run = descend(scaled, ORIGIN, 0.05, 300);
    expect(isStrictlyDecreasing(run.losses)).toBe(true);
    expect(run.losses.at(-1)!).toBeLessThan(run.losses[0]! / 5);
  });

  it('still decreases the loss, zig-zagging, just below the stability limit', () => {
    const limit = maxStableLearningRate(scaled);
    // 120 steps: later on the loss sits at the minimum to the last bit and rounding takes over.
    const run = descend(scaled, ORIGIN, 0.95 * limit, 120);
    expect(isStrictlyDecreasing(run.losses)).toBe(true);
    expect(run.losses.at(-1)! - closedForm(scaled).loss).toBeLessThan(1e-9);
    // Zig-zag: the fast direction overshoots, so consecutive steps of b change direction.
    const db = run.path.slice(1).map((l, i) => l.b - run.path[i]!.b);
    const turns = db.slice(1).filter((d, i) => Math.sign(d) !== Math.sign(db[i]!)).length;
    expect(turns).toBeGreaterThan(100);
  });

  it('diverges, the loss growing, with a learning rate above the limit', () => {
    const limit = maxStableLearningRate(scaled);
    expect(limit).toBeGreaterThan(0.5);
    expect(limit).toBeLessThan(1);
    const run = descend(scaled, ORIGIN, 1.05 * limit, 200);
    const tail = run.losses.slice(20);
    // Once the overshooting direction dominates, every step is worse than the one before.
    expect(isStrictlyDecreasing(tail.map((v) => -v))).toBe(true);
    expect(run.losses.at(-1)!).toBeGreaterThan(1e6 * run.losses[0]!);
    // A learning rate of 2 is far beyond: the loss explodes within a few dozen steps.
    expect(descend(scaled, ORIGIN, 2, 40).losses.at(-1)!).toBeGreaterThan(1e10);
  });

  it('gives a step that is exactly w − η·∂L/∂w, b − η·∂L/∂b', () => {
    const line = { w: 0.1, b: 0.2 };
    const step = gradientStep(scaled, line, 0.3);
    const g = lossAndGradient(scaled, line);
    expect(step.next.w).toBe(line.w - 0.3 * g.dw);
    expect(step.next.b).toBe(line.b - 0.3 * g.db);
  });
});

describe('degenerate data', () => {
  const finite = (...values: number[]) => values.every(Number.isFinite);

  it('no points: zero loss and gradient, the zero line, a flat surface', () => {
    expect(mse([], { w: 3, b: 4 })).toBe(0);
    expect(lossAndGradient([], { w: 3, b: 4 })).toEqual({ loss: 0, dw: 0, db: 0 });
    expect(closedForm([])).toEqual({ line: { w: 0, b: 0 }, loss: 0, status: 'empty' });
    expect(maxStableLearningRate([])).toBe(Infinity);
    const run = descend([], { w: 1, b: 1 }, 0.5, 5);
    expect(run.path.at(-1)).toEqual({ w: 1, b: 1 });
  });

  it('one point: a line through it with zero loss, and descent reaches zero loss', () => {
    const point = [{ x: 0.4, y: 0.7 }];
    const fit = closedForm(point);
    expect(fit.status).toBe('single-point');
    expect(fit.line).toEqual({ w: 0, b: 0.7 });
    expect(fit.loss).toBe(0);
    const limit = maxStableLearningRate(point);
    expect(finite(limit)).toBe(true);
    const run = descend(point, ORIGIN, 0.5 * limit, 200);
    expect(run.losses.at(-1)!).toBeLessThan(1e-12);
  });

  it('all x equal: the horizontal line at the mean y, loss = variance of y, no NaN anywhere', () => {
    const points: Point[] = [
      { x: 3, y: 1 },
      { x: 3, y: 2 },
      { x: 3, y: 6 },
    ];
    const fit = closedForm(points);
    expect(fit.status).toBe('same-x');
    expect(fit.line).toEqual({ w: 0, b: 3 });
    expect(fit.loss).toBeCloseTo((4 + 1 + 9) / 3, 12);
    const s = points.map((p) => ({ x: p.x / 10, y: p.y / 10 }));
    const run = descend(s, ORIGIN, 0.9 * maxStableLearningRate(s), 500);
    expect(run.path.every((l) => finite(l.w, l.b))).toBe(true);
    // Descent finds some line through (x, mean y): the same, lowest, loss.
    expect(run.losses.at(-1)!).toBeCloseTo(closedForm(s).loss, 10);
  });
});
