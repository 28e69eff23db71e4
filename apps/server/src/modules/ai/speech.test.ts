/**
 * Cloud speech through the gateway (POST /api/ai/createRecTask, /describeTaskStatus, /textToSpeech)
 * against both vendors' local fakes: the OpenAI-compatible /audio endpoints and Tencent Cloud's signed
 * ASR and TTS APIs. The charge is kept exactly once and logged, refunded on failure; bad audio is refused
 * before any charge; a task is its owner's alone; a retry with the same idempotency key is free.
 */
import { experienceLogs, creditLedger } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { encodeWav } from '@ai-edu/ml/audio/wav.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeSpeechEnv, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { fakeTencentEnv, startFakeTencent, type FakeTencent } from '../../test/fake-tencent.ts';
import { createTestApp, signedInUser, type TestApp, creditBalance as balance } from '../../test/helpers.ts';
import { sweepStaleRequests } from './gateway.ts';
import { staleAfterMs } from './sweeper.ts';

let database: TestDatabase;
let openai: FakeOpenAi;
let tencent: FakeTencent;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  openai = await startFakeOpenAi();
  tencent = await startFakeTencent();
});
afterAll(async () => {
  await openai.close();
  await tencent.close();
  await database.dispose();
});
afterEach(() => t.close());

async function appWith(env: Record<string, string>) {
  openai.mode = 'ok';
  openai.requests.length = 0;
  tencent.mode = 'ok';
  tencent.requests.length = 0;
  t = await createTestApp(env, database);
  return t;
}

/** `seconds` of a quiet 220 Hz tone at 16 kHz as a WAV data URL. */
function speechWav(seconds = 1): string {
  const samples = new Float32Array(Math.round(16_000 * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * 220 * i) / 16_000);
  return `data:audio/wav;base64,${Buffer.from(encodeWav(samples, 16_000)).toString('base64')}`;
}

async function student(app: TestApp, credits = 10) {
  return signedInUser(app, `speech${++seq}@example.com`, { credits: String(credits) });
}

const call = (app: TestApp, uid: string, url: string, payload: Record<string, unknown>) =>
  app.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    payload,
  });

interface Task {
  taskId: string;
  status: string;
  text: string;
  segments: { text: string; startMs: number; endMs: number }[];
  words: { text: string; startMs: number; endMs: number }[];
  charged: boolean;
  balance: number;
  error?: string;
}
type Reply<T> = { status: number; message: string; data: T };

const recognise = (app: TestApp, uid: string, body: Record<string, unknown> = {}) =>
  call(app, uid, '/api/ai/createRecTask', { audio: speechWav(), language: 'en', ...body });
const describeTask = (app: TestApp, uid: string, taskId: string) =>
  call(app, uid, '/api/ai/describeTaskStatus', { taskId });

async function logsOf(userId: string, apiUrl: string) {
  return database.db
    .select()
    .from(experienceLogs)
    .where(and(eq(experienceLogs.userId, userId), eq(experienceLogs.apiUrl, apiUrl)));
}

async function ledger(userId: string) {
  return database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
}

