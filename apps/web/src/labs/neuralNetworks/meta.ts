/**
 * The lab's own facts: feature labels, ready-made experiments (presets a lesson can load in one click) and
 * drawing sizes. Slug, title and description come from the registry entry; the maths from `@ai-edu/ml/nn`.
 */
import type { LabSlug } from '@ai-edu/contract';
import { defaultSettings, type FeatureId, type PlaygroundSettings } from '@ai-edu/ml/nn/index.ts';

export const SLUG = 'neuralNetworks' satisfies LabSlug;

/** Feature names in maths notation (the same in every language). */
export const FEATURE_LABELS: Record<FeatureId, string> = {
  x1: 'X₁',
  x2: 'X₂',
  x1Squared: 'X₁²',
  x2Squared: 'X₂²',
  x1TimesX2: 'X₁X₂',
  sinX1: 'sin(X₁)',
  sinX2: 'sin(X₂)',
};

/** Heat-map cells per side: every neuron's map is this many forward passes squared per frame. */
export const HEATMAP_RESOLUTION = 40;

/** A frame's heat maps should take at most this long; slower networks redraw them every few epochs. */
export const HEATMAP_BUDGET_MS = 8;

export type PresetId =
  | 'xorLinear'
  | 'xorHidden'
  | 'xorFeature'
  | 'lrSlow'
  | 'lrGood'
  | 'lrTooBig'
  | 'overfit'
  | 'overfitL2'
  | 'spiral'
  | 'spiralSin'
  | 'draw';

/** Each preset is the defaults plus a few changes, so the lesson is about exactly those changes. */
const PRESET_CHANGES: Record<PresetId, Partial<PlaygroundSettings>> = {
  xorLinear: { dataset: 'xor', features: ['x1', 'x2'], hiddenLayers: [] },
  xorHidden: { dataset: 'xor', features: ['x1', 'x2'], hiddenLayers: [4] },
  xorFeature: { dataset: 'xor', features: ['x1TimesX2'], hiddenLayers: [] },
  lrSlow: { dataset: 'circle', learningRate: 0.001 },
  lrGood: { dataset: 'circle', learningRate: 0.03 },
  lrTooBig: { dataset: 'circle', learningRate: 3 },
  overfit: {
    dataset: 'xor',
    noise: 50,
    trainPercent: 10,
    hiddenLayers: [8, 8, 8],
    learningRate: 0.1,
    showTest: true,
  },
  overfitL2: {
    dataset: 'xor',
    noise: 50,
    trainPercent: 10,
    hiddenLayers: [8, 8, 8],
    learningRate: 0.1,
    showTest: true,
    regularization: 'L2',
    regularizationRate: 0.03,
  },
  spiral: { dataset: 'spiral' },
  spiralSin: {
    dataset: 'spiral',
    features: ['x1', 'x2', 'sinX1', 'sinX2'],
    hiddenLayers: [8, 8, 6],
  },
  draw: { dataset: 'custom', hiddenLayers: [4] },
};

/** The settings a preset loads; drawn points are kept so a drawing is never lost by a click. */
export function presetSettings(id: PresetId, current: PlaygroundSettings): PlaygroundSettings {
  return { ...defaultSettings(), ...PRESET_CHANGES[id], points: current.points };
}
