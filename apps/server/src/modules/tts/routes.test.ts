/**
 * POST /api/tts/espeak on the real app and the real eSpeak NG runner: Chinese and English come back as
 * WAVs with sound in them and their phonemes; bad input is a 400, no session a 401, too many calls a 429,
 * and an engine that cannot answer a 503 — and the route keeps working after its runner was killed.
 */
import { SYNTHESIS_MAX_CHARS, type EspeakResult } from '@ai-edu/contract';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { decodeWav } from '@ai-edu/ml/audio/wav.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/helpers.ts';
import { EspeakEngine } from './espeak-engine.ts';
import { ESPEAK_CALLS_PER_MINUTE, espeakLimitKey } from './routes.ts';

let database: TestDatabase;
let engine: EspeakEngine;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  engine = new EspeakEngine();
  t = await createTestApp({}, database, { speechEngine: engine });
});
afterAll(async () => {
  await t.close();
  await engine.close();
  await database.dispose();
});

type Reply = { status: number; message: string; data: EspeakResult };

const student = async () => signedInUser(t, `tts${++seq}@example.com`);

function speak(uid: string | undefined, payload: Record<string, unknown>, app = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/tts/espeak',
    headers: { 'accept-language': 'en', ...(uid ? { authorization: `Bearer ${uid}` } : {}) },
    payload,
  });
}

function soundOf(reply: Reply) {
  const audio = decodeWav(Buffer.from(reply.data.audio, 'base64'));
  const rms = Math.sqrt(audio.samples.reduce((sum, s) => sum + s * s, 0) / audio.samples.length);
  return { ...audio, rms };
}

describe('POST /api/tts/espeak', () => {
  it('speaks Chinese with the Mandarin voice', async () => {
    const { uid } = await student();
    const res = await speak(uid, { text: '今天天气很好。', voice: 'cmn' });
    expect(res.statusCode).toBe(200);
    const reply = res.json<Reply>();
    expect(reply.data.mime).toBe('audio/wav');
    expect(reply.data.sampleRate).toBe(22050);
    const sound = soundOf(reply);
    expect(sound.sampleRate).toBe(22050);
    expect(sound.rms).toBeGreaterThan(0.02);
    expect(reply.data.phonemes).toMatch(/tS;'i55n_\| th'iE55n_\|/);
  });

  it('speaks English, slower and lower when asked', async () => {
    const { uid } = await student();
    const text = 'Computers can talk.';
    const normal = soundOf((await speak(uid, { text, voice: 'en-gb' })).json<Reply>());
    const res = await speak(uid, { text, voice: 'en-gb', speed: 0.5, pitch: 0.5 });
    expect(res.statusCode).toBe(200);
    const slow = soundOf(res.json<Reply>());
    expect(slow.rms).toBeGreaterThan(0.02);
    expect(slow.samples.length).toBeGreaterThan(normal.samples.length * 1.5);
    expect(res.json<Reply>().data.phonemes).toMatch(/t'O:k/);
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const { uid } = await student();
    const tooLong = await speak(uid, { text: '好'.repeat(SYNTHESIS_MAX_CHARS + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<Reply>().message).toContain(`at most ${SYNTHESIS_MAX_CHARS} characters`);
    const blank = await speak(uid, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<Reply>().message).toContain('please enter some text');
    expect((await speak(uid, { text: 'hi', voice: 'fr' })).statusCode).toBe(400);
    expect((await speak(uid, { text: 'hi', speed: 5 })).statusCode).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    const res = await speak(undefined, { text: '你好' });
    expect(res.statusCode).toBe(401);
  });

  it('limits each user to a number of syntheses a minute', async () => {
    const { uid, id } = await student();
    for (let i = 0; i < ESPEAK_CALLS_PER_MINUTE; i++) await t.limiter.hit(espeakLimitKey(id), 1_000, 60_000);
    const res = await speak(uid, { text: '你好' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Another student is not held back.
    const other = await student();
    expect((await speak(other.uid, { text: '你好' })).statusCode).toBe(200);
  });

  it('keeps working after its runner was killed', async () => {
    const { uid } = await student();
    expect((await speak(uid, { text: 'one' })).statusCode).toBe(200);
    const pid = engine.pid!;
    process.kill(pid, 'SIGKILL');
    const res = await speak(uid, { text: '再来一次' });
    expect(res.statusCode).toBe(200);
    expect(engine.pid).not.toBe(pid);
    expect(soundOf(res.json<Reply>()).rms).toBeGreaterThan(0.02);
  });

  it('answers 503 with a clear message when the engine cannot answer', async () => {
    const broken = new EspeakEngine();
    await broken.close();
    const app = await createTestApp({}, database, { speechEngine: broken });
    try {
      const { uid } = await signedInUser(app, `tts${++seq}@example.com`);
      const res = await speak(uid, { text: '你好' }, app);
      expect(res.statusCode).toBe(503);
      expect(res.json<Reply>().message).toBe('the built-in speech engine did not answer; try again');
    } finally {
      await app.close();
    }
  });
});
