/**
 * The lab's state and how it changes (a pure reducer, no React or DOM): the points in real units, the
 * current line in scaled units (training runs on the data scaled to 0–1, see `scaling.ts` in packages/ml),
 * the history of the descent, and whether it is playing, has converged or blown up.
 */
import {
  closedForm,
  domainScaler,
  type SurfaceWindow,
  gradientStep,
  lossAndGradient,
  maxStableLearningRate,
  type Domain,
  type Line,
  type Point,
} from '@ai-edu/ml/regression/index.ts';
import {
  CONVERGED_GRADIENT,
  DEFAULT_LEARNING_RATE,
  DIVERGED_FACTOR,
  findPreset,
  MAX_LEARNING_RATE,
  MAX_POINTS,
  MAX_STEPS,
  MIN_LEARNING_RATE,
  TOO_LARGE_FACTOR,
  type PresetId,
  type Speed,
} from './meta.ts';

export type Outcome = 'none' | 'converged' | 'diverged' | 'limit';

export interface LabState {
  preset: PresetId;
  domain: Domain;
  /** The data, in real units. */
  points: Point[];
  learningRate: number;
  speed: Speed;
  /** Where the descent starts (scaled units). */
  start: Line;
  /** Every line visited since the last reset, the current one last (scaled units). */
  path: Line[];
  /** The scaled MSE at each entry of `path`, on the data as it was at that step. */
  losses: number[];
  running: boolean;
  outcome: Outcome;
  /** The too-large learning-rate demo is on (its explanation shows). */
  demo: boolean;
}

export type Action =
  | { type: 'preset'; id: PresetId }
  | { type: 'add'; point: Point }
  | { type: 'move'; index: number; point: Point }
  | { type: 'remove'; index: number }
  | { type: 'clear' }
  | { type: 'learningRate'; value: number }
  | { type: 'speed'; value: Speed }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'advance'; steps: number }
  | { type: 'reset' }
  | { type: 'startAt'; line: Line }
  | { type: 'tooLarge' };

const ORIGIN: Line = { w: 0, b: 0 };

/** The data in the units training sees. */
export function scaledPoints(state: Pick<LabState, 'domain' | 'points'>): Point[] {
  const scaler = domainScaler(state.domain);
  return state.points.map((p) => scaler.toScaled(p));
}

export function currentLine(state: Pick<LabState, 'path'>): Line {
  return state.path.at(-1) ?? ORIGIN;
}

function restart(state: LabState, start: Line, points = scaledPoints(state)): LabState {
  return {
    ...state,
    start,
    path: [start],
    losses: [lossAndGradient(points, start).loss],
    running: false,
    outcome: 'none',
  };
}

export function initialState(preset: PresetId): LabState {
  const { domain, points } = findPreset(preset);
  const base: LabState = {
    preset,
    domain,
    points: points(),
    learningRate: DEFAULT_LEARNING_RATE,
    speed: 'normal',
    start: ORIGIN,
    path: [],
    losses: [],
    running: false,
    outcome: 'none',
    demo: false,
  };
  return restart(base, ORIGIN);
}

/**
 * New data: the descent keeps its place (and keeps playing) but its history starts again there, because
 * the loss surface it was walking on has changed.
 */
function withPoints(state: LabState, points: Point[]): LabState {
  const line = currentLine(state);
  const next = restart({ ...state, points }, state.start);
  return {
    ...next,
    path: [line],
    losses: [lossAndGradient(scaledPoints(next), line).loss],
    running: state.running,
    outcome: state.outcome === 'diverged' ? 'diverged' : 'none',
  };
}

function clampToDomain(p: Point, d: Domain): Point {
  return {
    x: Math.min(d.xMax, Math.max(d.xMin, p.x)),
    y: Math.min(d.yMax, Math.max(d.yMin, p.y)),
  };
}

export function clampLearningRate(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_LEARNING_RATE;
  return Math.min(MAX_LEARNING_RATE, Math.max(MIN_LEARNING_RATE, value));
}

/** Gradient descent for up to `steps` steps, stopping early when it converges or blows up. */
function advance(state: LabState, steps: number): LabState {
  if (state.outcome === 'diverged' || state.outcome === 'limit') return { ...state, running: false };
  const points = scaledPoints(state);
  if (points.length === 0) return { ...state, running: false, outcome: 'converged' };
  const path = [...state.path];
  const losses = [...state.losses];
  let line = currentLine(state);
  const startLoss = losses[0] ?? 0;
  let outcome: Outcome = 'none';
  for (let i = 0; i < steps; i++) {
    if (path.length > MAX_STEPS) {
      outcome = 'limit';
      break;
    }
    const step = gradientStep(points, line, state.learningRate);
    if (Math.hypot(step.dw, step.db) < CONVERGED_GRADIENT) {
      outcome = 'converged';
      break;
    }
    line = step.next;
    const loss = lossAndGradient(points, line).loss;
    path.push(line);
    losses.push(loss);
    if (!Number.isFinite(loss) || loss > DIVERGED_FACTOR * Math.max(startLoss, 1e-6)) {
      outcome = 'diverged';
      break;
    }
  }
  return { ...state, path, losses, outcome, running: state.running && outcome === 'none' };
}

