/**
 * Cloud speech through the gateway (issue 13). Recognition is the spec's two calls (§7): `createRecTask`
 * reserves the credits and hands the recording to the provider, `describeTaskStatus` is polled until the
 * task succeeded (the charge is kept, and both calls are written to the experience log) or failed (refunded
 * once). The task lives on its ai_requests row: pending while the provider works (the provider's task id and
 * the reservation's ledger key in `result`), then succeeded with the transcript, or failed. A task nobody
 * polls any more is refunded by the sweeper like any other pending request. Synthesis (`textToSpeech`) is
 * one call, paid like handwriting reading.
 */
import {
  CREDIT_COSTS,
  SPEECH_MAX_BYTES,
  cloudSpeechRequestSchema,
  createRecTaskRequestSchema,
  describeTaskStatusRequestSchema,
  messageText,
  type RecTask,
  type SpeechSegment,
} from '@ai-edu/contract';
import { aiRequests, type Db } from '@ai-edu/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { languageOf, parseInput, productOk } from '../../lib/http.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireCaller } from '../../plugins/session.ts';
import { AiGateway, type Admission, type AiRequestRow } from './gateway.ts';
import { callSignal, paidCalls, providerFailureKey } from './paid-call.ts';
import type { Transcript } from './providers/speech.ts';
import { decodeSpeechAudio } from './speech-audio.ts';
import type { SpeechProviderSource } from './speech-providers.ts';

export interface SpeechRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  ai: Config['ai'];
  speech: SpeechProviderSource;
  now: () => Date;
}

/** What a pending recognition row keeps while the provider works on it. */
interface PendingTask {
  providerTaskId?: string;
  attempt: string;
}

const RECOGNITION_KIND = 'speech';
const LOG_PATH = '/ailab/voiceIdentify';

const emptyTranscript: Transcript = { text: '', segments: [], words: [] };

function asTranscript(value: unknown): Transcript {
  const result = (value ?? {}) as Partial<Transcript>;
  const list = (items: unknown): SpeechSegment[] => (Array.isArray(items) ? (items as SpeechSegment[]) : []);
  return {
    text: typeof result.text === 'string' ? result.text : '',
    segments: list(result.segments),
    words: list(result.words),
  };
}

