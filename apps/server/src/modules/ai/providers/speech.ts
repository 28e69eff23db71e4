/** What the speech routes ask of a recognition or synthesis provider, whichever vendor is behind it. */
import type { SpeechLanguage, SpeechSegment } from '@ai-edu/contract';

export interface Transcript {
  text: string;
  /** Sentences (or the provider's segments) with their times in the recording. */
  segments: SpeechSegment[];
  words: SpeechSegment[];
}

/** A recording as sent on: 16-bit PCM mono WAV bytes, its rate and length. */
export interface SpeechAudio {
  wav: Buffer;
  sampleRate: number;
  seconds: number;
}

export type TaskPoll =
  | { status: 'waiting' | 'doing' }
  | { status: 'success'; transcript: Transcript }
  | { status: 'failed'; error: string };

export interface SpeechRecognizer {
  readonly vendor: 'openai' | 'tencent';
  /**
   * Hands over a recording: either transcribed at once (OpenAI-compatible servers answer in one call) or
   * a provider task to poll (Tencent's CreateRecTask).
   */
  start(
    audio: SpeechAudio,
    language: SpeechLanguage,
    signal: AbortSignal,
  ): Promise<{ transcript: Transcript } | { providerTaskId: string }>;
  poll(providerTaskId: string, signal: AbortSignal): Promise<TaskPoll>;
}

export interface SynthesizedSpeech {
  audio: Buffer;
  mime: string;
}

export interface SpeechSynthesizer {
  synthesize(
    input: { text: string; voice?: string; speed: number },
    signal: AbortSignal,
  ): Promise<SynthesizedSpeech>;
}
