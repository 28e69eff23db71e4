import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { argMax } from '../trainer/metrics.ts';
import { augmentClips, mixNoise, timeShift } from './augment.ts';
import { predictSoundCnn, trainSoundCnn } from './classifier-cnn.ts';
import { parseFastModel, predictFast, trainFastClassifier } from './classifier-fast.ts';
import { FEATURE_SIZE, mfccStatistics, sliceIntoSeconds, soundFeatures } from './features.ts';
import { generateSound, type SoundKind } from './generate.ts';

const KINDS: SoundKind[] = ['tone', 'chirp', 'noiseBurst', 'background'];
const LABELS = ['whistle', 'chirp', 'clap', 'background'];

/** `perClass` generated seconds of every kind; seeds from `firstSeed` so train and test never share one. */
function dataset(perClass: number, firstSeed: number, sampleRate = 16_000) {
  return KINDS.flatMap((kind, label) =>
    Array.from({ length: perClass }, (_, i) => ({
      features: soundFeatures(
        generateSound(kind, { seed: firstSeed + i * 7 + label, sampleRate }),
        sampleRate,
      ),
      label,
    })),
  );
}

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('soundFeatures', () => {
  it('gives the speech-commands shape (43 × 232) for any sample rate and length', () => {
    for (const [rate, seconds] of [
      [16_000, 1],
      [48_000, 1],
      [44_100, 0.4],
      [22_050, 2.5],
    ] as const) {
      const f = soundFeatures(generateSound('tone', { sampleRate: rate, seconds }), rate);
      expect(f.db).toHaveLength(FEATURE_SIZE);
      expect(f.normalised).toHaveLength(FEATURE_SIZE);
    }
  });

  it('finds a tone in its frequency bin at every mic rate, and normalises to mean 0', () => {
    for (const rate of [16_000, 48_000]) {
      const { db, normalised } = soundFeatures(
        generateSound('tone', { frequency: 1000, sampleRate: rate }),
        rate,
      );
      const frame = db.subarray(20 * 232, 21 * 232);
      // 1000 Hz at 44.1 kHz / 1024 ≈ bin 23.
      expect(Math.abs(argMax(frame) - 23)).toBeLessThanOrEqual(1);
      const mean = normalised.reduce((s, v) => s + v, 0) / normalised.length;
      expect(Math.abs(mean)).toBeLessThan(1e-3);
    }
  });

  it('slices a recording into whole seconds, keeping a last piece of at least half a second', () => {
    const pieces = sliceIntoSeconds(new Float32Array(16_000 * 3 + 9_000), 16_000);
    expect(pieces).toHaveLength(4);
    expect(sliceIntoSeconds(new Float32Array(16_000 * 2 + 100), 16_000)).toHaveLength(2);
  });

  it('summarises MFCCs as a mean and a deviation per coefficient', () => {
    const steady = mfccStatistics(soundFeatures(generateSound('tone'), 16_000).db);
    const sweeping = mfccStatistics(soundFeatures(generateSound('chirp'), 16_000).db);
    expect(steady).toHaveLength(26);
    // A chirp's spectrum changes through the second more than a steady tone's.
    const change = (s: Float32Array) => s.slice(14, 26).reduce((a, v) => a + v, 0);
    expect(change(sweeping)).toBeGreaterThan(change(steady));
  });
});

describe('augmentation', () => {
  it('shifts in time with silence in the gap and keeps the length', () => {
    const clip = new Float32Array(100).fill(1);
    const shifted = timeShift(clip, 0.2, () => 1);
    expect(shifted).toHaveLength(100);
    expect(shifted[0]).toBe(0);
    expect(shifted[99]).toBe(1);
    expect(shifted.filter((v) => v === 0)).toHaveLength(20);
  });

  it('mixes background noise at a gain within the range', () => {
    const mixed = mixNoise(new Float32Array(10), new Float32Array(4).fill(1), seededRandom(3), 0.2, 0.3);
    for (const v of mixed) {
      expect(v).toBeGreaterThanOrEqual(0.2);
      expect(v).toBeLessThanOrEqual(0.3);
    }
    expect(
      augmentClips([new Float32Array(10)], [new Float32Array(5).fill(1)], 3, seededRandom(1)),
    ).toHaveLength(3);
  });
});

describe('fast classifier (MFCC statistics + logistic regression)', () => {
  it('tells tones, chirps, noise bursts and background apart on held-out sounds (≥ 90 %)', () => {
    const train = dataset(20, 1);
    const model = trainFastClassifier(
      train.map((e) => ({ db: e.features.db, label: e.label })),
      LABELS,
    );
    const test = dataset(15, 10_001, 48_000);
    const right = test.filter((e) => argMax(predictFast(model, e.features.db)) === e.label).length;
    expect(right / test.length).toBeGreaterThanOrEqual(0.9);
    // Survives a JSON round trip unchanged.
    const again = parseFastModel(JSON.parse(JSON.stringify(model)));
    expect(predictFast(again, test[0]!.features.db)).toEqual(predictFast(model, test[0]!.features.db));
  });

  it('rejects a file that is not a fast model', () => {
    expect(() => parseFastModel({ kind: 'fast', labels: ['a', 'b'], mean: [1] })).toThrow();
    expect(() => parseFastModel({ kind: 'cnn' })).toThrow('not a fast sound model');
  });
});

describe('sound CNN', () => {
  it('learns tones vs noise bursts vs background from a few samples', async () => {
    const train = dataset(6, 1).filter((e) => e.label !== 1);
    const relabel = (l: number) => (l === 0 ? 0 : l === 2 ? 1 : 2);
    const model = await trainSoundCnn(
      tf,
      train.map((e) => ({ normalised: e.features.normalised, label: relabel(e.label) })),
      3,
      { epochs: 10, batchSize: 6 },
    );
    const test = dataset(5, 20_001).filter((e) => e.label !== 1);
    const probs = predictSoundCnn(
      tf,
      model,
      test.map((e) => e.features.normalised),
    );
    const right = probs.filter((p, i) => argMax(p) === relabel(test[i]!.label)).length;
    expect(right / test.length).toBeGreaterThanOrEqual(0.8);
    model.dispose();
  }, 120_000);
});
