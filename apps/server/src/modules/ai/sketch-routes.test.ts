/**
 * Sketch to picture (POST /api/ai/sketchToImage) against the local fake OpenAI-compatible provider: the
 * documented multipart image edit, 10 credits kept only when the painting arrived, refunds on failure and
 * timeout, the sketch checked before any charge, replays by idempotency key, the experience log, and the
 * friendly 503 when no painting provider is set up.
 */
import { CREDIT_COSTS, SKETCH_MAX_BYTES } from '@ai-edu/contract';
import { creditLedger, experienceLogs } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeProviderEnv, startFakeOpenAi, TINY_PNG, type FakeOpenAi } from '../../test/fake-openai.ts';
import { dataUrl, pngHeader, TINY_GIF } from '../../test/picture-bytes.ts';
import { createTestApp, signedInUser, type TestApp, creditBalance as balance } from '../../test/helpers.ts';
import { OpenAiImageEditProvider } from './providers/openai-compatible.ts';
import { sketchPrompt } from './sketch-routes.ts';

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

/** A 2×1 PNG (a red and a blue pixel): the painting the fake answers here. */
const PAINTED = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8AAQv8BD/kD/YURmXYAAAAASUVORK5CYII=',
  'base64',
);

beforeEach(async () => {
  fake.mode = 'ok';
  fake.editedImage = PAINTED;
  fake.requests.length = 0;
  t = await createTestApp(aiEnv(), database);
});
afterEach(() => t.close());

async function student(app: TestApp, credits = 30) {
  return signedInUser(app, `sketch${++seq}@example.com`, { credits: String(credits) });
}

function sketchToImage(app: TestApp, uid: string, body: Record<string, unknown> = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/api/ai/sketchToImage',
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    payload: { image: dataUrl(TINY_PNG), ...body },
  });
}

type Reply = {
  status: number;
  message: string;
  data: { id: string; url: string; prompt: string; style: string; size: string; balance: number } | null;
};

const edits = () => fake.requests.filter((r) => r.path === '/v1/images/edits');

describe('the image edit adapter', () => {
  it('posts the sketch as a multipart file with the prompt, model, size and base64 answers', async () => {
    const provider = new OpenAiImageEditProvider({
      baseUrl: fake.url,
      apiKey: fake.apiKey,
      model: 'dall-e-2',
    });
    const painted = await provider.edit(
      { image: { data: TINY_PNG, mime: 'image/png' }, prompt: 'a cat', size: '1024x1024' },
      AbortSignal.timeout(5000),
    );
    expect(painted).toEqual({ data: PAINTED, mime: 'image/png' });
    expect(edits()[0]?.body).toEqual({
      image: { name: 'sketch.png', size: TINY_PNG.length, type: 'image/png' },
      prompt: 'a cat',
      model: 'dall-e-2',
      size: '1024x1024',
      n: '1',
      response_format: 'b64_json',
    });
  });

  it('leaves out response_format for GPT image models, which refuse it', async () => {
    const provider = new OpenAiImageEditProvider({
      baseUrl: fake.url,
      apiKey: fake.apiKey,
      model: 'gpt-image-1',
    });
    await provider.edit(
      { image: { data: TINY_PNG, mime: 'image/png' }, prompt: 'a cat', size: '1024x1024' },
      AbortSignal.timeout(5000),
    );
    expect(edits()[0]?.body).not.toHaveProperty('response_format');
    expect(edits()[0]?.body).toMatchObject({ model: 'gpt-image-1', prompt: 'a cat' });
  });

  it('turns a refusal into a provider error with its message', async () => {
    const provider = new OpenAiImageEditProvider({ baseUrl: fake.url, apiKey: 'sk-wrong', model: 'm' });
    await expect(
      provider.edit(
        { image: { data: TINY_PNG, mime: 'image/png' }, prompt: 'x', size: '1024x1024' },
        AbortSignal.timeout(5000),
      ),
    ).rejects.toMatchObject({ name: 'ProviderError', status: 401, detail: 'Incorrect API key provided' });
  });
});

