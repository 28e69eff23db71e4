import { decodeWav } from '@ai-edu/ml/audio/wav.ts';
import { describe, expect, it } from 'vitest';
import { clipToWavBase64, newRecognitionKey, SPEECH_RATE } from './speech-api.ts';

const decode = (base64: string) => decodeWav(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

describe('the recording sent for recognition', () => {
  it('is a 16 kHz mono WAV of the same length, whatever rate it was recorded at', () => {
    const samples = new Float32Array(48_000).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 48_000));
    const wav = decode(clipToWavBase64({ samples, sampleRate: 48_000 }));
    expect(wav.sampleRate).toBe(SPEECH_RATE);
    expect(wav.channels).toBe(1);
    expect(wav.samples.length).toBeGreaterThan(15_900);
    expect(wav.samples.length).toBeLessThan(16_100);
    expect(Math.max(...wav.samples)).toBeGreaterThan(0.45);
  });

  it('keeps a 16 kHz clip sample for sample', () => {
    const samples = Float32Array.from([0, 0.25, -0.5, 1]);
    const wav = decode(clipToWavBase64({ samples, sampleRate: 16_000 }));
    expect(Array.from(wav.samples, (s) => Math.round(s * 100) / 100)).toEqual([0, 0.25, -0.5, 1]);
  });

  it('gets an idempotency key the server accepts, new each time', () => {
    const key = newRecognitionKey();
    expect(key).toMatch(/^[\w.:-]{8,100}$/);
    expect(newRecognitionKey()).not.toBe(key);
  });
});
