import { passwordDigest, type ChatEvent } from '@ai-edu/contract';
import { aiConversations, aiMessages, aiRequests, creditLedger, experienceLogs, users } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeProviderEnv, startFakeOpenAi, TINY_PNG, type FakeOpenAi } from '../../test/fake-openai.ts';
import { createTestApp, type TestApp, creditBalance as balance } from '../../test/helpers.ts';
import { LimiterUnavailable, MemoryRateLimiter } from '../../lib/rate-limiter.ts';
import { runAdminCommand } from '../admin/service.ts';
import { AiGateway, sweepStaleRequests } from './gateway.ts';
import { OpenAiChatProvider, OpenAiImageProvider } from './providers/openai-compatible.ts';
import { ProviderError } from './providers/types.ts';
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

beforeEach(async () => {
  fake.mode = 'ok';
  fake.requests.length = 0;
  t = await createTestApp(aiEnv(), database);
});
afterEach(() => t.close());

async function signIn(app: TestApp, credits = 20) {
  const account = `ai${++seq}@example.com`;
  await runAdminCommand(app.database.db, 'create-user', {
    account,
    password: 'Abcd1234',
    credits: String(credits),
  });
  const res = await app.post('/api/login_zm', { account, password: passwordDigest('Abcd1234') });
  return { account, uid: res.json<{ data: { uid: string } }>().data.uid };
}

function chat(app: TestApp, uid: string, body: Record<string, unknown>) {
  return app.app.inject({
    method: 'POST',
    url: '/api/ai/chat',
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    payload: { messages: [{ role: 'user', content: 'Say hello' }], ...body },
  });
}

function events(body: string): ChatEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as ChatEvent);
}

function paint(app: TestApp, uid: string, body: Record<string, unknown> = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/api/ai/textToImage_model',
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    payload: { prompt: 'a panda reading a book', style: 'watercolor', ...body },
  });
}

describe('OpenAI-compatible adapters against the fake provider', () => {
  const settings = () => ({ baseUrl: fake.url, apiKey: fake.apiKey, model: 'fake-chat' });
  const collect = async (iterable: AsyncIterable<string>) => {
    const out: string[] = [];
    for await (const piece of iterable) out.push(piece);
    return out;
  };

  it('streams chat pieces and sends the documented request', async () => {
    const pieces = await collect(
      new OpenAiChatProvider(settings()).stream([{ role: 'user', content: 'hi' }], AbortSignal.timeout(5000)),
    );
    expect(pieces).toEqual(['Hello', ', ', 'world', '!']);
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      body: { model: 'fake-chat', stream: true, messages: [{ role: 'user', content: 'hi' }] },
    });
  });

  it('reports refusals, server errors and timeouts as ProviderError', async () => {
    const wrongKey = new OpenAiChatProvider({ ...settings(), apiKey: 'nope' });
    await expect(
      collect(wrongKey.stream([{ role: 'user', content: 'x' }], AbortSignal.timeout(5000))),
    ).rejects.toMatchObject({
      kind: 'error',
      status: 401,
    });
    fake.mode = 'error';
    await expect(
      collect(
        new OpenAiChatProvider(settings()).stream(
          [{ role: 'user', content: 'x' }],
          AbortSignal.timeout(5000),
        ),
      ),
    ).rejects.toThrow(/500: The server had an error/);
    fake.mode = 'hang';
    const hung = collect(
      new OpenAiChatProvider(settings()).stream([{ role: 'user', content: 'x' }], AbortSignal.timeout(200)),
    );
    await expect(hung).rejects.toMatchObject({ kind: 'timeout' });
    await expect(hung).rejects.toBeInstanceOf(ProviderError);
  });

  it('generates images from b64_json, and times out on a hung provider', async () => {
    const provider = new OpenAiImageProvider({ ...settings(), model: 'fake-image' });
    const image = await provider.generate({ prompt: 'cat', size: '512x512' }, AbortSignal.timeout(5000));
    expect(image.data.equals(TINY_PNG)).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/images/generations',
      body: { model: 'fake-image', prompt: 'cat', size: '512x512', response_format: 'b64_json' },
    });
    fake.mode = 'hang';
    await expect(
      provider.generate({ prompt: 'cat', size: '512x512' }, AbortSignal.timeout(200)),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
  });
});

