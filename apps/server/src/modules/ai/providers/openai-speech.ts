/**
 * OpenAI's audio API as documented, which any compatible server speaks (OpenAI itself, or a school's own
 * local speech server): POST /audio/transcriptions (multipart; `verbose_json` with word and segment
 * timestamps, in seconds) and POST /audio/speech (JSON in, audio bytes out).
 */
import type { SpeechLanguage, SpeechSegment } from '@ai-edu/contract';
import { endpoint, failure, refusal, type OpenAiSettings } from './openai-compatible.ts';
import type { SpeechAudio, SpeechRecognizer, SpeechSynthesizer, Transcript } from './speech.ts';
import { ProviderError } from './types.ts';

interface VerboseTranscription {
  text?: string;
  segments?: { text?: string; start?: number; end?: number }[];
  words?: { word?: string; start?: number; end?: number }[];
}

const toMs = (seconds: number | undefined) => Math.round((seconds ?? 0) * 1000);

function timed(items: { text?: string; start?: number; end?: number }[] | undefined): SpeechSegment[] {
  return (items ?? [])
    .map((item) => ({ text: (item.text ?? '').trim(), startMs: toMs(item.start), endMs: toMs(item.end) }))
    .filter((item) => item.text);
}

/** Maps a `verbose_json` transcription (or a plain `{ text }` from a simpler server) to our transcript. */
export function transcriptFromVerbose(body: VerboseTranscription): Transcript {
  return {
    text: (body.text ?? '').trim(),
    segments: timed(body.segments),
    words: timed(body.words?.map((w) => ({ text: w.word, start: w.start, end: w.end }))),
  };
}

const authorization = (settings: OpenAiSettings): Record<string, string> =>
  settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {};

export class OpenAiSpeechRecognizer implements SpeechRecognizer {
  readonly vendor = 'openai' as const;
  constructor(private readonly settings: OpenAiSettings) {}

  async start(audio: SpeechAudio, language: SpeechLanguage, signal: AbortSignal) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(audio.wav)], { type: 'audio/wav' }), 'recording.wav');
    form.append('model', this.settings.model);
    form.append('language', language);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    form.append('timestamp_granularities[]', 'segment');
    try {
      const response = await fetch(endpoint(this.settings.baseUrl, '/audio/transcriptions'), {
        method: 'POST',
        headers: authorization(this.settings),
        body: form,
        signal,
      });
      if (!response.ok) throw await refusal(response);
      return { transcript: transcriptFromVerbose((await response.json()) as VerboseTranscription) };
    } catch (error) {
      throw failure(error, signal);
    }
  }

  /** Never called: an OpenAI-compatible transcription finishes in `start`. */
  poll(): Promise<never> {
    return Promise.reject(
      new ProviderError('OpenAI-compatible transcriptions have no task to poll', 'error'),
    );
  }
}

/** OpenAI's own voices; a compatible server may name others (the voice field passes through). */
export const OPENAI_DEFAULT_VOICE = 'alloy';

export class OpenAiSpeechSynthesizer implements SpeechSynthesizer {
  constructor(private readonly settings: OpenAiSettings) {}

  async synthesize(input: { text: string; voice?: string; speed: number }, signal: AbortSignal) {
    try {
      const response = await fetch(endpoint(this.settings.baseUrl, '/audio/speech'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...authorization(this.settings) },
        body: JSON.stringify({
          model: this.settings.model,
          input: input.text,
          voice: input.voice || OPENAI_DEFAULT_VOICE,
          speed: input.speed,
          response_format: 'wav',
        }),
        signal,
      });
      if (!response.ok) throw await refusal(response);
      const audio = Buffer.from(await response.arrayBuffer());
      if (!audio.length) throw new ProviderError('provider answered without audio', 'error');
      return { audio, mime: response.headers.get('content-type')?.split(';')[0] || 'audio/wav' };
    } catch (error) {
      throw failure(error, signal);
    }
  }
}
