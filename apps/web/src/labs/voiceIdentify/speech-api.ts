/**
 * The lab's two server calls (spec §7): `createRecTask` hands over the recording as a 16 kHz mono WAV and
 * answers a task, `describeTaskStatus` is polled about once a second until it succeeded or failed. The
 * server keeps the credits only for a transcript and refunds a failure; it logs both calls itself.
 */
import { recTaskSchema, type RecTask, type SpeechLanguage } from '@ai-edu/contract';
import { encodeWav, resample } from '@ai-edu/ml/audio/wav.ts';
import { aiProblemKindOf, type AiProblem } from '../../lib/ai-problem.ts';
import { apiRequest, HttpError, parseProductReply } from '../../lib/api-client.ts';
import type { AudioClip } from '../../lib/microphone/audio-clip.ts';
import { randomHex } from '../../lib/random-key.ts';

export const CREATE_PATH = '/api/ai/createRecTask';
export const DESCRIBE_PATH = '/api/ai/describeTaskStatus';
/** Speech recognisers work on 16 kHz: smaller to send, and what Tencent's 16k engines expect. */
export const SPEECH_RATE = 16_000;
export const POLL_INTERVAL_MS = 1000;

export class RecognitionError extends Error {
  constructor(readonly problem: AiProblem) {
    super(problem.message || problem.kind);
    this.name = 'RecognitionError';
  }
}

/** The clip as base64 of a 16-bit mono WAV at 16 kHz. */
export function clipToWavBase64(clip: Pick<AudioClip, 'samples' | 'sampleRate'>): string {
  const samples =
    clip.sampleRate === SPEECH_RATE ? clip.samples : resample(clip.samples, clip.sampleRate, SPEECH_RATE);
  const bytes = encodeWav(samples, SPEECH_RATE);
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

async function post(path: string, json: Record<string, unknown>, signal?: AbortSignal): Promise<RecTask> {
  let body: unknown;
  try {
    body = await apiRequest(path, { method: 'POST', json, toastHttpErrors: false, signal });
  } catch (error) {
    if (error instanceof HttpError)
      throw new RecognitionError({ kind: aiProblemKindOf(error.status), message: error.serverMessage ?? '' });
    if (signal?.aborted) throw error;
    throw new RecognitionError({
      kind: 'network',
      message: error instanceof Error ? error.message : String(error),
    });
  }
  const reply = parseProductReply(body, recTaskSchema);
  if (!reply.data) throw new RecognitionError({ kind: 'generic', message: reply.message });
  return reply.data;
}

export function createRecTask(
  audio: string,
  language: SpeechLanguage,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<RecTask> {
  return post(CREATE_PATH, { audio, language, idempotencyKey }, signal);
}

export function describeTaskStatus(taskId: string, signal?: AbortSignal): Promise<RecTask> {
  return post(DESCRIBE_PATH, { taskId }, signal);
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
      },
      { once: true },
    );
  });

/**
 * The whole recognition: create, then poll until the task finishes. `onUpdate` sees every state (for the
 * progress line). Cancelling stops the polling; a task left running is refunded by the server later.
 */
export async function recognise(
  clip: Pick<AudioClip, 'samples' | 'sampleRate'>,
  language: SpeechLanguage,
  idempotencyKey: string,
  signal: AbortSignal,
  onUpdate: (task: RecTask) => void,
): Promise<RecTask> {
  let task = await createRecTask(clipToWavBase64(clip), language, idempotencyKey, signal);
  onUpdate(task);
  while (task.status === 'waiting' || task.status === 'doing') {
    await wait(POLL_INTERVAL_MS, signal);
    task = await describeTaskStatus(task.taskId, signal);
    onUpdate(task);
  }
  return task;
}

/** A fresh idempotency key (getRandomValues: randomUUID needs HTTPS, a school LAN may serve plain HTTP). */
export function newRecognitionKey(): string {
  return `rec-${randomHex()}`;
}