export const speechRoutes: FastifyPluginAsync<SpeechRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const gateway = new AiGateway(db, options.limiter, options.ai, now);
  const timeoutMs = options.ai.speechTimeoutMs;

  const { callProvider, logApiUse: log, refundQuietly } = paidCalls(db, gateway, app.log, now);

  const answer = (
    row: Pick<AiRequestRow, 'id'>,
    status: RecTask['status'],
    fields: Partial<RecTask> & { balance: number },
  ): RecTask => ({
    taskId: row.id,
    status,
    ...emptyTranscript,
    charged: false,
    ...fields,
  });

  /**
   * A finished recognition: the charge is kept only for a non-empty transcript, and only once (the update
   * applies while the row is still pending), with both calls logged by whoever kept it.
   */
  async function settleSuccess(
    request: FastifyRequest,
    admitted: Admission,
    transcript: Transcript,
    balance: number,
  ): Promise<RecTask> {
    const row = admitted.request;
    if (!transcript.text) {
      const after = await refundQuietly(admitted, 'no speech found');
      return answer(row, 'success', { balance: after });
    }
    const kept = await db
      .update(aiRequests)
      .set({ status: 'succeeded', finishedAt: now(), charged: 1, result: { ...transcript } })
      .where(and(eq(aiRequests.id, row.id), eq(aiRequests.status, 'pending')))
      .returning({ id: aiRequests.id });
    if (!kept.length) return describeFinished(request, row.id, row.userId, balance);
    await log(request, row.userId, LOG_PATH, '/api/ai/createRecTask');
    await log(request, row.userId, LOG_PATH, '/api/ai/describeTaskStatus');
    return answer(row, 'success', { ...transcript, charged: true, balance });
  }

  async function settleFailure(
    request: FastifyRequest,
    admitted: Admission,
    reason: string,
    messageKey: 'aiProviderFailed' | 'aiTimeout',
  ): Promise<RecTask> {
    const after = await refundQuietly(admitted, reason);
    return answer(admitted.request, 'failed', {
      balance: after,
      error: messageText(messageKey, languageOf(request)),
    });
  }

  /** A row already succeeded or failed: what it ended with. */
  async function describeFinished(
    request: FastifyRequest,
    id: string,
    userId: string,
    balance: number,
  ): Promise<RecTask> {
    const [row] = await db
      .select()
      .from(aiRequests)
      .where(and(eq(aiRequests.id, id), eq(aiRequests.userId, userId)));
    if (!row) throw new AppError('notFound', 404);
    if (row.status === 'succeeded')
      return answer(row, 'success', { ...asTranscript(row.result), charged: row.charged === 1, balance });
    if (row.status === 'failed') {
      const key = row.error?.includes('timed out') ? 'aiTimeout' : 'aiProviderFailed';
      return answer(row, 'failed', { balance, error: messageText(key, languageOf(request)) });
    }
    return answer(row, 'doing', { balance });
  }

  app.post(
    '/ai/createRecTask',
    // The recording travels as base64 inside JSON: 5 MB of WAV is about 6.7 MB of text.
    { bodyLimit: Math.ceil(SPEECH_MAX_BYTES / 3) * 4 + 64 * 1024 },
    async (request, reply) => {
      const body = parseInput(createRecTaskRequestSchema, request.body);
      const { user } = await requireCaller(db, request, now());
      const audio = decodeSpeechAudio(body.audio);
      const recognizer = options.speech.recognizer();
      if (!recognizer) throw new AppError('aiNotConfigured', 503);
      const admitted = await gateway.admit(user, {
        lab: 'voiceIdentify',
        kind: RECOGNITION_KIND,
        cost: CREDIT_COSTS.voiceIdentify,
        idempotencyKey: body.idempotencyKey,
      });
      if ('replay' in admitted)
        return productOk(
          request,
          answer(admitted.replay, 'success', {
            ...asTranscript(admitted.replay.result),
            balance: user.creditBalance,
          }),
        );

      // The row may be a failed earlier attempt claimed back by a retry: its old task must not be polled.
      try {
        await db
          .update(aiRequests)
          .set({ result: { attempt: admitted.attempt } })
          .where(eq(aiRequests.id, admitted.request.id));
      } catch (error) {
        request.log.error({ err: error }, 'recognition task not saved after the reservation');
        await refundQuietly(admitted, 'task not saved');
        throw new AppError('internalRefunded', 500);
      }

      const started = await callProvider(admitted, reply, timeoutMs, (signal) =>
        recognizer.start(audio, body.language, signal),
      );

      if ('transcript' in started)
        return productOk(
          request,
          await settleSuccess(request, admitted, started.transcript, admitted.balance),
        );

      // A provider task: remember it (and how to refund) on the row, for the polls.
      const pending: PendingTask = { providerTaskId: started.providerTaskId, attempt: admitted.attempt };
      try {
        await db
          .update(aiRequests)
          .set({ result: { ...pending } })
          .where(and(eq(aiRequests.id, admitted.request.id), eq(aiRequests.status, 'pending')));
      } catch (error) {
        request.log.error({ err: error }, 'recognition task not saved after the reservation');
        await refundQuietly(admitted, 'task not saved');
        throw new AppError('internalRefunded', 500);
      }
      return productOk(request, answer(admitted.request, 'waiting', { balance: admitted.balance }));
    },
  );

  app.post('/ai/describeTaskStatus', async (request, reply) => {
    const { taskId } = parseInput(describeTaskStatusRequestSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    const [row] = await db
      .select()
      .from(aiRequests)
      .where(
        and(eq(aiRequests.id, taskId), eq(aiRequests.userId, user.id), eq(aiRequests.kind, RECOGNITION_KIND)),
      );
    if (!row) throw new AppError('notFound', 404);
    if (row.status !== 'pending')
      return productOk(request, await describeFinished(request, row.id, user.id, user.creditBalance));

    const pending = (row.result ?? {}) as Partial<PendingTask>;
    // Still inside createRecTask (an OpenAI-compatible transcription in flight).
    if (!pending.providerTaskId || !pending.attempt)
      return productOk(request, answer(row, 'doing', { balance: user.creditBalance }));
    const admitted: Admission = { request: row, attempt: pending.attempt, balance: user.creditBalance };

    if (now().getTime() - row.createdAt.getTime() > timeoutMs)
      return productOk(request, await settleFailure(request, admitted, 'provider timed out', 'aiTimeout'));
    const recognizer = options.speech.recognizer();
    if (!recognizer)
      return productOk(
        request,
        await settleFailure(request, admitted, 'provider no longer configured', 'aiProviderFailed'),
      );

    const call = callSignal(reply, timeoutMs);
    let polled;
    try {
      polled = await recognizer.poll(pending.providerTaskId, call.signal);
    } catch (error) {
      request.log.warn({ err: error, request: row.id }, 'speech task poll failed; refunded');
      polled = { status: 'failed' as const, error: (error as Error).message, key: providerFailureKey(error) };
    } finally {
      call.dispose();
    }
    if (polled.status === 'success')
      return productOk(
        request,
        await settleSuccess(request, admitted, polled.transcript, user.creditBalance),
      );
    if (polled.status === 'failed')
      return productOk(
        request,
        await settleFailure(
          request,
          admitted,
          polled.error,
          'key' in polled ? polled.key : 'aiProviderFailed',
        ),
      );
    return productOk(request, answer(row, polled.status, { balance: user.creditBalance }));
  });

  app.post('/ai/textToSpeech', async (request, reply) => {
    const body = parseInput(cloudSpeechRequestSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    const synthesizer = options.speech.synthesizer();
    if (!synthesizer) throw new AppError('aiNotConfigured', 503);
    const admitted = await gateway.admit(user, {
      lab: 'voiceSynthesis',
      kind: 'tts',
      cost: CREDIT_COSTS.voiceSynthesis,
      idempotencyKey: body.idempotencyKey,
    });
    if ('replay' in admitted) {
      const { audio, mime } = admitted.replay.result as { audio: string; mime: string };
      return productOk(request, { audio, mime, charged: false, balance: user.creditBalance });
    }
    const spoken = await callProvider(admitted, reply, timeoutMs, (signal) =>
      synthesizer.synthesize({ text: body.text, voice: body.voice, speed: body.speed }, signal),
    );
    const audio = spoken.audio.toString('base64');
    try {
      // Kept for a retry with the same idempotency key, which answers it again without a charge.
      await gateway.commit(admitted, { audio, mime: spoken.mime });
    } catch (error) {
      request.log.error({ err: error }, 'synthesis failed after the reservation');
      await refundQuietly(admitted, 'commit failed');
      throw new AppError('internalRefunded', 500);
    }
    await log(request, user.id, '/ailab/voiceSynthesis', '/api/ai/textToSpeech');
    return productOk(request, { audio, mime: spoken.mime, charged: true, balance: admitted.balance });
  });
};
