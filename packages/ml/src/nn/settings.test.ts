import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { FEATURE_IDS } from './features.ts';
import { ACTIVATION_NAMES, REGULARIZATION_NAMES } from './functions.ts';
import {
  DATASET_NAMES,
  DEFAULT_SETTINGS,
  LEARNING_RATES,
  LIMITS,
  REGULARIZATION_RATES,
  decodePoints,
  defaultSettings,
  encodePoints,
  hasSettingsInQuery,
  settingsFromQuery,
  settingsToQuery,
  snapPoint,
  type PlaygroundSettings,
} from './settings.ts';

/** A random but valid experiment. */
function randomSettings(seed: number): PlaygroundSettings {
  const rng = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const features = FEATURE_IDS.filter(() => rng() < 0.5);
  return {
    dataset: pick(DATASET_NAMES),
    features: features.length ? features : ['sinX2'],
    hiddenLayers: Array.from({ length: int(0, LIMITS.maxHiddenLayers) }, () => int(1, LIMITS.maxNeurons)),
    activation: pick(ACTIVATION_NAMES),
    learningRate: pick(LEARNING_RATES),
    batchSize: int(LIMITS.minBatch, LIMITS.maxBatch),
    regularization: pick(REGULARIZATION_NAMES),
    regularizationRate: pick(REGULARIZATION_RATES),
    noise: int(0, 10) * 5,
    trainPercent: int(1, 9) * 10,
    seed: Math.floor(rng() * 0xffffffff),
    points: Array.from({ length: int(0, 40) }, () =>
      snapPoint(rng() * 14 - 7, rng() * 14 - 7, rng() < 0.5 ? -1 : 1),
    ),
    showTest: rng() < 0.5,
    discretize: rng() < 0.5,
  };
}

describe('settings in the URL', () => {
  it('round-trips the defaults and a hundred random experiments', () => {
    expect(settingsFromQuery(settingsToQuery(defaultSettings()))).toEqual(DEFAULT_SETTINGS);
    for (let seed = 0; seed < 100; seed++) {
      const settings = randomSettings(seed);
      const query = settingsToQuery(settings).toString();
      expect(settingsFromQuery(query)).toEqual(settings);
      // Through a real URL, as a shared link travels.
      const url = new URL(`https://school.example/ailab/neuralNetworks?${query}`);
      expect(settingsFromQuery(url.search)).toEqual(settings);
    }
  });

  it('reads an empty query as the defaults and knows it holds no settings', () => {
    expect(settingsFromQuery('')).toEqual(DEFAULT_SETTINGS);
    expect(hasSettingsInQuery(new URLSearchParams('from=course'))).toBe(false);
    expect(hasSettingsInQuery(new URLSearchParams('lr=0.1'))).toBe(true);
  });

  it('writes a readable link', () => {
    const q = settingsToQuery({ ...defaultSettings(), hiddenLayers: [], features: ['x1', 'x1TimesX2'] });
    expect(q.toString()).toContain(
      'dataset=circle&features=x1%2Cx1TimesX2&hidden=none&activation=tanh&lr=0.03',
    );
  });

  it('falls back per value on bad input, keeping the good values', () => {
    const s = settingsFromQuery(
      'dataset=moon&features=x9,,x2&hidden=4,0,2&activation=softmax&lr=0.5&batch=31&reg=L3&regRate=-1' +
        '&noise=7&train=95&seed=-4&points=%%%&showTest=maybe&discretize=1',
    );
    expect(s).toEqual({
      ...DEFAULT_SETTINGS,
      features: ['x2'],
      discretize: true,
    });
    expect(settingsFromQuery('hidden=1,2,3,4,5,6,7').hiddenLayers).toEqual(DEFAULT_SETTINGS.hiddenLayers);
    expect(settingsFromQuery('hidden=8,8,8,8,8,8').hiddenLayers).toEqual([8, 8, 8, 8, 8, 8]);
    expect(settingsFromQuery('hidden=').hiddenLayers).toEqual([]);
    expect(settingsFromQuery('hidden=2.5').hiddenLayers).toEqual(DEFAULT_SETTINGS.hiddenLayers);
    expect(settingsFromQuery('features=').features).toEqual(DEFAULT_SETTINGS.features);
    expect(settingsFromQuery('lr=0.030000000000000002').learningRate).toBe(0.03);
    expect(settingsFromQuery('lr=1e-5').learningRate).toBe(0.00001);
    expect(settingsFromQuery('lr=Infinity&batch=1e1&seed=4294967296').learningRate).toBe(0.03);
    expect(settingsFromQuery('batch=1e1').batchSize).toBe(DEFAULT_SETTINGS.batchSize);
    expect(settingsFromQuery('seed=4294967296').seed).toBe(DEFAULT_SETTINGS.seed);
    expect(settingsFromQuery('seed=4294967295').seed).toBe(4294967295);
    expect(settingsFromQuery('features=x1&features=x2').features).toEqual(['x1']);
  });

  it('never throws, whatever the query', () => {
    const rng = seededRandom(99);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789=&,.%-_+ ';
    for (let i = 0; i < 500; i++) {
      const text = Array.from({ length: 80 }, () => alphabet[Math.floor(rng() * alphabet.length)]).join('');
      expect(() => settingsFromQuery(text)).not.toThrow();
    }
    expect(() => settingsFromQuery(`points=${'z'.repeat(100_000)}`)).not.toThrow();
  });
});

describe('drawn points', () => {
  it('snap to a 0.1 grid inside the plane', () => {
    expect(snapPoint(1.234, -5.96, 0.3)).toEqual({ x1: 1.2, x2: -6, label: 1 });
    expect(snapPoint(9, -9, -1)).toEqual({ x1: 6, x2: -6, label: -1 });
  });

  it('encode in three characters each and decode exactly', () => {
    const points = [
      { x1: -6, x2: -6, label: -1 },
      { x1: 6, x2: 6, label: 1 },
      { x1: 0.1, x2: -2.7, label: 1 },
      { x1: 3.3, x2: 0, label: -1 },
    ];
    const text = encodePoints(points);
    expect(text).toHaveLength(12);
    expect(decodePoints(text)).toEqual(points);
  });

  it('keeps at most the limit and skips unreadable groups', () => {
    const many = Array.from({ length: LIMITS.maxPoints + 20 }, (_, i) => snapPoint(i / 100, 0, 1));
    expect(decodePoints(encodePoints(many))).toHaveLength(LIMITS.maxPoints);
    const good = encodePoints([{ x1: 1, x2: 1, label: 1 }]);
    expect(decodePoints(`zzz${good}!!!${good}ab`)).toEqual([
      { x1: 1, x2: 1, label: 1 },
      { x1: 1, x2: 1, label: 1 },
    ]);
  });
});
