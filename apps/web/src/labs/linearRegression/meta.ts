/**
 * The lab's own facts: example datasets (seeded, so every class sees the same points), training speeds,
 * limits and defaults. Slug, title and description come from the registry entry.
 */
import { linearData, type Domain, type Point } from '@ai-edu/ml/regression/index.ts';

export const SLUG = 'linearRegression';

export type PresetId = 'study' | 'house' | 'noisy' | 'outlier' | 'blank';

export interface Preset {
  id: PresetId;
  /** Visible ranges of the axes, in real units; also the min–max scaling used for training. */
  domain: Domain;
  /** i18n keys (under `axes.`) of the axis titles. */
  xLabel: 'studyX' | 'houseX' | 'x';
  yLabel: 'studyY' | 'houseY' | 'y';
  points: () => Point[];
}

const UNIT = { xMin: 0, xMax: 10, yMin: 0, yMax: 10 };

export const PRESETS: readonly Preset[] = [
  {
    id: 'study',
    domain: { xMin: 0, xMax: 10, yMin: 0, yMax: 100 },
    xLabel: 'studyX',
    yLabel: 'studyY',
    points: () =>
      linearData({
        seed: 11,
        count: 16,
        line: { w: 5.8, b: 36 },
        noise: 7,
        xMin: 0.5,
        xMax: 9.5,
        yMin: 0,
        yMax: 100,
        decimals: 1,
      }),
  },
  {
    id: 'house',
    domain: { xMin: 0, xMax: 200, yMin: 0, yMax: 800 },
    xLabel: 'houseX',
    yLabel: 'houseY',
    points: () =>
      linearData({
        seed: 23,
        count: 18,
        line: { w: 3.1, b: 60 },
        noise: 45,
        xMin: 35,
        xMax: 185,
        yMin: 0,
        yMax: 800,
        decimals: 0,
      }),
  },
  {
    id: 'noisy',
    domain: UNIT,
    xLabel: 'x',
    yLabel: 'y',
    points: () =>
      linearData({
        seed: 5,
        count: 40,
        line: { w: 0.6, b: 2 },
        noise: 1.3,
        xMin: 0.3,
        xMax: 9.7,
        yMin: 0,
        yMax: 10,
        decimals: 2,
      }),
  },
  {
    id: 'outlier',
    domain: UNIT,
    xLabel: 'x',
    yLabel: 'y',
    // Points close to one line, and one far below it that drags the least-squares line down.
    points: () => [
      ...linearData({
        seed: 8,
        count: 11,
        line: { w: 0.7, b: 1.5 },
        noise: 0.3,
        xMin: 0.8,
        xMax: 8,
        decimals: 2,
      }),
      { x: 9, y: 0.8 },
    ],
  },
  { id: 'blank', domain: UNIT, xLabel: 'x', yLabel: 'y', points: () => [] },
];

export const DEFAULT_PRESET: PresetId = 'study';

export function findPreset(id: PresetId): Preset {
  return PRESETS.find((p) => p.id === id) ?? PRESETS[0]!;
}

/** Steps of gradient descent per second while playing. */
export const SPEEDS = { slow: 4, normal: 20, fast: 120 } as const;
export type Speed = keyof typeof SPEEDS;

export const DEFAULT_LEARNING_RATE = 0.5;
/** The learning-rate slider's range (log scale). */
export const MIN_LEARNING_RATE = 0.001;
export const MAX_LEARNING_RATE = 3;

/**
 * The too-large demo sets the rate this far above the stability limit: the zig-zag grows by about 12% a
 * step and the loss by about 25%, slow enough to watch it start.
 */
export const TOO_LARGE_FACTOR = 1.06;

/** Training stops by itself when the gradient (in scaled units) is this small… */
export const CONVERGED_GRADIENT = 1e-6;
/** …when the loss has grown this many times over its value at the start (a stable rate never raises it)… */
export const DIVERGED_FACTOR = 1e4;
/** …or after this many steps. */
export const MAX_STEPS = 10_000;

/** Points one can place (clicks beyond it are ignored). */
export const MAX_POINTS = 200;

/** Nodes of the loss-surface map along each axis. */
export const SURFACE_NODES = 64;
