/**
 * Test sounds our own code makes (no recordings to license): steady tones, rising or falling chirps, noise
 * bursts and quiet background noise. Unit tests, e2e (Chromium's fake microphone plays a WAV of them) and the
 * trainAudio benchmark's held-out set use the same generator, seeded so a run can be repeated exactly.
 */
import { gaussian, seededRandom, type Rng } from '../random.ts';

export type SoundKind = 'tone' | 'chirp' | 'noiseBurst' | 'background' | 'silence';

export interface SoundOptions {
  sampleRate?: number;
  seconds?: number;
  /** Tone frequency, or a chirp's start frequency (Hz). */
  frequency?: number;
  /** A chirp's end frequency (Hz). */
  endFrequency?: number;
  /** Peak amplitude in [0, 1]. */
  amplitude?: number;
  seed?: number;
}

/** One sound of the given kind; each seed varies level, start and pitch a little, like real recordings. */
export function generateSound(kind: SoundKind, options: SoundOptions = {}): Float32Array {
  const { sampleRate = 16_000, seconds = 1, seed = 1 } = options;
  const rng = seededRandom(seed);
  const n = Math.round(sampleRate * seconds);
  const out = new Float32Array(n);
  if (kind === 'silence') return out;
  const jitter = (spread: number) => 1 + (rng() * 2 - 1) * spread;
  const amplitude = (options.amplitude ?? (kind === 'background' ? 0.05 : 0.6)) * jitter(0.2);
  if (kind === 'background') {
    for (let i = 0; i < n; i++) out[i] = amplitude * gaussian(rng) * 0.5;
    return out;
  }
  // The sound itself fills most of the second, starting a little late and fading in and out.
  const start = Math.floor(n * 0.1 * rng());
  const length = Math.floor(n * (0.6 + 0.25 * rng()));
  const fade = Math.max(1, Math.floor(sampleRate * 0.02));
  const f0 = (options.frequency ?? (kind === 'chirp' ? 400 : 880)) * jitter(0.05);
  const f1 = (options.endFrequency ?? 2000) * jitter(0.05);
  let phase = 0;
  for (let i = 0; i < length && start + i < n; i++) {
    const envelope = Math.min(1, i / fade, (length - i) / fade);
    let value: number;
    if (kind === 'noiseBurst') value = gaussian(rng) * 0.4;
    else {
      const f = kind === 'chirp' ? f0 + ((f1 - f0) * i) / length : f0;
      phase += (2 * Math.PI * f) / sampleRate;
      value = Math.sin(phase);
    }
    out[start + i] = amplitude * envelope * value;
  }
  // A little room noise under everything, as a microphone always hears.
  for (let i = 0; i < n; i++) out[i] = (out[i] ?? 0) + 0.005 * gaussian(rng);
  return out;
}

/** Sounds one after another (e.g. a fake-microphone file: 3 s of tone, then 3 s of noise). */
export function concatSounds(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export type { Rng };
