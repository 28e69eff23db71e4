/**
 * Cloud handwriting reading (POST /api/ai/handwritingOCR) against the local fake OpenAI-compatible
 * provider: the documented vision request, the charge kept only when text arrives, refunds, the photo
 * checked before any charge, the lab permission and idempotent retries.
 */
import { HANDWRITING_MAX_BYTES } from '@ai-edu/contract';
import { creditLedger, experienceLogs } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeProviderEnv, startFakeOpenAi, TINY_PNG, type FakeOpenAi } from '../../test/fake-openai.ts';
import { dataUrl, pngHeader, TINY_GIF } from '../../test/picture-bytes.ts';
import { createTestApp, signedInUser, type TestApp, creditBalance as balance } from '../../test/helpers.ts';
import { runAdminCommand } from '../admin/service.ts';
import { OpenAiVisionProvider, TRANSCRIBE_PROMPT } from './providers/openai-compatible.ts';
import { staleAfterMs } from './sweeper.ts';

let database: TestDatabase;
let fake: FakeOpenAi;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  await database.dispose();
});

const aiEnv = (extra: Record<string, string> = {}) => ({ ...fakeProviderEnv(fake), ...extra });
const WRITTEN = 'The quick brown fox\njumps over the lazy dog';

beforeEach(async () => {
  fake.mode = 'ok';
  fake.visionReply = WRITTEN;
  fake.requests.length = 0;
  t = await createTestApp(aiEnv(), database);
});
afterEach(() => t.close());

async function student(app: TestApp, credits = 10) {
  return signedInUser(app, `ocr${++seq}@example.com`, { credits: String(credits) });
}

function read(app: TestApp, uid: string, body: Record<string, unknown> = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/api/ai/handwritingOCR',
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    payload: { image: dataUrl(TINY_PNG), ...body },
  });
}

type Reply = { status: number; message: string; data: { text: string; charged: boolean; balance: number } };

describe('the vision adapter', () => {
  it('sends the photo as an image_url data URL with the transcription prompt, and unwraps a fenced reply', async () => {
    const provider = new OpenAiVisionProvider({
      baseUrl: fake.url,
      apiKey: fake.apiKey,
      model: 'fake-vision',
    });
    expect(await provider.transcribe({ data: TINY_PNG, mime: 'image/png' }, AbortSignal.timeout(5000))).toBe(
      WRITTEN,
    );
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      body: {
        model: 'fake-vision',
        stream: false,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: TRANSCRIBE_PROMPT },
              { type: 'image_url', image_url: { url: dataUrl(TINY_PNG) } },
            ],
          },
        ],
      },
    });
    fake.visionReply = '```text\nline one\nline two\n```';
    expect(await provider.transcribe({ data: TINY_PNG, mime: 'image/png' }, AbortSignal.timeout(5000))).toBe(
      'line one\nline two',
    );
  });
});

