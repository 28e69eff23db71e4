/**
 * Chromium's fake microphone plays one WAV file, in a loop, for the whole browser: a test file writes the
 * sounds it needs (our generator: tones, chirps, noise) and launches its browser with it.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeWav } from '@ai-edu/ml/audio/wav.ts';
import type { LaunchOptions } from './browser.ts';

/** Writes `samples` as a 16-bit mono WAV in a fresh temporary folder; returns its path. */
export async function writeWavFile(
  name: string,
  samples: Float32Array,
  sampleRate = 48_000,
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ai-edu-audio-'));
  const file = path.join(dir, name);
  await writeFile(file, encodeWav(samples, sampleRate));
  return file;
}

/** Launch options for a browser whose microphone plays `wavFile` (permission granted without a prompt). */
export function fakeMicrophone(wavFile: string): LaunchOptions {
  return {
    args: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavFile}`,
      // Autoplay without a gesture, so a recording can be played back without a click the test cannot time.
      '--autoplay-policy=no-user-gesture-required',
    ],
  };
}
