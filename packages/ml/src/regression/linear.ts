/**
 * Simple linear regression: the model ŷ = w·x + b, its mean squared error, the gradient of that error, one
 * step of gradient descent, and the exact least-squares answer to compare the descent with.
 *
 * Everything here is plain arithmetic on `{ x, y }` points, with no DOM, so it runs in a lab, a test or a
 * benchmark alike. Degenerate data (no points, one point, every x the same) gives finite numbers and a
 * `status` saying why the answer is special, never NaN.
 */

/** One data point. */
export interface Point {
  x: number;
  y: number;
}

/** The model's two parameters: the slope w and the intercept b of ŷ = w·x + b. */
export interface Line {
  w: number;
  b: number;
}

/** The model's prediction ŷ = w·x + b. */
export function predict(line: Line, x: number): number {
  return line.w * x + line.b;
}

/**
 * Mean squared error L(w, b) = (1/n) Σ (w·xᵢ + b − yᵢ)²: the average of the squared vertical gaps between
 * the points and the line. Squaring makes every gap count positively and big misses count much more than
 * small ones. 0 for no points (nothing to miss).
 */
export function mse(points: readonly Point[], line: Line): number {
  const n = points.length;
  if (n === 0) return 0;
  let sum = 0;
  for (const p of points) {
    const r = line.w * p.x + line.b - p.y;
    sum += r * r;
  }
  return sum / n;
}

/** The loss at a line and its gradient there. */
export interface LossGradient {
  loss: number;
  /** ∂L/∂w = (2/n) Σ (w·xᵢ + b − yᵢ)·xᵢ */
  dw: number;
  /** ∂L/∂b = (2/n) Σ (w·xᵢ + b − yᵢ) */
  db: number;
}

/**
 * The loss and its gradient in one pass over the points. The gradient points uphill on the loss surface:
 * it says how fast the loss grows when w (or b) grows a little. Each residual rᵢ = ŷᵢ − yᵢ pushes b by
 * 2rᵢ/n and w by 2rᵢxᵢ/n, so points far along x have more say over the slope. All zero for no points.
 */
export function lossAndGradient(points: readonly Point[], line: Line): LossGradient {
  const n = points.length;
  if (n === 0) return { loss: 0, dw: 0, db: 0 };
  let sum = 0;
  let sumRx = 0;
  let sumR = 0;
  for (const p of points) {
    const r = line.w * p.x + line.b - p.y;
    sum += r * r;
    sumRx += r * p.x;
    sumR += r;
  }
  return { loss: sum / n, dw: (2 * sumRx) / n, db: (2 * sumR) / n };
}

/** One step of gradient descent: where it started, what it measured there, and where it went. */
export interface DescentStep extends LossGradient {
  /** The parameters after the step. */
  next: Line;
}

/**
 * One step of (full-batch) gradient descent with learning rate η: w ← w − η·∂L/∂w, b ← b − η·∂L/∂b.
 * The learning rate is the length of the stride downhill: too small and the descent crawls; too large
 * (beyond {@link maxStableLearningRate}) and each stride overshoots the valley by more than it started,
 * so the loss grows instead of falling.
 */
export function gradientStep(points: readonly Point[], line: Line, learningRate: number): DescentStep {
  const g = lossAndGradient(points, line);
  return { ...g, next: { w: line.w - learningRate * g.dw, b: line.b - learningRate * g.db } };
}

/** A run of gradient descent: the parameters after each step and the loss at each of them. */
export interface DescentRun {
  /** `steps + 1` lines: the start, then one per step. */
  path: Line[];
  /** The loss at each line of `path`. */
  losses: number[];
}

/** Runs `steps` steps of gradient descent from `start` (the path the lab animates, in one go). */
export function descend(
  points: readonly Point[],
  start: Line,
  learningRate: number,
  steps: number,
): DescentRun {
  const path: Line[] = [start];
  const losses: number[] = [];
  let line = start;
  for (let i = 0; i < steps; i++) {
    const step = gradientStep(points, line, learningRate);
    losses.push(step.loss);
    line = step.next;
    path.push(line);
  }
  losses.push(mse(points, line));
  return { path, losses };
}

/**
 * Averages that determine the whole loss surface: n, mean x, mean y, mean x², mean x·y, mean y². The MSE
 * of any line follows from them in constant time (see {@link mseFromMoments}).
 */
