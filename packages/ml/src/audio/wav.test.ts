import { describe, expect, it } from 'vitest';
import { concatSounds, generateSound } from './generate.ts';
import { decodeWav, encodeWav, resample, WavError } from './wav.ts';

describe('WAV', () => {
  it('round-trips 16-bit mono within one quantisation step', () => {
    const tone = generateSound('tone', { sampleRate: 8000, seconds: 0.5, seed: 3 });
    const decoded = decodeWav(encodeWav(tone, 8000));
    expect(decoded.sampleRate).toBe(8000);
    expect(decoded.channels).toBe(1);
    expect(decoded.samples.length).toBe(tone.length);
    let worst = 0;
    for (let i = 0; i < tone.length; i++) worst = Math.max(worst, Math.abs(decoded.samples[i]! - tone[i]!));
    expect(worst).toBeLessThan(1 / 16000);
  });

  it('mixes a stereo 8-bit file down to one channel', () => {
    const bytes = encodeWav(new Float32Array(4), 1000);
    const view = new DataView(bytes.buffer);
    view.setUint16(22, 2, true); // two channels
    view.setUint16(34, 8, true); // 8-bit
    bytes.set([255, 1, 128, 128, 192, 64, 0, 0], 44);
    view.setUint32(40, 8, true);
    const decoded = decodeWav(bytes.subarray(0, 52));
    expect(decoded.channels).toBe(2);
    expect(Array.from(decoded.samples)).toEqual([0, 0, 0, -1]);
  });

  it('refuses what is not a PCM WAV', () => {
    expect(() => decodeWav(new TextEncoder().encode('ID3 not a wav at all'))).toThrow(WavError);
    const bytes = encodeWav(new Float32Array(4), 1000);
    new DataView(bytes.buffer).setUint16(20, 85, true); // MP3 inside a WAV
    expect(() => decodeWav(bytes)).toThrow(/unsupported WAV encoding/);
    expect(() => decodeWav(bytes.subarray(0, 30))).toThrow(WavError);
  });

  it('resamples to the requested rate, keeping a tone at its pitch', () => {
    const tone = Float32Array.from({ length: 48_000 }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / 48_000));
    const down = resample(tone, 48_000, 16_000);
    expect(down.length).toBe(16_000);
    let crossings = 0;
    for (let i = 1; i < down.length; i++) if (down[i - 1]! < 0 && down[i]! >= 0) crossings++;
    expect(crossings).toBeGreaterThanOrEqual(439);
    expect(crossings).toBeLessThanOrEqual(441);
  });
});

describe('generated sounds', () => {
  it('are repeatable per seed and differ between seeds', () => {
    expect(generateSound('chirp', { seed: 5 })).toEqual(generateSound('chirp', { seed: 5 }));
    expect(generateSound('chirp', { seed: 5 })).not.toEqual(generateSound('chirp', { seed: 6 }));
  });

  it('are loud where there is a sound and quiet for background', () => {
    const rms = (s: Float32Array) => Math.sqrt(s.reduce((sum, v) => sum + v * v, 0) / s.length);
    expect(rms(generateSound('tone'))).toBeGreaterThan(0.2);
    expect(rms(generateSound('background'))).toBeLessThan(0.05);
    expect(concatSounds([generateSound('silence', { seconds: 0.5 }), generateSound('tone')]).length).toBe(
      24_000,
    );
  });
});
