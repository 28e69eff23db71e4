/**
 * Spectrograms: a radix-2 FFT and log-magnitude (dB) frames with a Hann window. The sound labs draw them
 * (SoundView) and the sound-classifier trainer builds its features on them, so the layout is fixed:
 *
 * - `frames[t]` is the frame starting at sample `t * hop` (frames only where a whole window fits: a clip of
 *   n samples gives `max(0, floor((n - fftSize) / hop) + 1)` frames); frame t is centred at
 *   `(t * hop + fftSize / 2) / sampleRate` seconds.
 * - `frames[t][k]` is bin k, at frequency `k * binHz` (`binHz = sampleRate / fftSize`), k = 0 … fftSize/2
 *   (DC to Nyquist inclusive: `fftSize / 2 + 1` values), in dB: `10 * log10((|X_k| / (fftSize / 2))² + 1e-20)`
 *   — a full-scale sine (amplitude 1) reads about -6 dB (the Hann window halves it), silence -200 dB.
 * - Speech-commands shape: fftSize 1024, hop 1024 at 44.1 kHz over 1 s gives 43 frames; the first 232 bins
 *   (0 … ~10 kHz) of each are the model's input — slice them with `frame.subarray(0, 232)`.
 *
 * Speed: a real signal of N samples is transformed as one complex FFT of N/2 (then split); the twiddles,
 * bit-reversal tables and window are computed once per size and cached; one pair of work buffers is reused
 * for every frame. 60 s of 48 kHz audio (fftSize 1024, hop 512) is ~5,600 FFTs.
 */

export interface SpectrogramOptions {
  /** Window length in samples, a power of two (default 1024). */
  fftSize?: number;
  /** Samples between the starts of two frames (default fftSize / 2). */
  hop?: number;
}

export interface Spectrogram {
  /** One Float32Array of `fftSize / 2 + 1` dB values per frame, oldest first. */
  frames: Float32Array[];
  /** Hz between two neighbouring bins (sampleRate / fftSize). */
  binHz: number;
  /** Seconds between the starts of two frames (hop / sampleRate). */
  hopSeconds: number;
}

/** The dB floor: what an all-zero window reads. */
export const SILENCE_DB = -200;

interface FftPlan {
  size: number;
  cos: Float64Array;
  sin: Float64Array;
  reversed: Uint32Array;
}

const plans = new Map<number, FftPlan>();

export function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 2 && (n & (n - 1)) === 0;
}

function fftPlan(size: number): FftPlan {
  const cached = plans.get(size);
  if (cached) return cached;
  if (!isPowerOfTwo(size)) throw new RangeError(`FFT size must be a power of two, got ${size}`);
  const half = size / 2;
  const cos = new Float64Array(half);
  const sin = new Float64Array(half);
  for (let i = 0; i < half; i++) {
    cos[i] = Math.cos((2 * Math.PI * i) / size);
    sin[i] = -Math.sin((2 * Math.PI * i) / size);
  }
  const bits = Math.log2(size);
  const reversed = new Uint32Array(size);
  for (let i = 0; i < size; i++) {
    let r = 0;
    for (let b = 0, x = i; b < bits; b++, x >>= 1) r = (r << 1) | (x & 1);
    reversed[i] = r;
  }
  const plan = { size, cos, sin, reversed };
  plans.set(size, plan);
  return plan;
}

/**
 * In-place forward FFT of (re, im), both of length `re.length` (a power of two): X_k = Σ x_n e^{-2πikn/N}.
 */