describe('cloud handwriting reading through the gateway', () => {
  it('reads the text, charges 2 credits and logs the API use', async () => {
    const { uid, id } = await student(t, 10);
    // Declared PNG, really a GIF: the provider is told what the bytes are.
    const res = await read(t, uid, { image: dataUrl(TINY_GIF, 'image/png') });
    expect(res.statusCode).toBe(200);
    expect(res.json<Reply>()).toMatchObject({
      status: 1,
      data: { text: WRITTEN, charged: true, balance: 8 },
    });
    expect(await balance(t, uid)).toBe(8);
    const content = (fake.requests[0]?.body.messages as { content: { image_url?: { url: string } }[] }[])[0]!
      .content;
    expect(content[1]?.image_url?.url).toBe(dataUrl(TINY_GIF, 'image/gif'));

    const [charge] = await database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, id), eq(creditLedger.reason, 'ai:handwriting')));
    expect(charge?.delta).toBe(-2);
    const logs = await database.db
      .select()
      .from(experienceLogs)
      .where(and(eq(experienceLogs.userId, id), eq(experienceLogs.apiUrl, '/api/ai/handwritingOCR')));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ path: '/ailab/textKnow', method: 'POST', type: 1 });
  });

  it('charges nothing when the photo holds no readable text', async () => {
    const { uid } = await student(t, 10);
    fake.visionReply = '   ';
    const res = await read(t, uid);
    expect(res.json<Reply>().data).toEqual({ text: '', charged: false, balance: 10 });
    expect(await balance(t, uid)).toBe(10);
  });

  it('refunds a provider failure (502) and a timeout (504)', async () => {
    const { uid } = await student(t, 10);
    fake.mode = 'error';
    const failed = await read(t, uid);
    expect(failed.statusCode).toBe(502);
    expect(failed.json<Reply>().message).toBe('the AI service did not answer; no credits were charged');
    expect(await balance(t, uid)).toBe(10);

    const slow = await createTestApp(aiEnv({ AI_VISION_TIMEOUT_MS: '200' }), database);
    try {
      fake.mode = 'hang';
      const timedOut = await read(slow, uid);
      expect(timedOut.statusCode).toBe(504);
      expect(timedOut.json<Reply>().message).toBe('the AI service took too long; no credits were charged');
      expect(await balance(slow, uid)).toBe(10);
    } finally {
      await slow.close();
    }
  });

  it('says the service is not set up (503) when no vision provider is configured, and charges nothing', async () => {
    const bare = await createTestApp(
      { ...aiEnv(), AI_VISION_BASE_URL: '', AI_VISION_API_KEY: '', AI_VISION_MODEL: '' },
      database,
    );
    try {
      const { uid } = await student(bare, 10);
      const res = await read(bare, uid);
      expect(res.statusCode).toBe(503);
      expect(res.json<Reply>().message).toMatch(/not configured/);
      expect(await balance(bare, uid)).toBe(10);
      const status = await bare.app.inject({ method: 'GET', url: '/api/ai/status' });
      expect(status.json<{ data: Record<string, unknown> }>().data).toMatchObject({
        chat: true,
        vision: false,
        costs: { textKnow: 2 },
      });
      expect(fake.requests).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });

  it('refuses without enough credits (402) and for an account whose lab is closed (403)', async () => {
    const poor = await student(t, 1);
    expect((await read(t, poor.uid)).statusCode).toBe(402);
    expect(await balance(t, poor.uid)).toBe(1);

    const denied = await signedInUser(t, `ocr${++seq}@example.com`, { credits: '10' });
    await runAdminCommand(t.database.db, 'lab-access', {
      account: `ocr${seq}@example.com`,
      deny: 'textKnow',
    });
    const res = await read(t, denied.uid);
    expect(res.statusCode).toBe(403);
    expect(res.json<Reply>().message).toBe('this lab is not open for your account');
    expect(await balance(t, denied.uid)).toBe(10);
    expect(fake.requests).toHaveLength(0);
  });

  it('checks the photo before any charge: not base64, not an image, too large, too many pixels', async () => {
    const { uid } = await student(t, 10);
    const cases: [string, number, RegExp][] = [
      ['', 400, /image is empty/],
      ['data:image/png;base64,***not base64***', 400, /valid image file/],
      [dataUrl(Buffer.from('just some text, not a picture')), 415, /valid image file/],
      [dataUrl(TINY_PNG.subarray(0, 12)), 415, /valid image file/],
      [dataUrl(pngHeader(9000, 100)), 413, /more than 8,000 pixels/],
      [dataUrl(pngHeader(100, 8001)), 413, /more than 8,000 pixels/],
    ];
    for (const [image, status, message] of cases) {
      const res = await read(t, uid, { image });
      expect(res.statusCode, image.slice(0, 40)).toBe(status);
      expect(res.json<Reply>().message).toMatch(message);
    }
    // One byte over 20 MB, with a real PNG start.
    const huge = Buffer.alloc(HANDWRITING_MAX_BYTES + 1);
    pngHeader(100, 100).copy(huge);
    const tooBig = await read(t, uid, { image: dataUrl(huge) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<Reply>().message).toMatch(/larger than 20 MB/);
    // 8,000 pixels on a side is still fine.
    expect((await read(t, uid, { image: dataUrl(pngHeader(8000, 8000)) })).statusCode).toBe(200);
    expect(await balance(t, uid)).toBe(8);
    expect(fake.requests).toHaveLength(1);
  });

  it('charges a retried request once and answers the same text; a failed one may be retried', async () => {
    const { uid } = await student(t, 10);
    fake.mode = 'error';
    expect((await read(t, uid, { idempotencyKey: 'ocr-key-0001' })).statusCode).toBe(502);
    fake.mode = 'ok';
    const first = await read(t, uid, { idempotencyKey: 'ocr-key-0001' });
    expect(first.json<Reply>().data).toEqual({ text: WRITTEN, charged: true, balance: 8 });
    fake.visionReply = 'something else';
    const again = await read(t, uid, { idempotencyKey: 'ocr-key-0001' });
    expect(again.json<Reply>().data).toEqual({ text: WRITTEN, charged: false, balance: 8 });
    expect(await balance(t, uid)).toBe(8);
    expect(fake.requests).toHaveLength(2);
  });
});

it('a reading still within its own deadline is never swept as lost', () => {
  const slowVision = { ...t.config.ai, chatTimeoutMs: 1000, imageTimeoutMs: 2000, visionTimeoutMs: 900_000 };
  expect(staleAfterMs(slowVision)).toBeGreaterThan(900_000);
});