export function reducer(state: LabState, action: Action): LabState {
  switch (action.type) {
    case 'preset':
      return { ...initialState(action.id), learningRate: state.learningRate, speed: state.speed };
    case 'add':
      if (state.points.length >= MAX_POINTS) return state;
      return withPoints(state, [...state.points, clampToDomain(action.point, state.domain)]);
    case 'move':
      if (!state.points[action.index]) return state;
      return withPoints(
        state,
        state.points.map((p, i) => (i === action.index ? clampToDomain(action.point, state.domain) : p)),
      );
    case 'remove':
      if (!state.points[action.index]) return state;
      return withPoints(
        state,
        state.points.filter((_, i) => i !== action.index),
      );
    case 'clear':
      return restart({ ...state, points: [], demo: false }, state.start, []);
    case 'learningRate':
      return {
        ...state,
        learningRate: clampLearningRate(action.value),
        demo: false,
        // A converged descent may go on with the new rate; a blown-up one starts again on 'play'.
        outcome: state.outcome === 'converged' ? 'none' : state.outcome,
      };
    case 'speed':
      return { ...state, speed: action.value };
    case 'play': {
      // Play after the end starts again; after a blow-up, from the start.
      const base = state.outcome === 'none' ? state : restart(state, state.start);
      return { ...base, running: true };
    }
    case 'pause':
      return { ...state, running: false };
    case 'advance':
      return advance(state, action.steps);
    case 'reset':
      return { ...restart(state, state.start), demo: state.demo };
    case 'startAt':
      return { ...restart(state, action.line), running: state.running };
    case 'tooLarge': {
      const limit = maxStableLearningRate(scaledPoints(state));
      if (!Number.isFinite(limit)) return state;
      const rate = clampLearningRate(Math.ceil(limit * TOO_LARGE_FACTOR * 100) / 100);
      return {
        ...restart({ ...state, learningRate: rate }, ORIGIN),
        demo: true,
        running: true,
        speed: 'slow',
      };
    }
  }
}

/** Everything the page shows about the fit, in real units, derived from the state. */
export interface FitSummary {
  scaled: Point[];
  /** The current line of gradient descent. */
  gd: { line: Line; loss: number };
  /** The exact least-squares answer. */
  ls: { line: Line; loss: number; status: ReturnType<typeof closedForm>['status'] };
  /** The least-squares answer in scaled units (the bottom of the map). */
  lsScaled: Line;
  /** The current gradient in scaled units. */
  gradient: { dw: number; db: number };
  /** Largest stable learning rate for these points (Infinity for none). */
  limit: number;
  steps: number;
}

export function summarize(state: LabState): FitSummary {
  const scaler = domainScaler(state.domain);
  const scaled = scaledPoints(state);
  const line = currentLine(state);
  const g = lossAndGradient(scaled, line);
  const exact = closedForm(scaled);
  return {
    scaled,
    gd: { line: scaler.lineToReal(line), loss: scaler.lossToReal(g.loss) },
    ls: {
      line: scaler.lineToReal(exact.line),
      loss: scaler.lossToReal(exact.loss),
      status: exact.status,
    },
    lsScaled: exact.line,
    gradient: { dw: g.dw, db: g.db },
    limit: maxStableLearningRate(scaled),
    steps: state.path.length - 1,
  };
}

/** Round tick values within [min, max]: steps of 1, 2 or 5 × 10ᵏ, about `count` of them. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min) || !Number.isFinite(min) || !Number.isFinite(max)) return [min];
  const range = max - min;
  const power = 10 ** Math.floor(Math.log10(range / Math.max(1, count)));
  // The round step whose tick count comes closest to the one asked for.
  const candidates = [0.5, 1, 2, 5, 10].map((m) => m * power);
  const step = candidates.reduce((best, s) =>
    Math.abs(range / s - count) < Math.abs(range / best - count) ? s : best,
  );
  const ticks: number[] = [];
  // Multiples of the step (not repeated additions), rounded, so the axis never reads 0.30000000000000004.
  for (let k = Math.ceil(min / step - 1e-9); k * step <= max + step * 1e-9; k++) {
    ticks.push(Number((k * step).toPrecision(12)) + 0);
  }
  return ticks;
}

/** A number for display: about 3–4 significant digits, exponent form when very large or small. */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return '—';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  const abs = Math.abs(value);
  let text: string;
  if (abs !== 0 && (abs >= 1e5 || abs < 1e-3)) text = value.toExponential(2).replace('e+', 'e');
  else if (abs >= 100) text = value.toFixed(1);
  else if (abs >= 10) text = value.toFixed(2);
  else text = value.toFixed(3);
  // A typographic minus, and no "-0.000".
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text.replace('-', '−');
}

/**
 * The map's window: the base window (start and answer), grown to follow a path that leaves it (a
 * diverging descent) with a little room beyond the path, but never more than `maxZoomOut` times the base
 * size, so a blow-up stays in view for a while and the bowl never shrinks to a dot.
 */
export function followWindow(base: SurfaceWindow, path: readonly Line[], maxZoomOut = 5): SurfaceWindow {
  const cw = (base.wMin + base.wMax) / 2;
  const cb = (base.bMin + base.bMax) / 2;
  const hw = (base.wMax - base.wMin) / 2;
  const hb = (base.bMax - base.bMin) / 2;
  const room = 0.1;
  let { wMin, wMax, bMin, bMax } = base;
  for (const l of path) {
    if (!Number.isFinite(l.w) || !Number.isFinite(l.b)) continue;
    wMin = Math.min(wMin, l.w - room * hw);
    wMax = Math.max(wMax, l.w + room * hw);
    bMin = Math.min(bMin, l.b - room * hb);
    bMax = Math.max(bMax, l.b + room * hb);
  }
  return {
    wMin: Math.max(wMin, cw - maxZoomOut * hw),
    wMax: Math.min(wMax, cw + maxZoomOut * hw),
    bMin: Math.max(bMin, cb - maxZoomOut * hb),
    bMax: Math.min(bMax, cb + maxZoomOut * hb),
  };
}