describe('speech recognition with an OpenAI-compatible server', () => {
  it('transcribes at once, with sentence and word times, charges 2 credits once and logs both calls', async () => {
    const app = await appWith(fakeSpeechEnv(openai));
    const { uid, id } = await student(app);
    const res = await recognise(app, uid);
    expect(res.statusCode).toBe(200);
    const task = res.json<Reply<Task>>().data;
    expect(task).toMatchObject({
      status: 'success',
      text: 'Hello class. Machines can listen.',
      charged: true,
      balance: 8,
    });
    expect(task.segments).toEqual([
      { text: 'Hello class.', startMs: 0, endMs: 1200 },
      { text: 'Machines can listen.', startMs: 1400, endMs: 3000 },
    ]);
    expect(task.words[4]).toEqual({ text: 'listen', startMs: 2500, endMs: 3000 });
    // The documented multipart request.
    expect(openai.requests[0]).toMatchObject({
      path: '/v1/audio/transcriptions',
      body: {
        model: 'fake-whisper',
        language: 'en',
        response_format: 'verbose_json',
        'timestamp_granularities[]': ['word', 'segment'],
        file: { type: 'audio/wav' },
      },
    });
    // Polling a finished task answers it again, without a second charge.
    const again = await describeTask(app, uid, task.taskId);
    expect(again.json<Reply<Task>>().data).toMatchObject({
      status: 'success',
      charged: true,
      text: task.text,
    });
    expect(await balance(app, uid)).toBe(8);
    expect((await ledger(id)).filter((row) => row.reason === 'ai:speech').map((row) => row.delta)).toEqual([
      -2,
    ]);
    expect(await logsOf(id, '/api/ai/createRecTask')).toHaveLength(1);
    expect(await logsOf(id, '/api/ai/describeTaskStatus')).toHaveLength(1);
    expect((await logsOf(id, '/api/ai/createRecTask'))[0]).toMatchObject({
      path: '/ailab/voiceIdentify',
      type: 1,
    });
  });

  it('refunds when the provider fails, and an empty transcript is not charged', async () => {
    const app = await appWith(fakeSpeechEnv(openai));
    const { uid, id } = await student(app);
    openai.mode = 'error';
    const failed = await recognise(app, uid);
    expect(failed.statusCode).toBe(502);
    expect(await balance(app, uid)).toBe(10);

    openai.mode = 'ok';
    openai.transcription = { text: '', segments: [], words: [] };
    const empty = await recognise(app, uid);
    expect(empty.json<Reply<Task>>().data).toMatchObject({
      status: 'success',
      text: '',
      charged: false,
      balance: 10,
    });
    expect(await balance(app, uid)).toBe(10);
    expect(await logsOf(id, '/api/ai/createRecTask')).toHaveLength(0);
    openai.transcription = { text: 'Hi.', segments: [], words: [] };
  });

  it('answers a retry with the same idempotency key again without charging twice', async () => {
    const app = await appWith(fakeSpeechEnv(openai));
    const { uid } = await student(app);
    openai.transcription = { text: 'Once only.', segments: [], words: [] };
    const first = await recognise(app, uid, { idempotencyKey: 'rec-key-0001' });
    const second = await recognise(app, uid, { idempotencyKey: 'rec-key-0001' });
    expect(first.json<Reply<Task>>().data).toMatchObject({ text: 'Once only.', charged: true });
    expect(second.json<Reply<Task>>().data).toMatchObject({ text: 'Once only.', charged: false });
    expect(openai.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(1);
    expect(await balance(app, uid)).toBe(8);
  });
});

describe('a retry after a failure', () => {
  it('reuses the failed task id with a fresh task: the old one is never polled, charged once in all', async () => {
    const app = await appWith(fakeTencentEnv(tencent));
    const { uid } = await student(app);
    tencent.mode = 'failed';
    const first = (await recognise(app, uid, { idempotencyKey: 'rec-retry-0001' })).json<Reply<Task>>().data;
    let last: Task | undefined;
    for (let i = 0; i < 5 && last?.status !== 'failed'; i++)
      last = (await describeTask(app, uid, first.taskId)).json<Reply<Task>>().data;
    expect(last?.status).toBe('failed');
    expect(await balance(app, uid)).toBe(10);

    tencent.mode = 'ok';
    const second = (await recognise(app, uid, { idempotencyKey: 'rec-retry-0001' })).json<Reply<Task>>().data;
    expect(second).toMatchObject({ taskId: first.taskId, status: 'waiting', balance: 8 });
    const created = tencent.requests.filter((r) => r.action === 'CreateRecTask');
    expect(created).toHaveLength(2);
    for (let i = 0; i < 5 && last?.status !== 'success'; i++)
      last = (await describeTask(app, uid, second.taskId)).json<Reply<Task>>().data;
    expect(last).toMatchObject({ status: 'success', charged: true, balance: 8 });
    // Only the second provider task was polled after the retry.
    const polledAfter = tencent.requests.slice(tencent.requests.indexOf(created[1]!) + 1);
    expect(new Set(polledAfter.map((r) => r.body.TaskId)).size).toBe(1);
    expect(await balance(app, uid)).toBe(8);
  });
});

describe('speech recognition with Tencent Cloud ASR', () => {
  it('creates a signed task, polls waiting → doing → success, and charges once on success', async () => {
    const app = await appWith(fakeTencentEnv(tencent));
    const { uid, id } = await student(app);
    const created = await recognise(app, uid, { language: 'zh' });
    expect(created.statusCode).toBe(200);
    const task = created.json<Reply<Task>>().data;
    expect(task).toMatchObject({ status: 'waiting', charged: false, balance: 8 });
    expect(tencent.requests[0]).toMatchObject({
      action: 'CreateRecTask',
      signed: true,
      body: { EngineModelType: '16k_zh', ChannelNum: 1, ResTextFormat: 2, SourceType: 1 },
    });

    const states: string[] = [];
    let last: Task | undefined;
    for (let i = 0; i < 5 && last?.status !== 'success'; i++) {
      last = (await describeTask(app, uid, task.taskId)).json<Reply<Task>>().data;
      states.push(last.status);
    }
    expect(states).toEqual(['waiting', 'doing', 'success']);
    expect(last).toMatchObject({ text: '你好，同学们。 机器会听。', charged: true, balance: 8 });
    expect(last?.segments[1]).toEqual({ text: '机器会听。', startMs: 1800, endMs: 3000 });
    // Word offsets are from the sentence's start.
    expect(last?.words[3]).toEqual({ text: '会听', startMs: 2400, endMs: 3000 });
    expect(tencent.requests.every((r) => r.signed)).toBe(true);

    // Polled again: the same answer, no second charge, no second log.
    expect((await describeTask(app, uid, task.taskId)).json<Reply<Task>>().data.charged).toBe(true);
    expect(await balance(app, uid)).toBe(8);
    expect(await logsOf(id, '/api/ai/describeTaskStatus')).toHaveLength(1);
    expect((await ledger(id)).filter((row) => row.reason.startsWith('refund'))).toHaveLength(0);
  });

  it('refunds once when the task fails', async () => {
    const app = await appWith(fakeTencentEnv(tencent));
    const { uid, id } = await student(app);
    tencent.mode = 'failed';
    const task = (await recognise(app, uid)).json<Reply<Task>>().data;
    expect(task.balance).toBe(8);
    // English goes to Tencent's English engine.
    expect(tencent.requests[0]?.body.EngineModelType).toBe('16k_en');
    let last: Task | undefined;
    for (let i = 0; i < 5 && last?.status !== 'failed'; i++)
      last = (await describeTask(app, uid, task.taskId)).json<Reply<Task>>().data;
    expect(last).toMatchObject({ status: 'failed', charged: false, balance: 10 });
    expect(last?.error).toBeTruthy();
    expect((await describeTask(app, uid, task.taskId)).json<Reply<Task>>().data.status).toBe('failed');
    expect(await balance(app, uid)).toBe(10);
    expect((await ledger(id)).filter((row) => row.reason === 'refund:speech')).toHaveLength(1);
    expect(await logsOf(id, '/api/ai/createRecTask')).toHaveLength(0);
  });

  it('refunds when Tencent refuses the signature (a wrong SecretKey)', async () => {
    const app = await appWith({
      ...fakeTencentEnv(tencent),
      AI_SPEECH_API_KEY: `${tencent.secretId}:wrong-key`,
    });
    const { uid } = await student(app);
    const res = await recognise(app, uid);
    expect(res.statusCode).toBe(502);
    expect(tencent.requests[0]).toMatchObject({ action: 'CreateRecTask', signed: false });
    expect(await balance(app, uid)).toBe(10);
  });

  it("answers 404 for someone else's task, and the sweeper refunds a task nobody polls", async () => {
    const app = await appWith(fakeTencentEnv(tencent));
    const owner = await student(app);
    const other = await student(app);
    const task = (await recognise(app, owner.uid)).json<Reply<Task>>().data;
    expect((await describeTask(app, other.uid, task.taskId)).statusCode).toBe(404);
    expect((await describeTask(app, owner.uid, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    app.clock.advance(staleAfterMs(app.config.ai) + 1000);
    const at = app.clock.now();
    await sweepStaleRequests(database.db, new Date(at.getTime() - staleAfterMs(app.config.ai)), at);
    expect(await balance(app, owner.uid)).toBe(10);
    expect((await describeTask(app, owner.uid, task.taskId)).json<Reply<Task>>().data).toMatchObject({
      status: 'failed',
      charged: false,
    });
  });

  it('gives up on a task still running after the speech timeout, refunded', async () => {
    const app = await appWith(fakeTencentEnv(tencent));
    const { uid } = await student(app);
    const task = (await recognise(app, uid)).json<Reply<Task>>().data;
    app.clock.advance(app.config.ai.speechTimeoutMs + 1000);
    const last = (await describeTask(app, uid, task.taskId)).json<Reply<Task>>().data;
    expect(last).toMatchObject({ status: 'failed', balance: 10 });
    expect(await balance(app, uid)).toBe(10);
  });
});

describe('refused before any charge', () => {
  it('answers 503 aiNotConfigured without a speech provider', async () => {
    const app = await appWith({});
    const { uid } = await student(app);
    const res = await recognise(app, uid);
    expect(res.statusCode).toBe(503);
    expect(res.json<Reply<null>>().message).toMatch(/not (been )?set up|configured/i);
    const tts = await call(app, uid, '/api/ai/textToSpeech', { text: 'hello' });
    expect(tts.statusCode).toBe(503);
    const status = await app.app.inject({
      method: 'GET',
      url: '/api/ai/status',
      headers: { authorization: `Bearer ${uid}` },
    });
    expect(status.json<Reply<{ speech: boolean; tts: boolean }>>().data).toMatchObject({
      speech: false,
      tts: false,
    });
    expect(await balance(app, uid)).toBe(10);
  });

  it('refuses audio that is not a WAV, or longer than 60 s, with 400 and no charge', async () => {
    const app = await appWith(fakeSpeechEnv(openai));
    const { uid, id } = await student(app);
    const notWav = await recognise(app, uid, {
      audio: Buffer.from('ID3 not a wav at all').toString('base64'),
    });
    expect(notWav.statusCode).toBe(400);
    expect(notWav.json<Reply<null>>().message).toMatch(/valid audio file/);
    const tooLong = await recognise(app, uid, { audio: speechWav(61) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<Reply<null>>().message).toMatch(/longer than 60 seconds/);
    expect(openai.requests).toHaveLength(0);
    expect(await ledger(id)).toHaveLength(1); // only the starting grant
    const status = await app.app.inject({
      method: 'GET',
      url: '/api/ai/status',
      headers: { authorization: `Bearer ${uid}` },
    });
    expect(status.json<Reply<{ speech: boolean; tts: boolean }>>().data).toMatchObject({
      speech: true,
      tts: true,
    });
  });
});

describe('cloud speech synthesis', () => {
  for (const vendor of ['openai', 'tencent'] as const) {
    it(`${vendor}: answers the voice as base64 WAV, charges 1 credit once, refunds a failure`, async () => {
      const app = await appWith(vendor === 'openai' ? fakeSpeechEnv(openai) : fakeTencentEnv(tencent));
      const { uid, id } = await student(app);
      const res = await call(app, uid, '/api/ai/textToSpeech', {
        text: '你好',
        speed: 1.2,
        idempotencyKey: `tts-${vendor}-01`,
      });
      expect(res.statusCode).toBe(200);
      const spoken =
        res.json<Reply<{ audio: string; mime: string; charged: boolean; balance: number }>>().data;
      expect(spoken).toMatchObject({ mime: 'audio/wav', charged: true, balance: 9 });
      expect(Buffer.from(spoken.audio, 'base64').subarray(0, 4).toString()).toBe('RIFF');
      if (vendor === 'openai')
        expect(openai.requests[0]).toMatchObject({
          path: '/v1/audio/speech',
          body: { model: 'fake-tts', input: '你好', voice: 'alloy', speed: 1.2, response_format: 'wav' },
        });
      else
        expect(tencent.requests[0]).toMatchObject({
          action: 'TextToVoice',
          signed: true,
          body: { Text: '你好', Codec: 'wav', Speed: 1 },
        });
      const retry = await call(app, uid, '/api/ai/textToSpeech', {
        text: '你好',
        speed: 1.2,
        idempotencyKey: `tts-${vendor}-01`,
      });
      expect(retry.json<Reply<{ charged: boolean }>>().data.charged).toBe(false);
      expect(await balance(app, uid)).toBe(9);
      expect(await logsOf(id, '/api/ai/textToSpeech')).toHaveLength(1);

      if (vendor === 'openai') openai.mode = 'error';
      else tencent.mode = 'error';
      const failed = await call(app, uid, '/api/ai/textToSpeech', { text: 'again' });
      expect(failed.statusCode).toBe(502);
      expect(await balance(app, uid)).toBe(9);
    });
  }
});