export interface Moments {
  n: number;
  mx: number;
  my: number;
  mxx: number;
  mxy: number;
  myy: number;
}

/** The {@link Moments} of a set of points (all 0 for no points). */
export function moments(points: readonly Point[]): Moments {
  const n = points.length;
  if (n === 0) return { n: 0, mx: 0, my: 0, mxx: 0, mxy: 0, myy: 0 };
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    sx += p.x;
    sy += p.y;
    sxx += p.x * p.x;
    sxy += p.x * p.y;
    syy += p.y * p.y;
  }
  return { n, mx: sx / n, my: sy / n, mxx: sxx / n, mxy: sxy / n, myy: syy / n };
}

/**
 * The MSE expanded as a quadratic in (w, b):
 * L = w²·E[x²] + 2wb·E[x] + b² − 2w·E[xy] − 2b·E[y] + E[y²]. This is why the loss surface of linear
 * regression is a bowl (an elliptic paraboloid) with exactly one bottom, unless every x is the same.
 * Equal to {@link mse} up to rounding; best used on scaled data (values of order 1), where rounding is
 * negligible.
 */
export function mseFromMoments(m: Moments, line: Line): number {
  if (m.n === 0) return 0;
  const { w, b } = line;
  const value = w * w * m.mxx + 2 * w * b * m.mx + b * b - 2 * w * m.mxy - 2 * b * m.my + m.myy;
  // Rounding can take an exact zero slightly below it; a squared error never is.
  return Math.max(0, value);
}

/** Why the least-squares answer is what it is. */
export type LeastSquaresStatus =
  /** At least two different x values: one best line. */
  | 'ok'
  /** No points: the zero line, by convention. */
  | 'empty'
  /** One point: every line through it fits perfectly; the horizontal one is given. */
  | 'single-point'
  /** Two or more points, all at the same x: no slope can be learnt; the horizontal line at mean y is given. */
  | 'same-x';

export interface LeastSquares {
  line: Line;
  /** The (smallest possible) MSE of that line. */
  loss: number;
  status: LeastSquaresStatus;
}

/**
 * The closed-form least-squares line (the "normal equations"): setting both partial derivatives to zero
 * gives w = Σ(xᵢ − x̄)(yᵢ − ȳ) / Σ(xᵢ − x̄)² and b = ȳ − w·x̄. Computed on centred values so data far from
 * the origin keep their precision. Gradient descent walks towards this point; here it is reached in one go.
 */
export function closedForm(points: readonly Point[]): LeastSquares {
  const n = points.length;
  if (n === 0) return { line: { w: 0, b: 0 }, loss: 0, status: 'empty' };
  let mx = 0;
  let my = 0;
  for (const p of points) {
    mx += p.x;
    my += p.y;
  }
  mx /= n;
  my /= n;
  if (n === 1) return { line: { w: 0, b: my }, loss: 0, status: 'single-point' };
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    const dx = p.x - mx;
    sxx += dx * dx;
    sxy += dx * (p.y - my);
  }
  // "All x equal" up to rounding, relative to the size of the x values.
  if (sxx <= n * 1e-12 * Math.max(1, mx * mx)) {
    const line = { w: 0, b: my };
    return { line, loss: mse(points, line), status: 'same-x' };
  }
  const w = sxy / sxx;
  const line = { w, b: my - w * mx };
  return { line, loss: mse(points, line), status: 'ok' };
}

/**
 * The largest learning rate for which gradient descent on these points still converges: 2 / λmax, where
 * λmax is the largest eigenvalue of the loss's (constant) Hessian H = 2·[[E[x²], E[x]], [E[x], 1]].
 * Along that steepest direction each step multiplies the distance to the bottom by (1 − η·λmax): between
 * 0 and 2/λmax that factor has size below 1 (it shrinks, zig-zagging when η > 1/λmax); above 2/λmax it
 * exceeds 1 and the loss grows every step. Infinity for no points (the loss is flat).
 */
export function maxStableLearningRate(points: readonly Point[]): number {
  if (points.length === 0) return Infinity;
  const { mx, mxx } = moments(points);
  const lambdaMax = mxx + 1 + Math.sqrt((mxx - 1) ** 2 + 4 * mx * mx);
  return 2 / lambdaMax;
}