describe('sketch to picture through the gateway', () => {
  it('paints the sketch, charges 10 credits, keeps the painting in the gallery and logs the API use', async () => {
    const { uid, id } = await student(t, 30);
    const res = await sketchToImage(t, uid, { prompt: '  a happy robot  ' });
    expect(res.statusCode).toBe(200);
    const reply = res.json<Reply>();
    expect(reply.status).toBe(1);
    expect(reply.data).toMatchObject({
      prompt: 'a happy robot',
      style: 'sketch',
      size: '1024x1024',
      balance: 20,
    });
    expect(await balance(t, uid)).toBe(20);

    // The provider got the sketch itself and the student's words inside the instructions.
    expect(edits()).toHaveLength(1);
    expect(edits()[0]!.body).toMatchObject({
      image: { size: TINY_PNG.length, type: 'image/png' },
      prompt: sketchPrompt('a happy robot'),
      model: 'fake-image',
    });
    expect(sketchPrompt('a happy robot')).toMatch(/sketch.*It shows: a happy robot$/s);

    // The painting is served by its signed link, and listed with the user's paintings.
    const picture = await t.app.inject({ method: 'GET', url: reply.data!.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(PAINTED)).toBe(true);
    const gallery = await t.app.inject({
      method: 'GET',
      url: '/api/ai/images',
      headers: { authorization: `Bearer ${uid}` },
    });
    expect(gallery.json<{ data: { id: string }[] }>().data.map((p) => p.id)).toEqual([reply.data!.id]);

    const ledger = await database.db
      .select({ delta: creditLedger.delta, reason: creditLedger.reason })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, id), eq(creditLedger.reason, 'ai:sketch')));
    expect(ledger).toEqual([{ delta: -CREDIT_COSTS.writingPredict, reason: 'ai:sketch' }]);
    const logs = await database.db
      .select()
      .from(experienceLogs)
      .where(and(eq(experienceLogs.userId, id), eq(experienceLogs.apiUrl, '/api/ai/sketchToImage')));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ path: '/ailab/writingPredict', method: 'POST', type: 1 });
  });

  it('sends a sketch without a prompt with the instructions alone', async () => {
    const { uid } = await student(t, 30);
    const res = await sketchToImage(t, uid, { prompt: '   ' });
    expect(res.json<Reply>().data).toMatchObject({ prompt: '', balance: 20 });
    expect(edits()[0]!.body.prompt).toBe(sketchPrompt(undefined));
  });

  it('refunds exactly on a provider failure (502), a timeout (504) and an answer that is not a picture', async () => {
    const { uid, id } = await student(t, 30);
    fake.mode = 'error';
    const failed = await sketchToImage(t, uid);
    expect(failed.statusCode).toBe(502);
    expect(failed.json<Reply>().message).toBe('the AI service did not answer; no credits were charged');
    expect(await balance(t, uid)).toBe(30);

    fake.mode = 'ok';
    fake.editedImage = Buffer.from('<html>not a picture</html>');
    const garbage = await sketchToImage(t, uid);
    expect(garbage.statusCode).toBe(502);
    expect(await balance(t, uid)).toBe(30);

    const slow = await createTestApp(aiEnv({ AI_IMAGE_TIMEOUT_MS: '200' }), database);
    try {
      fake.mode = 'hang';
      const timedOut = await sketchToImage(slow, uid);
      expect(timedOut.statusCode).toBe(504);
      expect(timedOut.json<Reply>().message).toBe('the AI service took too long; no credits were charged');
      expect(await balance(slow, uid)).toBe(30);
    } finally {
      await slow.close();
    }
    // Each failure: a reservation and its refund, nothing else.
    const ledger = await database.db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.userId, id))
      .orderBy(asc(creditLedger.id));
    expect(ledger.slice(1).map((row) => row.delta)).toEqual([-10, 10, -10, 10, -10, 10]);
    const logs = await database.db.select().from(experienceLogs).where(eq(experienceLogs.userId, id));
    expect(logs.filter((log) => log.apiUrl === '/api/ai/sketchToImage')).toHaveLength(0);
  });

  it('charges a retried request once and answers the same painting; a failed one may be retried', async () => {
    const { uid } = await student(t, 30);
    fake.mode = 'error';
    expect((await sketchToImage(t, uid, { idempotencyKey: 'sketch-key-0001' })).statusCode).toBe(502);
    fake.mode = 'ok';
    const first = await sketchToImage(t, uid, { idempotencyKey: 'sketch-key-0001' });
    expect(first.json<Reply>().data).toMatchObject({ balance: 20 });
    const again = await sketchToImage(t, uid, { idempotencyKey: 'sketch-key-0001' });
    expect(again.statusCode).toBe(200);
    expect(again.json<Reply>().data).toMatchObject({ id: first.json<Reply>().data!.id, balance: 20 });
    expect(await balance(t, uid)).toBe(20);
    expect(edits()).toHaveLength(2);
  });

  it('checks the sketch and the prompt before any charge', async () => {
    const { uid } = await student(t, 30);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ image: '' }, 400, /image is empty/],
      [{ image: 'data:image/png;base64,***not base64***' }, 400, /PNG or JPEG/],
      [{ image: dataUrl(Buffer.from('just some text')) }, 415, /PNG or JPEG/],
      [{ image: dataUrl(TINY_GIF, 'image/png') }, 415, /PNG or JPEG/],
      [{ image: dataUrl(TINY_PNG.subarray(0, 12)) }, 415, /PNG or JPEG/],
      [{ image: dataUrl(pngHeader(2049, 100)) }, 413, /2,048 pixels/],
      [{ prompt: 'x'.repeat(201) }, 400, /longer than 200/],
      [{ idempotencyKey: 'bad key!' }, 400, /idempotencyKey/],
    ];
    for (const [body, status, message] of cases) {
      const res = await sketchToImage(t, uid, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.json<Reply>().message).toMatch(message);
    }
    const huge = Buffer.alloc(SKETCH_MAX_BYTES + 1);
    pngHeader(512, 512).copy(huge);
    const tooBig = await sketchToImage(t, uid, { image: dataUrl(huge) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<Reply>().message).toMatch(/at most 4 MB/);
    expect(await balance(t, uid)).toBe(30);
    expect(edits()).toHaveLength(0);
    // 2,048 pixels on a side is still a sketch.
    expect((await sketchToImage(t, uid, { image: dataUrl(pngHeader(2048, 2048)) })).statusCode).toBe(200);
  });

  it('refuses without enough credits (402) and without a session (401), charging nothing', async () => {
    const poor = await student(t, 9);
    const res = await sketchToImage(t, poor.uid);
    expect(res.statusCode).toBe(402);
    expect(await balance(t, poor.uid)).toBe(9);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/ai/sketchToImage',
      headers: { 'accept-language': 'en' },
      payload: { image: dataUrl(TINY_PNG) },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(edits()).toHaveLength(0);
  });

  it('says the service is not set up (503) when no painting provider is configured, and charges nothing', async () => {
    const bare = await createTestApp(
      { ...aiEnv(), AI_IMAGE_BASE_URL: '', AI_IMAGE_API_KEY: '', AI_IMAGE_MODEL: '' },
      database,
    );
    try {
      const { uid } = await student(bare, 30);
      const res = await sketchToImage(bare, uid);
      expect(res.statusCode).toBe(503);
      expect(res.json<Reply>().message).toMatch(/not configured/);
      expect(await balance(bare, uid)).toBe(30);
      const status = await bare.app.inject({ method: 'GET', url: '/api/ai/status' });
      expect(status.json<{ data: Record<string, unknown> }>().data).toMatchObject({
        image: false,
        costs: { writingPredict: 10 },
      });
      expect(fake.requests).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});
