/**
 * The page's speed and pitch (0.5–2, 1 = normal) in eSpeak NG's own units, and the command line the runner
 * hands to it. Pure, so the mapping is tested without starting the engine.
 */
import type { EspeakVoice } from '@ai-edu/contract';

/** eSpeak's default speaking rate, in words per minute. */
export const ESPEAK_NORMAL_WPM = 175;
/** eSpeak's pitch runs 0–99 with 50 as its default. */
export const ESPEAK_NORMAL_PITCH = 50;
const ESPEAK_MAX_PITCH = 99;

/** Where the runner puts the text, the sound and the phonemes inside the engine's in-memory file system. */
export const ESPEAK_FILES = { input: '/input.txt', wav: '/speech.wav', phonemes: '/phonemes.txt' } as const;

export interface EspeakJob {
  text: string;
  voice: EspeakVoice;
  /** Words per minute. */
  wpm: number;
  /** 0–99. */
  pitch: number;
}

/** Speed scales the rate: 0.5 → 88 wpm, 1 → 175, 2 → 350 (eSpeak without its sonic library tops out near 450). */
export function wordsPerMinute(speed: number): number {
  return Math.round(ESPEAK_NORMAL_WPM * speed);
}

/** Pitch 0.5 → 0, 1 → 50, 2 → 99: two straight lines meeting at eSpeak's default. */
export function espeakPitch(pitch: number): number {
  const value =
    pitch < 1
      ? ESPEAK_NORMAL_PITCH - (1 - pitch) * 2 * ESPEAK_NORMAL_PITCH
      : ESPEAK_NORMAL_PITCH + (pitch - 1) * (ESPEAK_MAX_PITCH - ESPEAK_NORMAL_PITCH);
  return Math.min(ESPEAK_MAX_PITCH, Math.max(0, Math.round(value)));
}

/**
 * The arguments for one synthesis. The text is never among them: the runner writes it to a file the engine
 * reads (`-f`), so a text that starts with "-" cannot turn into an option. `-b 1` says the file is UTF-8,
 * `-x` writes eSpeak's phoneme mnemonics to the phoneme file.
 */
export function espeakArguments(job: Pick<EspeakJob, 'voice' | 'wpm' | 'pitch'>): string[] {
  return [
    '-v',
    job.voice,
    '-s',
    String(job.wpm),
    '-p',
    String(job.pitch),
    '-b',
    '1',
    '-f',
    ESPEAK_FILES.input,
    '-w',
    ESPEAK_FILES.wav,
    '-x',
    `--phonout=${ESPEAK_FILES.phonemes}`,
  ];
}
