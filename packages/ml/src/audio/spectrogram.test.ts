import { describe, expect, it } from 'vitest';
import { generateSound } from './generate.ts';
import {
  createSpectrumFrame,
  fft,
  frameCount,
  hannWindow,
  logSpectrogram,
  SILENCE_DB,
} from './spectrogram.ts';

/** The plain O(n²) DFT, to check the FFT against. */
function naiveDft(input: number[]): { re: number[]; im: number[] } {
  const n = input.length;
  const re: number[] = [];
  const im: number[] = [];
  for (let k = 0; k < n; k++) {
    let r = 0;
    let i = 0;
    for (let t = 0; t < n; t++) {
      r += input[t]! * Math.cos((2 * Math.PI * k * t) / n);
      i -= input[t]! * Math.sin((2 * Math.PI * k * t) / n);
    }
    re.push(r);
    im.push(i);
  }
  return { re, im };
}

function loudestBin(frame: Float32Array): number {
  let best = 0;
  for (let k = 1; k < frame.length; k++) if (frame[k]! > frame[best]!) best = k;
  return best;
}

describe('fft', () => {
  it('matches the plain DFT on an irregular signal', () => {
    const input = Array.from(
      { length: 64 },
      (_, i) => Math.sin(i * 0.37) + (i % 5) * 0.1 - (i === 7 ? 2 : 0),
    );
    const re = Float64Array.from(input);
    const im = new Float64Array(64);
    fft(re, im);
    const expected = naiveDft(input);
    for (let k = 0; k < 64; k++) {
      expect(re[k]).toBeCloseTo(expected.re[k]!, 9);
      expect(im[k]).toBeCloseTo(expected.im[k]!, 9);
    }
  });

  it('refuses a size that is not a power of two', () => {
    expect(() => fft(new Float64Array(12), new Float64Array(12))).toThrow(RangeError);
  });
});

describe('createSpectrumFrame', () => {
  it('matches the windowed plain DFT in dB on every bin (the real-input split included)', () => {
    const size = 64;
    const input = Float32Array.from(
      { length: size },
      (_, i) => Math.sin(i * 0.9) * 0.5 + Math.cos(i * 2.3) * 0.2 + (i === 3 ? 0.8 : 0),
    );
    const window = hannWindow(size);
    const expected = naiveDft(Array.from(input, (v, i) => v * window[i]!));
    const out = createSpectrumFrame(size)(input, 0, new Float32Array(size / 2 + 1));
    for (let k = 0; k <= size / 2; k++) {
      const magnitude = Math.hypot(expected.re[k]!, expected.im[k]!) * (2 / size);
      expect(out[k]).toBeCloseTo(20 * Math.log10(magnitude), 3);
    }
    expect(() => createSpectrumFrame(2)).toThrow(RangeError);
  });
});

describe('logSpectrogram', () => {
  it('puts a tone in the right bin at about -6 dB (Hann window) and silence at the floor', () => {
    const sampleRate = 16_000;
    // Exactly on bin 32 (500 Hz at 15.625 Hz per bin), amplitude 1.
    const tone = Float32Array.from({ length: 4096 }, (_, i) =>
      Math.sin((2 * Math.PI * 500 * i) / sampleRate),
    );
    const { frames, binHz, hopSeconds } = logSpectrogram(tone, sampleRate, { fftSize: 1024, hop: 512 });
    expect(binHz).toBe(15.625);
    expect(hopSeconds).toBe(512 / sampleRate);
    expect(frames).toHaveLength(7);
    expect(frames[0]).toHaveLength(513);
    for (const frame of frames) {
      expect(loudestBin(frame)).toBe(32);
      expect(frame[32]).toBeCloseTo(-6.02, 1);
      // Far from the tone the Hann window's leakage is tiny.
      expect(frame[200]!).toBeLessThan(-80);
    }
    const silent = logSpectrogram(new Float32Array(2048), sampleRate);
    expect(silent.frames[0]![10]).toBeCloseTo(SILENCE_DB, 3);
  });

  it('follows a rising chirp upward in time', () => {
    const chirp = generateSound('chirp', { sampleRate: 16_000, frequency: 400, endFrequency: 3000, seed: 2 });
    const { frames, binHz } = logSpectrogram(chirp, 16_000, { fftSize: 512, hop: 256 });
    // Only the frames where the chirp sounds (it starts a little late and fills 60–85 % of the second).
    const peaks = frames.slice(8, 40).map((f) => loudestBin(f) * binHz);
    expect(peaks[peaks.length - 1]!).toBeGreaterThan(peaks[0]! + 1000);
    for (let i = 1; i < peaks.length; i++) expect(peaks[i]!).toBeGreaterThanOrEqual(peaks[i - 1]! - binHz);
  });

  it('gives the speech-commands shape: 43 frames of which the first 232 bins are the features', () => {
    const second = generateSound('noiseBurst', { sampleRate: 44_100, seed: 5 });
    const { frames, binHz } = logSpectrogram(second, 44_100, { fftSize: 1024, hop: 1024 });
    expect(frames).toHaveLength(43);
    expect(frames[0]!.subarray(0, 232)).toHaveLength(232);
    expect(232 * binHz).toBeCloseTo(9991.4, 1);
  });

  it('counts frames only where a whole window fits, and validates its options', () => {
    expect(frameCount(1000, 1024, 512)).toBe(0);
    expect(frameCount(1024, 1024, 512)).toBe(1);
    expect(frameCount(2047, 1024, 512)).toBe(2);
    expect(logSpectrogram(new Float32Array(100), 8000).frames).toEqual([]);
    expect(() => logSpectrogram(new Float32Array(100), 8000, { fftSize: 1000 })).toThrow(RangeError);
    expect(() => logSpectrogram(new Float32Array(100), 8000, { hop: 0 })).toThrow(RangeError);
    expect(hannWindow(8)[0]).toBe(0);
    expect(hannWindow(8)[4]).toBeCloseTo(1, 12);
  });
});
