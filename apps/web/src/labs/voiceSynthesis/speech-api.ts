/**
 * The page's two server calls: POST /api/tts/espeak (the built-in voice, free) and POST /api/ai/textToSpeech
 * (a cloud voice through the AI gateway, paid; a retry with the same key is never charged twice). Both
 * answer base64 audio; failures become a `SpeechProblem` the page explains, never a toast.
 */
import {
  cloudSpeechResultSchema,
  espeakResultSchema,
  type CloudSpeechResult,
  type EspeakResult,
  type EspeakVoice,
} from '@ai-edu/contract';
import { aiProblemKindOf, type AiProblem } from '../../lib/ai-problem.ts';
import { apiRequest, HttpError, parseProductReply } from '../../lib/api-client.ts';
import { randomHex } from '../../lib/random-key.ts';

export const ESPEAK_PATH = '/api/tts/espeak';
export const CLOUD_SPEECH_PATH = '/api/ai/textToSpeech';

/** Why a synthesis failed. `engine`: the built-in engine did not answer (its own 503); `input`: a 400. */
export type SpeechProblem = AiProblem | { kind: 'engine' | 'input'; message: string };

export class SpeechRequestError extends Error {
  constructor(readonly problem: SpeechProblem) {
    super(problem.message || problem.kind);
    this.name = 'SpeechRequestError';
  }
}

async function post(
  path: string,
  json: Record<string, unknown>,
  engine: 'espeak' | 'cloud',
  signal?: AbortSignal,
) {
  try {
    return await apiRequest(path, { method: 'POST', json, toastHttpErrors: false, signal });
  } catch (error) {
    if (error instanceof HttpError) {
      const message = error.serverMessage ?? '';
      // The built-in engine's 503 means it failed, not that something is "not set up".
      if (engine === 'espeak' && error.status === 503)
        throw new SpeechRequestError({ kind: 'engine', message });
      if (error.status === 400) throw new SpeechRequestError({ kind: 'input', message });
      throw new SpeechRequestError({ kind: aiProblemKindOf(error.status), message });
    }
    if (signal?.aborted) throw error;
    throw new SpeechRequestError({
      kind: 'network',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

export async function speakWithEspeak(
  request: { text: string; voice: EspeakVoice; speed: number; pitch: number },
  signal?: AbortSignal,
): Promise<EspeakResult> {
  const reply = parseProductReply(await post(ESPEAK_PATH, request, 'espeak', signal), espeakResultSchema);
  if (!reply.data) throw new SpeechRequestError({ kind: 'generic', message: reply.message });
  return reply.data;
}

export async function speakWithCloud(
  request: { text: string; speed: number; idempotencyKey: string; voice?: string },
  signal?: AbortSignal,
): Promise<CloudSpeechResult> {
  const reply = parseProductReply(
    await post(CLOUD_SPEECH_PATH, request, 'cloud', signal),
    cloudSpeechResultSchema,
  );
  if (!reply.data) throw new SpeechRequestError({ kind: 'generic', message: reply.message });
  return reply.data;
}

/** Base64 (bare or a data URL) to bytes. */
export function base64Bytes(base64: string): Uint8Array {
  const bare = base64.replace(/^data:[^,]*,/, '');
  const binary = atob(bare);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A random request key of 32 hex digits (works on plain http, where `crypto.randomUUID` does not). */
export function newSpeechKey(): string {
  return `tts-${randomHex()}`;
}
