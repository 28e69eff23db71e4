/**
 * POST /api/tts/espeak: the free built-in voice. Signed in, the voiceSynthesis lab open to the caller, rate
 * limited per user (each call keeps a CPU
 * core busy for a moment), answered with the WAV as base64 and the phonemes eSpeak spoke.
 */
import { espeakRequestSchema, type EspeakResult } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireCaller } from '../../plugins/session.ts';
import { assertLabOpen } from '../labs/access.ts';
import { espeakPitch, wordsPerMinute } from './espeak-args.ts';
import type { EspeakEngine } from './espeak-engine.ts';

/** Syntheses per user per minute: plenty for a class trying sentences, not enough to hog the server. */
export const ESPEAK_CALLS_PER_MINUTE = 30;
export const espeakLimitKey = (userId: string) => `tts:espeak:${userId}`;

export interface TtsRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  engine: EspeakEngine;
  now: () => Date;
}

/** The sample rate a WAV's header states (bytes 24–27 of a canonical RIFF/WAVE file). */
function wavSampleRate(wav: Buffer): number {
  if (wav.length < 28 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('the speech engine did not return a WAV file');
  }
  return wav.readUInt32LE(24);
}

export const ttsRoutes: FastifyPluginAsync<TtsRoutesOptions> = async (app, options) => {
  const { db, limiter, engine, now } = options;

  app.post('/tts/espeak', async (request) => {
    const { user } = await requireCaller(db, request, now());
    const body = parseInput(espeakRequestSchema, request.body);
    await assertLabOpen(db, user, 'voiceSynthesis', now());
    const minute = await limiter.hit(espeakLimitKey(user.id), ESPEAK_CALLS_PER_MINUTE, 60_000);
    if (!minute.allowed) throw tooManyRequests(minute.retryAfterMs);

    let result: EspeakResult;
    try {
      const sound = await engine.synthesise({
        text: body.text,
        voice: body.voice,
        wpm: wordsPerMinute(body.speed),
        pitch: espeakPitch(body.pitch),
      });
      result = {
        audio: sound.wav.toString('base64'),
        mime: 'audio/wav',
        phonemes: sound.phonemes,
        sampleRate: wavSampleRate(sound.wav),
      };
    } catch (error) {
      request.log.warn({ err: error }, 'eSpeak NG synthesis failed');
      throw new AppError('speechEngineFailed', 503);
    }
    return productOk(request, result);
  });
};
