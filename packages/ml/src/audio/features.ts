/**
 * What the sound classifier "sees": a log-magnitude spectrogram of one second of sound, in the shape
 * `@tensorflow-models/speech-commands` uses (43 frames × 232 bins: fftSize 1024, hop 1024 at 44.1 kHz, the
 * bins from 0 to ~10 kHz). Training, live prediction and the page's "under the hood" view all call
 * `soundFeatures`, so the model is never fed something computed differently from what it learned on.
 *
 * Any microphone rate works: the clip is resampled to 44.1 kHz first, so 16 kHz and 48 kHz mics give the
 * same shape. A clip shorter than 1 s is padded with silence, a longer one keeps its last second (the
 * freshest sound, which is what the live window wants).
 */
import { logSpectrogram } from './spectrogram.ts';
import { resample } from './wav.ts';

export const FEATURE_SAMPLE_RATE = 44_100;
export const FEATURE_FFT_SIZE = 1024;
export const FEATURE_FRAMES = 43;
export const FEATURE_BINS = 232;
export const FEATURE_SIZE = FEATURE_FRAMES * FEATURE_BINS;
/** One window of sound in samples at FEATURE_SAMPLE_RATE (1 s). */
export const WINDOW_SAMPLES = FEATURE_SAMPLE_RATE;
/** dB below which everything counts as silence (keeps the -200 dB of digital zeros from dominating). */
export const FLOOR_DB = -100;

export interface SoundFeatures {
  /** Frames × bins in dB (floored at FLOOR_DB), frame-major: value of frame t, bin k at `t * BINS + k`. */
  db: Float32Array;
  /** The same values normalised (mean 0, deviation 1 over the whole window): the CNN's input. */
  normalised: Float32Array;
}

/** Exactly one second at 44.1 kHz: resampled, then the last second kept or padded at the front. */
export function toFeatureWindow(samples: Float32Array, sampleRate: number): Float32Array {
  const at44k = resample(samples, sampleRate, FEATURE_SAMPLE_RATE);
  if (at44k.length === WINDOW_SAMPLES) return at44k;
  if (at44k.length > WINDOW_SAMPLES) return at44k.slice(at44k.length - WINDOW_SAMPLES);
  const out = new Float32Array(WINDOW_SAMPLES);
  out.set(at44k, WINDOW_SAMPLES - at44k.length);
  return out;
}

/** The model's input for a clip (any length, any sample rate). */
export function soundFeatures(samples: Float32Array, sampleRate: number): SoundFeatures {
  const window = toFeatureWindow(samples, sampleRate);
  const { frames } = logSpectrogram(window, FEATURE_SAMPLE_RATE, {
    fftSize: FEATURE_FFT_SIZE,
    hop: FEATURE_FFT_SIZE,
  });
  const db = new Float32Array(FEATURE_SIZE);
  db.fill(FLOOR_DB);
  for (let t = 0; t < Math.min(FEATURE_FRAMES, frames.length); t++) {
    const frame = frames[t]!;
    for (let k = 0; k < FEATURE_BINS; k++) db[t * FEATURE_BINS + k] = Math.max(FLOOR_DB, frame[k]!);
  }
  return { db, normalised: normalise(db) };
}

/** Mean 0, deviation 1 (a window of pure silence stays all zeros). */
export function normalise(values: Float32Array): Float32Array {
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length || 1;
  let variance = 0;
  for (const v of values) variance += (v - mean) ** 2;
  const deviation = Math.sqrt(variance / (values.length || 1));
  const out = new Float32Array(values.length);
  if (deviation < 1e-6) return out;
  for (let i = 0; i < values.length; i++) out[i] = (values[i]! - mean) / deviation;
  return out;
}

/** Slices a long recording into 1-s pieces (the last piece is dropped when shorter than half a second). */
export function sliceIntoSeconds(samples: Float32Array, sampleRate: number): Float32Array[] {
  const size = Math.round(sampleRate);
  const pieces: Float32Array[] = [];
  for (let start = 0; start < samples.length; start += size) {
    const piece = samples.subarray(start, Math.min(samples.length, start + size));
    if (piece.length >= size / 2) {
      const full = new Float32Array(size);
      full.set(piece);
      pieces.push(full);
    }
  }
  return pieces;
}

// --- MFCCs: the fast classifier's summary of the same spectrogram ---

export const MFCC_COUNT = 13;
const MEL_FILTERS = 32;

let melBank: Float32Array[] | null = null;

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** Triangular mel filters over the 232 feature bins (cached). */
function melFilters(): Float32Array[] {
  if (melBank) return melBank;
  const binHz = FEATURE_SAMPLE_RATE / FEATURE_FFT_SIZE;
  const top = hzToMel(FEATURE_BINS * binHz);
  const edges = Array.from(
    { length: MEL_FILTERS + 2 },
    (_, i) => melToHz((top * i) / (MEL_FILTERS + 1)) / binHz,
  );
  melBank = Array.from({ length: MEL_FILTERS }, (_, m) => {
    const [lo, mid, hi] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const filter = new Float32Array(FEATURE_BINS);
    for (let k = 0; k < FEATURE_BINS; k++) {
      if (k > lo && k <= mid) filter[k] = (k - lo) / (mid - lo);
      else if (k > mid && k < hi) filter[k] = (hi - k) / (hi - mid);
    }
    return filter;
  });
  return melBank;
}

/** MFCCs of every frame (frame-major, MFCC_COUNT per frame) from the features' dB values. */
export function mfccFrames(db: Float32Array): Float32Array {
  const filters = melFilters();
  const out = new Float32Array(FEATURE_FRAMES * MFCC_COUNT);
  const energies = new Float32Array(MEL_FILTERS);
  const power = new Float32Array(FEATURE_BINS);
  for (let t = 0; t < FEATURE_FRAMES; t++) {
    for (let k = 0; k < FEATURE_BINS; k++) power[k] = 10 ** (db[t * FEATURE_BINS + k]! / 10);
    for (let m = 0; m < MEL_FILTERS; m++) {
      let sum = 0;
      const filter = filters[m]!;
      for (let k = 0; k < FEATURE_BINS; k++) sum += filter[k]! * power[k]!;
      energies[m] = Math.log(sum + 1e-10);
    }
    // DCT-II of the log mel energies: c0 is the loudness, the next ones the spectrum's broad shape.
    for (let c = 0; c < MFCC_COUNT; c++) {
      let sum = 0;
      for (let m = 0; m < MEL_FILTERS; m++)
        sum += energies[m]! * Math.cos((Math.PI * c * (m + 0.5)) / MEL_FILTERS);
      out[t * MFCC_COUNT + c] = sum;
    }
  }
  return out;
}

/** Mean and deviation over time of each MFCC: 2 × MFCC_COUNT numbers that summarise the second. */
export function mfccStatistics(db: Float32Array): Float32Array {
  const frames = mfccFrames(db);
  const out = new Float32Array(2 * MFCC_COUNT);
  for (let c = 0; c < MFCC_COUNT; c++) {
    let mean = 0;
    for (let t = 0; t < FEATURE_FRAMES; t++) mean += frames[t * MFCC_COUNT + c]!;
    mean /= FEATURE_FRAMES;
    let variance = 0;
    for (let t = 0; t < FEATURE_FRAMES; t++) variance += (frames[t * MFCC_COUNT + c]! - mean) ** 2;
    out[c] = mean;
    out[MFCC_COUNT + c] = Math.sqrt(variance / FEATURE_FRAMES);
  }
  return out;
}