export function fft(re: Float64Array | Float32Array, im: Float64Array | Float32Array): void {
  const n = re.length;
  if (im.length !== n) throw new RangeError('re and im must have the same length');
  const { cos, sin, reversed } = fftPlan(n);
  for (let i = 0; i < n; i++) {
    const j = reversed[i]!;
    if (j > i) {
      const tr = re[i]!;
      re[i] = re[j]!;
      re[j] = tr;
      const ti = im[i]!;
      im[i] = im[j]!;
      im[j] = ti;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const halfLen = len >> 1;
    const step = n / len;
    // Twiddle outside, blocks inside: the short early stages then run long inner loops.
    for (let k = 0; k < halfLen; k++) {
      const wr = cos[k * step]!;
      const wi = sin[k * step]!;
      for (let a = k; a < n; a += len) {
        const b = a + halfLen;
        const br = re[b]!;
        const bi = im[b]!;
        const xr = br * wr - bi * wi;
        const xi = br * wi + bi * wr;
        const ar = re[a]!;
        const ai = im[a]!;
        re[b] = ar - xr;
        im[b] = ai - xi;
        re[a] = ar + xr;
        im[a] = ai + xi;
      }
    }
  }
}

const windows = new Map<number, Float64Array>();

/** The periodic Hann window of `size` samples (cached). */
export function hannWindow(size: number): Float64Array {
  const cached = windows.get(size);
  if (cached) return cached;
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  windows.set(size, w);
  return w;
}

/** How many frames `logSpectrogram` gives for `length` samples. */
export function frameCount(length: number, fftSize: number, hop: number): number {
  return length < fftSize ? 0 : Math.floor((length - fftSize) / hop) + 1;
}

/**
 * A reusable frame computer: `into(samples, offset, out)` writes the dB spectrum of the window starting at
 * `offset` into `out` (length fftSize/2 + 1). The live view uses it on the analyser's time-domain data.
 */
export function createSpectrumFrame(
  fftSize: number,
): (samples: Float32Array, offset: number, out: Float32Array) => Float32Array {
  if (!isPowerOfTwo(fftSize) || fftSize < 4) {
    throw new RangeError(`fftSize must be a power of two ≥ 4, got ${fftSize}`);
  }
  // A real signal of N samples is one complex FFT of N/2 (even samples real, odd imaginary), then split:
  // half the work of a complex FFT of N.
  const half = fftSize / 2;
  const { cos, sin } = fftPlan(fftSize);
  fftPlan(half);
  const window = hannWindow(fftSize);
  const re = new Float64Array(half);
  const im = new Float64Array(half);
  // |X| / (N/2): a full-scale sine without a window reads 1 (0 dB); in power, (2/N)².
  const scale2 = (2 / fftSize) ** 2;
  const toDb = (power: number) => 10 * Math.log10(power * scale2 + 1e-20);
  return (samples, offset, out) => {
    for (let n = 0; n < half; n++) {
      const even = samples[offset + 2 * n];
      const odd = samples[offset + 2 * n + 1];
      re[n] = (even === undefined ? 0 : even) * window[2 * n]!;
      im[n] = (odd === undefined ? 0 : odd) * window[2 * n + 1]!;
    }
    fft(re, im);
    // X[0] and X[N/2] are real: the sum and the difference of Z[0]'s parts.
    out[0] = toDb((re[0]! + im[0]!) ** 2);
    out[half] = toDb((re[0]! - im[0]!) ** 2);
    for (let k = 1; k < half; k++) {
      const ar = re[k]!;
      const ai = im[k]!;
      const br = re[half - k]!;
      const bi = im[half - k]!;
      // Even part (Z[k] + conj Z[M−k]) / 2, odd part (Z[k] − conj Z[M−k]) / 2i, X = even + W^k · odd.
      const er = (ar + br) / 2;
      const ei = (ai - bi) / 2;
      const or = (ai + bi) / 2;
      const oi = (br - ar) / 2;
      const wr = cos[k]!;
      const wi = sin[k]!;
      const xr = er + wr * or - wi * oi;
      const xi = ei + wr * oi + wi * or;
      out[k] = toDb(xr * xr + xi * xi);
    }
    return out;
  };
}

/** Log-magnitude spectrogram; see the file comment for the frame/bin layout. */
export function logSpectrogram(
  samples: Float32Array,
  sampleRate: number,
  options: SpectrogramOptions = {},
): Spectrogram {
  const fftSize = options.fftSize ?? 1024;
  const hop = options.hop ?? fftSize / 2;
  if (!Number.isInteger(hop) || hop < 1) throw new RangeError(`hop must be a positive integer, got ${hop}`);
  if (!(sampleRate > 0)) throw new RangeError(`sampleRate must be positive, got ${sampleRate}`);
  const frame = createSpectrumFrame(fftSize);
  const count = frameCount(samples.length, fftSize, hop);
  const bins = fftSize / 2 + 1;
  // One allocation for all frames; each frame is a view on it.
  const storage = new Float32Array(count * bins);
  const frames: Float32Array[] = [];
  for (let t = 0; t < count; t++) {
    frames.push(frame(samples, t * hop, storage.subarray(t * bins, (t + 1) * bins)));
  }
  return { frames, binHz: sampleRate / fftSize, hopSeconds: hop / sampleRate };
}
