/**
 * Everything that defines a playground experiment, and its round trip through a URL query string, so a
 * teacher can share a preset as a link. Reading is forgiving: a missing or bad value falls back to its default
 * on its own (the rest of the link still applies), never an error.
 */
import { DOMAIN, GENERATED_DATASETS, type Example } from './datasets.ts';
import { FEATURE_IDS, type FeatureId } from './features.ts';
import {
  ACTIVATION_NAMES,
  REGULARIZATION_NAMES,
  type ActivationName,
  type RegularizationName,
} from './functions.ts';

export const DATASET_NAMES = [...GENERATED_DATASETS, 'custom'] as const;
/** A generated data set, or 'custom': the points a student drew. */
export type DatasetName = (typeof DATASET_NAMES)[number];

/** The learning rates offered (a log scale, as in tensorflow/playground). */
export const LEARNING_RATES = [0.00001, 0.0001, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1, 3, 10] as const;
export const REGULARIZATION_RATES = [0, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1, 3, 10] as const;

export const LIMITS = {
  maxHiddenLayers: 6,
  maxNeurons: 8,
  minBatch: 1,
  maxBatch: 30,
  /** Noise in percent, in steps of 5. */
  maxNoise: 50,
  noiseStep: 5,
  /** Share of the points used for training, in percent, in steps of 10. */
  minTrainPercent: 10,
  maxTrainPercent: 90,
  trainPercentStep: 10,
  /** Drawn points kept (and carried in a link). */
  maxPoints: 300,
  /** Drawn points sit on a grid of this step, so that a link carries them exactly. */
  pointStep: 0.1,
} as const;

export interface PlaygroundSettings {
  dataset: DatasetName;
  /** Input features, in FEATURE_IDS order, at least one. */
  features: FeatureId[];
  /** Neurons per hidden layer (may be empty: no hidden layer). */
  hiddenLayers: number[];
  activation: ActivationName;
  learningRate: number;
  batchSize: number;
  regularization: RegularizationName;
  regularizationRate: number;
  /** 0 … 50 (%) */
  noise: number;
  /** 10 … 90 (%) */
  trainPercent: number;
  /** Seeds the data and the initial weights. */
  seed: number;
  /** The drawn data set (used when `dataset` is 'custom'). */
  points: Example[];
  /** Show the test points on the output map. */
  showTest: boolean;
  /** Show the output as two flat colours (the decision) instead of shades (the confidence). */
  discretize: boolean;
}

export const DEFAULT_SETTINGS: Readonly<PlaygroundSettings> = Object.freeze({
  dataset: 'circle',
  features: ['x1', 'x2'],
  hiddenLayers: [4, 2],
  activation: 'tanh',
  learningRate: 0.03,
  batchSize: 10,
  regularization: 'none',
  regularizationRate: 0,
  noise: 0,
  trainPercent: 50,
  seed: 1,
  points: [],
  showTest: false,
  discretize: false,
} satisfies PlaygroundSettings);

/** A fresh, mutable copy of the defaults. */
export function defaultSettings(): PlaygroundSettings {
  return {
    ...DEFAULT_SETTINGS,
    features: [...DEFAULT_SETTINGS.features],
    hiddenLayers: [...DEFAULT_SETTINGS.hiddenLayers],
    points: [],
  };
}

// --- drawn points -----------------------------------------------------------------------------------------

const GRID = Math.round((2 * DOMAIN) / LIMITS.pointStep) + 1; // 121 positions per axis
const POINT_CHARS = 3; // GRID² × 2 classes = 29 282 < 36³

/** Snaps a point to the 0.1 grid inside the plane, so it survives a trip through a link unchanged. */
export function snapPoint(x1: number, x2: number, label: number): Example {
  const snap = (v: number) => {
    const clamped = Math.min(DOMAIN, Math.max(-DOMAIN, v));
    // `+ 0` turns −0 into 0, so a snapped point equals its decoded self.
    return Math.round(clamped / LIMITS.pointStep) / Math.round(1 / LIMITS.pointStep) + 0;
  };
  return { x1: snap(x1), x2: snap(x2), label: label > 0 ? 1 : -1 };
}

const gridIndex = (v: number) => Math.round((v + DOMAIN) / LIMITS.pointStep);
const gridValue = (i: number) => Math.round(i - DOMAIN / LIMITS.pointStep) / Math.round(1 / LIMITS.pointStep);

/** Three base-36 characters per point: (x index · 121 + y index) · 2 + class. */
export function encodePoints(points: readonly Example[]): string {
  return points
    .slice(0, LIMITS.maxPoints)
    .map((p) => {
      const s = snapPoint(p.x1, p.x2, p.label);
      const code = (gridIndex(s.x1) * GRID + gridIndex(s.x2)) * 2 + (s.label > 0 ? 1 : 0);
      return code.toString(36).padStart(POINT_CHARS, '0');
    })
    .join('');
}

/** The inverse of `encodePoints`; unreadable groups are skipped. */
export function decodePoints(text: string): Example[] {
  const points: Example[] = [];
  const clean = text.toLowerCase();
  for (let i = 0; i + POINT_CHARS <= clean.length && points.length < LIMITS.maxPoints; i += POINT_CHARS) {
    const group = clean.slice(i, i + POINT_CHARS);
    if (!/^[0-9a-z]{3}$/.test(group)) continue;
    const code = parseInt(group, 36);
    if (code >= GRID * GRID * 2) continue;
    const label = code % 2 === 1 ? 1 : -1;
    const cell = Math.floor(code / 2);
    points.push({ x1: gridValue(Math.floor(cell / GRID)), x2: gridValue(cell % GRID), label });
  }
  return points;
}