describe('AI chat through the gateway', () => {
  it('streams the answer, charges 1 credit, keeps the conversation', async () => {
    const { uid } = await signIn(t, 5);
    const res = await chat(t, uid, {});
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const stream = events(res.body);
    expect(stream[0]).toMatchObject({ type: 'start', cost: 1 });
    expect(
      stream
        .filter((e) => e.type === 'delta')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('Hello, world!');
    expect(stream.at(-1)).toEqual({ type: 'done', charged: true, balance: 4 });
    expect(await balance(t, uid)).toBe(4);

    const conversationId = (stream[0] as { conversationId: string }).conversationId;
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/ai/conversations/${conversationId}`,
      headers: { authorization: `Bearer ${uid}` },
    });
    expect(stored.json<{ data: { messages: unknown[] } }>().data.messages).toEqual([
      { role: 'user', content: 'Say hello', incomplete: false },
      { role: 'assistant', content: 'Hello, world!', incomplete: false },
    ]);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/credits/history',
      headers: { authorization: `Bearer ${uid}` },
    });
    expect(
      history.json<{ data: { entries: { delta: number; reason: string }[] } }>().data.entries[0],
    ).toMatchObject({
      delta: -1,
      reason: 'ai:chat',
    });
  });

  it('leaves the balance as it was on a provider failure and on a timeout', async () => {
    const { uid } = await signIn(t, 5);
    fake.mode = 'error';
    const failed = events((await chat(t, uid, {})).body);
    expect(failed.at(-1)).toMatchObject({ type: 'error', charged: false, balance: 5 });
    expect(await balance(t, uid)).toBe(5);

    const slow = await createTestApp(aiEnv({ AI_CHAT_TIMEOUT_MS: '300' }), database);
    try {
      fake.mode = 'hang';
      const timedOut = events((await chat(slow, uid, {})).body);
      expect(timedOut.at(-1)).toMatchObject({
        type: 'error',
        charged: false,
        message: 'the AI service took too long; no credits were charged',
      });
      expect(await balance(slow, uid)).toBe(5);
    } finally {
      await slow.close();
    }
  });

  it('charges a reply cut off after some output, and marks it incomplete', async () => {
    const { uid } = await signIn(t, 5);
    fake.mode = 'partial';
    const stream = events((await chat(t, uid, {})).body);
    expect(stream.filter((e) => e.type === 'delta')).toHaveLength(1);
    expect(stream.at(-1)).toMatchObject({ type: 'error', charged: true, balance: 4 });
    const conversationId = (stream[0] as { conversationId: string }).conversationId;
    const rows = await t.database.db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.conversationId, conversationId));
    expect(rows.find((r) => r.role === 'assistant')).toMatchObject({ content: 'Hello', incomplete: 1 });
  });

  it('refunds when the client disconnects before any answer', async () => {
    const { uid } = await signIn(t, 5);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    fake.mode = 'hang';
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/ai/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${uid}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read(); // the start event: the cost is reserved now
    expect(await balance(t, uid)).toBe(4);
    controller.abort();
    let restored = 4;
    for (let i = 0; i < 100 && restored !== 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      restored = await balance(t, uid);
    }
    expect(restored).toBe(5);
  });

  it('answers a retried request with the same idempotency key without charging again', async () => {
    const { uid } = await signIn(t, 5);
    const first = events((await chat(t, uid, { idempotencyKey: 'chat-retry-0001' })).body);
    const second = events((await chat(t, uid, { idempotencyKey: 'chat-retry-0001' })).body);
    expect(first.at(-1)).toMatchObject({ charged: true });
    expect(
      second
        .filter((e) => e.type === 'delta')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('Hello, world!');
    expect(second.at(-1)).toMatchObject({ charged: false });
    expect(await balance(t, uid)).toBe(4);
    expect(fake.requests).toHaveLength(1);
  });

  it('explains an unconfigured provider and charges nothing', async () => {
    const bare = await createTestApp({}, database);
    try {
      const { uid } = await signIn(bare, 5);
      const res = await chat(bare, uid, {});
      expect(res.statusCode).toBe(503);
      expect(res.json<{ message: string }>().message).toMatch(/not configured/);
      expect(await balance(bare, uid)).toBe(5);
      const status = await bare.app.inject({ method: 'GET', url: '/api/ai/status' });
      expect(status.json<{ data: unknown }>().data).toEqual({
        chat: false,
        image: false,
        vision: false,
        speech: false,
        tts: false,
        costs: {
          aiChat: 1,
          textToImage: 10,
          textKnow: 2,
          voiceIdentify: 2,
          voiceSynthesis: 1,
          writingPredict: 10,
          imageFix: 3,
        },
      });
    } finally {
      await bare.close();
    }
  });

  it('refuses without credits (402), without a session (401), for a denied lab (403) and bad input (400)', async () => {
    const { uid, account } = await signIn(t, 0);
    expect((await chat(t, uid, {})).statusCode).toBe(402);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/ai/chat', payload: { messages: [] } })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/ai/chat',
          payload: { messages: [{ role: 'user', content: 'x' }] },
        })
      ).statusCode,
    ).toBe(401);
    await runAdminCommand(t.database.db, 'grant', { account, credits: '5' });
    await runAdminCommand(t.database.db, 'lab-access', { account, deny: 'aiChat' });
    const denied = await chat(t, uid, {});
    expect(denied.statusCode).toBe(403);
    expect(await balance(t, uid)).toBe(5);
    expect(fake.requests).toHaveLength(0);
  });

  it('caps paid calls per account per day', async () => {
    const capped = await createTestApp(aiEnv({ AI_CALLS_PER_DAY: '2' }), database);
    try {
      const { uid } = await signIn(capped, 10);
      for (let i = 0; i < 2; i++) expect((await chat(capped, uid, {})).statusCode).toBe(200);
      const third = await chat(capped, uid, {});
      expect(third.statusCode).toBe(429);
      expect(third.json<{ message: string }>().message).toMatch(/daily limit/);
      expect(await balance(capped, uid)).toBe(8);
      capped.clock.advance(24 * 3600_000);
      expect((await chat(capped, uid, {})).statusCode).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

describe('AI painting through the gateway', () => {
  it('paints, charges 10, logs the API use and keeps the picture in the gallery', async () => {
    const { uid } = await signIn(t, 25);
    const res = await paint(t, uid);
    const body = res.json<{ status: number; data: { id: string; url: string; balance: number } }>();
    expect(body.status).toBe(1);
    expect(body.data.balance).toBe(15);
    expect(fake.requests.at(-1)?.body.prompt).toBe('a panda reading a book, watercolor painting');

    const image = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: `${body.data.url}&download=1` });
    expect(download.headers['content-disposition']).toMatch(/attachment/);
    const forged = await t.app.inject({
      method: 'GET',
      url: body.data.url.replace(/sig=[^&]+/, 'sig=forged'),
    });
    expect(forged.statusCode).toBe(403);

    const gallery = await t.app.inject({
      method: 'GET',
      url: '/api/ai/images',
      headers: { authorization: `Bearer ${uid}` },
    });
    expect(gallery.json<{ data: { id: string }[] }>().data.map((p) => p.id)).toEqual([body.data.id]);

    const logs = await t.database.db
      .select()
      .from(experienceLogs)
      .where(eq(experienceLogs.apiUrl, '/api/ai/textToImage_model'));
    expect(logs.some((row) => row.method === 'POST' && row.type === 1 && row.clientTimestamp !== null)).toBe(
      true,
    );
  });

  it('refunds on a provider failure (502) and a timeout (504)', async () => {
    const { uid } = await signIn(t, 25);
    fake.mode = 'error';
    const failed = await paint(t, uid);
    expect(failed.statusCode).toBe(502);
    expect(failed.json<{ message: string }>().message).toBe(
      'the AI service did not answer; no credits were charged',
    );
    expect(await balance(t, uid)).toBe(25);

    const slow = await createTestApp(aiEnv({ AI_IMAGE_TIMEOUT_MS: '200' }), database);
    try {
      fake.mode = 'hang';
      expect((await paint(slow, uid)).statusCode).toBe(504);
      expect(await balance(slow, uid)).toBe(25);
    } finally {
      await slow.close();
    }
  });

  it('charges a retried painting once and returns the same picture; a failed one may be retried', async () => {
    const { uid } = await signIn(t, 25);
    fake.mode = 'error';
    expect((await paint(t, uid, { idempotencyKey: 'paint-key-0001' })).statusCode).toBe(502);
    fake.mode = 'ok';
    const [a, b] = await Promise.all([
      paint(t, uid, { idempotencyKey: 'paint-key-0001' }),
      paint(t, uid, { idempotencyKey: 'paint-key-0001' }),
    ]);
    // Duplicates: while one paints, the other is told the request is in progress (409); on a busy machine the
    // first may finish before the second arrives, which then gets the same picture back. Never two charges.
    const statuses = [a.statusCode, b.statusCode].sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const winner = a.statusCode === 200 ? a : b;
    const winnerId = winner.json<{ data: { id: string } }>().data.id;
    for (const reply of [a, b].filter((r) => r.statusCode === 200)) {
      expect(reply.json<{ data: { id: string } }>().data.id).toBe(winnerId);
    }
    const again = await paint(t, uid, { idempotencyKey: 'paint-key-0001' });
    expect(again.json<{ data: { id: string } }>().data.id).toBe(winnerId);
    expect(await balance(t, uid)).toBe(15);
  });

  it('a retry refused because the limiter is down (503) leaves the attempt retryable, not stuck pending', async () => {
    const { uid } = await signIn(t, 25);
    fake.mode = 'error';
    expect((await paint(t, uid, { idempotencyKey: 'paint-key-0002' })).statusCode).toBe(502);
    fake.mode = 'ok';
    // Another instance whose Redis is unreachable reclaims the failed attempt, then cannot count it.
    const down = new MemoryRateLimiter();
    down.hit = () => Promise.reject(new LimiterUnavailable('test: Redis down'));
    const unlimited = await createTestApp(aiEnv(), database, { limiter: down });
    try {
      const refused = await paint(unlimited, uid, { idempotencyKey: 'paint-key-0002' });
      expect(refused.statusCode).toBe(503);
    } finally {
      await unlimited.close();
    }
    const retried = await paint(t, uid, { idempotencyKey: 'paint-key-0002' });
    expect(retried.statusCode).toBe(200);
    expect(await balance(t, uid)).toBe(15);
  });

  it('rejects a bad prompt, size or style with 400', async () => {
    const { uid } = await signIn(t, 25);
    expect((await paint(t, uid, { prompt: '' })).statusCode).toBe(400);
    expect((await paint(t, uid, { size: '3x3' })).statusCode).toBe(400);
    expect((await paint(t, uid, { style: 'cubism' })).statusCode).toBe(400);
    expect(await balance(t, uid)).toBe(25);
  });
});

/** Makes every insert of `role` into ai_messages (or any insert into ai_images) fail while `run` runs. */
async function withRefusedInsert<T>(table: 'ai_messages' | 'ai_images', run: () => Promise<T>): Promise<T> {
  const check = table === 'ai_messages' ? sql.raw(`role <> 'assistant'`) : sql.raw('false');
  const { db } = t.database;
  await db.execute(
    sql`ALTER TABLE ${sql.identifier(table)} ADD CONSTRAINT test_refuse CHECK (${check}) NOT VALID`,
  );
  try {
    return await run();
  } finally {
    await db.execute(sql`ALTER TABLE ${sql.identifier(table)} DROP CONSTRAINT test_refuse`);
  }
}

async function requestRow(userId: string, key: string) {
  const [row] = await t.database.db
    .select()
    .from(aiRequests)
    .where(and(eq(aiRequests.userId, userId), eq(aiRequests.idempotencyKey, key)));
  return row!;
}

async function ledgerOf(reference: string) {
  return t.database.db
    .select({ delta: creditLedger.delta, reason: creditLedger.reason })
    .from(creditLedger)
    .where(eq(creditLedger.reference, reference))
    .orderBy(asc(creditLedger.id));
}

async function userOf(account: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.account, account));
  return row!;
}

describe('failures after the reservation', () => {
  it('chat: a database error refunds once, ends the stream with an error event, and the key can be retried', async () => {
    const { uid, account } = await signIn(t, 5);
    const user = await userOf(account);
    const failed = await withRefusedInsert('ai_messages', () =>
      chat(t, uid, { idempotencyKey: 'chat-dbfail-1' }),
    );
    const stream = events(failed.body);
    expect(stream.at(-1)).toEqual({
      type: 'error',
      message: 'something went wrong on the server; no credits were charged',
      charged: false,
      balance: 5,
    });
    expect(await balance(t, uid)).toBe(5);
    const row = await requestRow(user.id, 'chat-dbfail-1');
    expect(row.status).toBe('failed');
    expect(await ledgerOf(row.id)).toEqual([
      { delta: -1, reason: 'ai:chat' },
      { delta: 1, reason: 'refund:chat' },
    ]);

    const retried = events((await chat(t, uid, { idempotencyKey: 'chat-dbfail-1' })).body);
    expect(retried.at(-1)).toEqual({ type: 'done', charged: true, balance: 4 });
  });

  it('chat: a question the call was refused for (no credits) is not left behind', async () => {
    const { uid, account } = await signIn(t, 0);
    const user = await userOf(account);
    expect((await chat(t, uid, {})).statusCode).toBe(402);
    const left = await t.database.db
      .select()
      .from(aiConversations)
      .where(eq(aiConversations.userId, user.id));
    expect(left).toEqual([]);
  });

  it("chat: a provider's stray NUL is dropped, and the answer is saved and charged", async () => {
    const { uid } = await signIn(t, 5);
    fake.reply = ['Hel\u0000lo', '!'];
    try {
      const stream = events((await chat(t, uid, {})).body);
      expect(stream.at(-1)).toEqual({ type: 'done', charged: true, balance: 4 });
      const conversationId = (stream[0] as { conversationId: string }).conversationId;
      const rows = await t.database.db
        .select()
        .from(aiMessages)
        .where(eq(aiMessages.conversationId, conversationId));
      expect(rows.find((r) => r.role === 'assistant')?.content).toBe('Hello!');
    } finally {
      fake.reply = ['Hello', ', ', 'world', '!'];
    }
  });

  it('painting: a picture that cannot be saved is refunded (500 saying so), and the key can be retried', async () => {
    const { uid, account } = await signIn(t, 25);
    const user = await userOf(account);
    const failed = await withRefusedInsert('ai_images', () =>
      paint(t, uid, { idempotencyKey: 'paint-dbfail-1' }),
    );
    expect(failed.statusCode).toBe(500);
    expect(failed.json<{ message: string }>().message).toBe(
      'something went wrong on the server; no credits were charged',
    );
    expect(await balance(t, uid)).toBe(25);
    const row = await requestRow(user.id, 'paint-dbfail-1');
    expect(row.status).toBe('failed');
    expect(await ledgerOf(row.id)).toEqual([
      { delta: -10, reason: 'ai:painting' },
      { delta: 10, reason: 'refund:painting' },
    ]);

    const retried = await paint(t, uid, { idempotencyKey: 'paint-dbfail-1' });
    expect(retried.statusCode).toBe(200);
    expect(await balance(t, uid)).toBe(15);
  });
});

describe('requests left pending by a crash', () => {
  /** Reserves like a real call, then "crashes": nothing finishes the request. */
  async function crashedCall(account: string, key: string) {
    const gateway = new AiGateway(t.database.db, t.limiter, t.config.ai, t.clock.now);
    const admitted = await gateway.admit(await userOf(account), {
      lab: 'aiChat',
      kind: 'chat',
      cost: 1,
      idempotencyKey: key,
    });
    if ('replay' in admitted) throw new Error('unexpected replay');
    return { gateway, admitted };
  }

  it('are refunded exactly once and marked failed by two sweeps at once; the key then works again', async () => {
    const { uid, account } = await signIn(t, 5);
    // An earlier attempt with this key failed and was refunded; the retry that claimed it then crashed.
    const first = await crashedCall(account, 'chat-crash-1');
    await first.gateway.refund(first.admitted, 'provider down');
    const { admitted } = await crashedCall(account, 'chat-crash-1');
    expect(await balance(t, uid)).toBe(4);
    expect((await chat(t, uid, { idempotencyKey: 'chat-crash-1' })).statusCode).toBe(409);

    // Not yet older than the provider's deadline plus the margin: left alone.
    const early = await sweepStaleRequests(
      t.database.db,
      new Date(t.clock.now().getTime() - staleAfterMs(t.config.ai)),
      t.clock.now(),
    );
    expect(early).toEqual({ failed: 0, refunded: 0 });

    t.clock.advance(staleAfterMs(t.config.ai) + 1000);
    const cutoff = new Date(t.clock.now().getTime() - staleAfterMs(t.config.ai));
    const sweeps = await Promise.all([
      sweepStaleRequests(t.database.db, cutoff, t.clock.now()),
      sweepStaleRequests(t.database.db, cutoff, t.clock.now()),
    ]);
    expect(sweeps.reduce((n, s) => n + s.refunded, 0)).toBe(1);
    expect(sweeps.reduce((n, s) => n + s.failed, 0)).toBe(1);
    expect(await balance(t, uid)).toBe(5);
    expect((await requestRow(admitted.request.userId, 'chat-crash-1')).status).toBe('failed');
    expect((await ledgerOf(admitted.request.id)).map((e) => e.delta)).toEqual([-1, 1, -1, 1]);

    // The original request finishing late refunds nothing more.
    await new AiGateway(t.database.db, t.limiter, t.config.ai, t.clock.now).refund(admitted, 'late');
    expect(await balance(t, uid)).toBe(5);

    const retried = events((await chat(t, uid, { idempotencyKey: 'chat-crash-1' })).body);
    expect(retried.at(-1)).toEqual({ type: 'done', charged: true, balance: 4 });
  });

  it('are swept when a server starts', async () => {
    const { uid, account } = await signIn(t, 5);
    const { admitted } = await crashedCall(account, 'chat-crash-2');
    expect(await balance(t, uid)).toBe(4);
    // Each test app's clock starts a day after the last one's, so this start-up finds the request stale.
    const restarted = await createTestApp(aiEnv(), database);
    try {
      expect(await balance(restarted, uid)).toBe(5);
      expect((await requestRow(admitted.request.userId, 'chat-crash-2')).status).toBe('failed');
    } finally {
      await restarted.close();
    }
  });
});
