/**
 * The pure drawing maths of the sound views (unit-tested in Node): waveform columns, the colour scale and
 * the spectrogram picture as RGBA pixels for a 2D canvas's ImageData (no GPU needed).
 */
import { logSpectrogram } from '@ai-edu/ml/audio/spectrogram.ts';

/** Per pixel column, the lowest and highest sample in it: a waveform of any length in `width` columns. */
export function waveformColumns(
  samples: Float32Array,
  width: number,
): { min: Float32Array; max: Float32Array } {
  const min = new Float32Array(width);
  const max = new Float32Array(width);
  if (samples.length === 0 || width <= 0) return { min, max };
  for (let x = 0; x < width; x++) {
    const from = Math.floor((x * samples.length) / width);
    const to = Math.max(from + 1, Math.floor(((x + 1) * samples.length) / width));
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = from; i < to && i < samples.length; i++) {
      const v = samples[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    min[x] = lo === Infinity ? 0 : lo;
    max[x] = hi === -Infinity ? 0 : hi;
  }
  return { min, max };
}

/** Dark purple → red → orange → pale yellow ("magma"-like): quiet is dark, loud is bright. */
const STOPS: readonly [number, number, number, number][] = [
  [0, 0, 0, 4],
  [0.25, 80, 18, 123],
  [0.5, 182, 54, 121],
  [0.75, 251, 136, 97],
  [1, 252, 253, 191],
];

/** 256 RGB entries of the colour scale, index 0 = silent, 255 = loudest. */
export const COLOR_SCALE: Uint8ClampedArray<ArrayBuffer> = (() => {
  const table = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    let s = 0;
    while (s < STOPS.length - 2 && t > STOPS[s + 1]![0]) s++;
    const [t0, r0, g0, b0] = STOPS[s]!;
    const [t1, r1, g1, b1] = STOPS[s + 1]!;
    const f = (t - t0) / (t1 - t0);
    table[i * 3] = r0 + (r1 - r0) * f;
    table[i * 3 + 1] = g0 + (g1 - g0) * f;
    table[i * 3 + 2] = b0 + (b1 - b0) * f;
  }
  return table;
})();

/** A dB value on the colour scale's 0..255 between `floorDb` and `topDb`. */
export function colorIndex(db: number, floorDb: number, topDb: number): number {
  const t = (db - floorDb) / (topDb - floorDb || 1);
  return Math.max(0, Math.min(255, Math.round(t * 255)));
}

/** How many dB below the loudest spot still shows: quieter is black. */
export const DYNAMIC_RANGE_DB = 80;

export interface SpectrogramPicture {
  /** RGBA, `width * height * 4` bytes, row 0 at the top (the highest pitch shown). */
  pixels: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
  /** The pitch at the picture's top edge. */
  maxHz: number;
  seconds: number;
}

/** FFT size for the view: ~21 ms windows whatever the rate (512 at 16 kHz, 1024 at 44.1/48 kHz). */
export function viewFftSize(sampleRate: number): number {
  return sampleRate > 24_000 ? 1024 : sampleRate > 12_000 ? 512 : 256;
}

/**
 * The spectrogram of `samples` as a `width × height` picture: time left → right, low pitch at the bottom,
 * up to `maxHz` (default 8 kHz, where speech and most everyday sounds live), loud = bright. About one frame
 * is computed per column, so a minute of audio costs no more than a second of it per pixel.
 */
export function spectrogramPicture(
  samples: Float32Array,
  sampleRate: number,
  width: number,
  height: number,
  maxHz = 8000,
): SpectrogramPicture {
  const pixels = new Uint8ClampedArray(width * height * 4);
  const topHz = Math.min(maxHz, sampleRate / 2);
  const seconds = sampleRate > 0 ? samples.length / sampleRate : 0;
  for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255;
  const fftSize = viewFftSize(sampleRate);
  if (width <= 0 || height <= 0 || samples.length < fftSize) {
    return { pixels, width, height, maxHz: topHz, seconds };
  }
  const hop = Math.max(1, Math.floor((samples.length - fftSize) / Math.max(1, width - 1)));
  const { frames, binHz } = logSpectrogram(samples, sampleRate, { fftSize, hop });
  let topDb = -Infinity;
  for (const frame of frames) for (let k = 1; k < frame.length; k++) if (frame[k]! > topDb) topDb = frame[k]!;
  const floorDb = topDb - DYNAMIC_RANGE_DB;
  // Which bins each row shows: row 0 is the top (topHz), the last row the bottom (0 Hz). A row covering
  // several bins takes the loudest, so a pure tone never falls between two rows.
  const lastBin = frames[0]!.length - 1;
  const rows = binRanges(height, topHz, binHz, lastBin);
  for (let x = 0; x < width; x++) {
    const frame = frames[Math.min(frames.length - 1, Math.floor((x * frames.length) / width))]!;
    for (let y = 0; y < height; y++) {
      let db = -Infinity;
      for (let k = rows.from[y]!; k <= rows.to[y]!; k++) if (frame[k]! > db) db = frame[k]!;
      const c = colorIndex(db, floorDb, topDb) * 3;
      const p = (y * width + x) * 4;
      pixels[p] = COLOR_SCALE[c]!;
      pixels[p + 1] = COLOR_SCALE[c + 1]!;
      pixels[p + 2] = COLOR_SCALE[c + 2]!;
    }
  }
  return { pixels, width, height, maxHz: topHz, seconds };
}

/**
 * For each of `height` rows (row 0 at the top, at `topHz`), the first and last FFT bin it covers: at least
 * one bin (the nearest) when rows are finer than bins.
 */
export function binRanges(
  height: number,
  topHz: number,
  binHz: number,
  lastBin: number,
): { from: Uint16Array; to: Uint16Array } {
  const from = new Uint16Array(height);
  const to = new Uint16Array(height);
  for (let y = 0; y < height; y++) {
    const lowHz = ((height - 1 - y) / height) * topHz;
    const highHz = ((height - y) / height) * topHz;
    const centre = Math.min(lastBin, Math.round((lowHz + highHz) / 2 / binHz));
    const lo = Math.min(lastBin, Math.ceil(lowHz / binHz));
    const hi = Math.min(lastBin, Math.ceil(highHz / binHz) - 1);
    from[y] = hi >= lo ? lo : centre;
    to[y] = hi >= lo ? hi : centre;
  }
  return { from, to };
}

/** Where a timed segment sits, in percent of the clip (clamped to it), for the labelled spans. */
export function segmentSpan(
  segment: { startMs: number; endMs: number },
  durationMs: number,
): { left: number; width: number } | null {
  if (!(durationMs > 0)) return null;
  const start = Math.max(0, Math.min(durationMs, segment.startMs));
  const end = Math.max(start, Math.min(durationMs, segment.endMs));
  return { left: (start / durationMs) * 100, width: ((end - start) / durationMs) * 100 };
}