// --- query string -----------------------------------------------------------------------------------------

/** Query keys, short enough for a link on a slide. */
export const QUERY_KEYS = {
  dataset: 'dataset',
  features: 'features',
  hiddenLayers: 'hidden',
  activation: 'activation',
  learningRate: 'lr',
  batchSize: 'batch',
  regularization: 'reg',
  regularizationRate: 'regRate',
  noise: 'noise',
  trainPercent: 'train',
  seed: 'seed',
  points: 'points',
  showTest: 'showTest',
  discretize: 'discretize',
} as const satisfies Record<keyof PlaygroundSettings, string>;

/** Writes every setting (points only when there are some) as query parameters. */
export function settingsToQuery(settings: PlaygroundSettings): URLSearchParams {
  const q = new URLSearchParams();
  q.set(QUERY_KEYS.dataset, settings.dataset);
  q.set(QUERY_KEYS.features, settings.features.join(','));
  q.set(QUERY_KEYS.hiddenLayers, settings.hiddenLayers.length ? settings.hiddenLayers.join(',') : 'none');
  q.set(QUERY_KEYS.activation, settings.activation);
  q.set(QUERY_KEYS.learningRate, String(settings.learningRate));
  q.set(QUERY_KEYS.batchSize, String(settings.batchSize));
  q.set(QUERY_KEYS.regularization, settings.regularization);
  q.set(QUERY_KEYS.regularizationRate, String(settings.regularizationRate));
  q.set(QUERY_KEYS.noise, String(settings.noise));
  q.set(QUERY_KEYS.trainPercent, String(settings.trainPercent));
  q.set(QUERY_KEYS.seed, String(settings.seed));
  if (settings.points.length) q.set(QUERY_KEYS.points, encodePoints(settings.points));
  q.set(QUERY_KEYS.showTest, settings.showTest ? '1' : '0');
  q.set(QUERY_KEYS.discretize, settings.discretize ? '1' : '0');
  return q;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A number from `allowed`, matched with a relative tolerance (0.030000000000000002 is 0.03). */
function listed(allowed: readonly number[], value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) return fallback;
  return allowed.find((a) => Math.abs(a - n) <= 1e-9 * Math.max(1, Math.abs(a))) ?? fallback;
}

/** An integer in [min, max] on a grid of `step`, else the fallback. */
function integer(value: string | null, min: number, max: number, fallback: number, step = 1): number {
  if (value === null || !/^\d+$/.test(value.trim())) return fallback;
  const n = Number(value);
  return n >= min && n <= max && n % step === 0 ? n : fallback;
}

function flag(value: string | null, fallback: boolean): boolean {
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return fallback;
}

function parseFeatures(value: string | null): FeatureId[] {
  const fallback = [...DEFAULT_SETTINGS.features];
  if (value === null) return fallback;
  const wanted = new Set(value.split(',').map((s) => s.trim()));
  const features = FEATURE_IDS.filter((id) => wanted.has(id));
  return features.length ? features : fallback;
}

function parseHidden(value: string | null): number[] {
  const fallback = [...DEFAULT_SETTINGS.hiddenLayers];
  if (value === null) return fallback;
  const trimmed = value.trim();
  if (trimmed === 'none' || trimmed === '') return [];
  const parts = trimmed.split(',');
  if (parts.length > LIMITS.maxHiddenLayers) return fallback;
  const layers = parts.map((p) => integer(p, 1, LIMITS.maxNeurons, NaN));
  return layers.every(Number.isInteger) ? layers : fallback;
}

/** Reads settings from a query string; each missing or invalid value takes its default. */
export function settingsFromQuery(query: string | URLSearchParams): PlaygroundSettings {
  const q = typeof query === 'string' ? new URLSearchParams(query) : query;
  const get = (key: keyof PlaygroundSettings) => q.get(QUERY_KEYS[key]);
  const d = DEFAULT_SETTINGS;
  return {
    dataset: oneOf(DATASET_NAMES, get('dataset'), d.dataset),
    features: parseFeatures(get('features')),
    hiddenLayers: parseHidden(get('hiddenLayers')),
    activation: oneOf(ACTIVATION_NAMES, get('activation'), d.activation),
    learningRate: listed(LEARNING_RATES, get('learningRate'), d.learningRate),
    batchSize: integer(get('batchSize'), LIMITS.minBatch, LIMITS.maxBatch, d.batchSize),
    regularization: oneOf(REGULARIZATION_NAMES, get('regularization'), d.regularization),
    regularizationRate: listed(REGULARIZATION_RATES, get('regularizationRate'), d.regularizationRate),
    noise: integer(get('noise'), 0, LIMITS.maxNoise, d.noise, LIMITS.noiseStep),
    trainPercent: integer(
      get('trainPercent'),
      LIMITS.minTrainPercent,
      LIMITS.maxTrainPercent,
      d.trainPercent,
      LIMITS.trainPercentStep,
    ),
    seed: integer(get('seed'), 0, 0xffffffff, d.seed),
    points: decodePoints(get('points') ?? ''),
    showTest: flag(get('showTest'), d.showTest),
    discretize: flag(get('discretize'), d.discretize),
  };
}

/** Whether the query string holds any playground setting (a shared link rather than a bare page). */
export function hasSettingsInQuery(query: URLSearchParams): boolean {
  return Object.values(QUERY_KEYS).some((key) => query.has(key));
}
