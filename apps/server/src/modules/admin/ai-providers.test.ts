/**
 * The admin console's AI providers: settings saved without a restart, the key write-only and sealed at
 * rest, the environment winning field by field, and "test connection" against the local fake provider.
 */
import { CREDIT_COSTS, type ChatEvent } from '@ai-edu/contract';
import { adminAudit, siteDocuments } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq } from 'drizzle-orm';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MS, type ProviderView } from '../ai/provider-settings.ts';
import { fakeProviderEnv, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { createTestApp, signedInUser, type ProductReply, type TestApp } from '../../test/helpers.ts';

type Providers = Record<'chat' | 'image', ProviderView> & { cacheSeconds: number };
type TestResult =
  | { ok: true; model: string; modelListed: boolean | null }
  | {
      ok: false;
      status: number | null;
      message: string;
    };

let database: TestDatabase;
let fake: FakeOpenAi;
let t: TestApp;
let seq = 0;
const SECRET = 'sk-school-secret-0123456789';

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeOpenAi(SECRET);
});
afterAll(async () => {
  await fake.close();
  await database.dispose();
});
beforeEach(async () => {
  fake.mode = 'ok';
  // Each test starts from no saved settings (the file shares one database).
  await database.db.delete(siteDocuments).where(eq(siteDocuments.name, 'ai-providers'));
  t = await createTestApp({}, database);
});
afterEach(() => t.close());

async function users(app: TestApp) {
  const n = ++seq;
  const admin = await signedInUser(app, `root${n}@example.com`, { admin: true });
  const student = await signedInUser(app, `kid${n}@example.com`, { credits: '5' });
  return { admin: admin.uid, student: student.uid };
}

function call(app: TestApp, uid: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return app.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const pointAtFake = (extra: object = {}) => ({
  baseUrl: fake.url,
  model: 'fake-chat',
  apiKey: SECRET,
  ...extra,
});

/** A local port nothing listens on (fetch refuses some well-known ports outright). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function chatText(body: string): string {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as ChatEvent)
    .map((e) => (e.type === 'delta' ? e.text : ''))
    .join('');
}

describe('admin console: AI providers', () => {
  it('is for admins only', async () => {
    const { student } = await users(t);
    expect((await call(t, student, 'GET', '/api/admin/ai-providers')).statusCode).toBe(403);
    expect((await call(t, student, 'PUT', '/api/admin/ai-providers/chat', pointAtFake())).statusCode).toBe(
      403,
    );
    expect((await call(t, student, 'POST', '/api/admin/ai-providers/chat/test', {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ai-providers' })).statusCode).toBe(401);
  });

  it('saves settings that apply at once, never answering or storing the key in clear', async () => {
    const { admin, student } = await users(t);
    const before = await call(t, student, 'POST', '/api/ai/chat', {
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(before.statusCode).toBe(503);

    const saved = await call(t, admin, 'PUT', '/api/admin/ai-providers/chat', pointAtFake());
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(SECRET);
    const view = saved.json<ProductReply<Providers>>().data;
    expect(view.chat).toMatchObject({
      configured: true,
      baseUrl: { value: fake.url, source: 'console' },
      model: { value: 'fake-chat', source: 'console' },
      apiKey: { set: true, source: 'console', unreadable: false },
    });
    expect(view.cacheSeconds).toBe(CACHE_MS / 1000);

    // No restart: the same app now answers with the fake, using the saved key.
    const reply = await call(t, student, 'POST', '/api/ai/chat', {
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(reply.statusCode).toBe(200);
    expect(chatText(reply.body)).toBe('Hello, world!');
    const status = await t.app.inject({ method: 'GET', url: '/api/ai/status' });
    expect(status.json<ProductReply>().data).toEqual({
      chat: true,
      image: false,
      vision: false,
      speech: false,
      tts: false,
      // The price list is the contract's (ai.test.ts checks its figures).
      costs: CREDIT_COSTS,
    });

    // Nothing gives the key back: the settings, the status, the audit log, the stored row.
    for (const url of ['/api/admin/ai-providers', '/api/admin/audit', '/api/ai/status']) {
      expect((await call(t, admin, 'GET', url)).body).not.toContain(SECRET);
    }
    const [row] = await database.db
      .select()
      .from(siteDocuments)
      .where(eq(siteDocuments.name, 'ai-providers'));
    expect(JSON.stringify(row!.body)).not.toContain(SECRET);
    expect(JSON.stringify(row!.body)).toContain(fake.url);
    const [entry] = await database.db.select().from(adminAudit).where(eq(adminAudit.action, 'ai-provider'));
    expect(entry).toMatchObject({ target: 'chat', details: { baseUrl: fake.url, apiKey: 'replaced' } });
  });

  it('keeps the key when only the model changes, and clears it on request', async () => {
    const { admin } = await users(t);
    await call(t, admin, 'PUT', '/api/admin/ai-providers/chat', pointAtFake());
    const changed = await call(t, admin, 'PUT', '/api/admin/ai-providers/chat', { model: 'other' });
    expect(changed.json<ProductReply<Providers>>().data.chat.apiKey.set).toBe(true);
    const cleared = await call(t, admin, 'PUT', '/api/admin/ai-providers/chat', { apiKey: null });
    expect(cleared.json<ProductReply<Providers>>().data.chat.apiKey).toMatchObject({
      set: false,
      source: 'none',
    });
  });

  it('a key sealed under another settings key is reported unreadable, not used', async () => {
    const { admin } = await users(t);
    await call(t, admin, 'PUT', '/api/admin/ai-providers/chat', pointAtFake());
    // Another server with its own DATA_DIR (so another generated key) on the same database.
    const other = await createTestApp({}, database);
    try {
      const view = await call(other, admin, 'GET', '/api/admin/ai-providers');
      expect(view.json<ProductReply<Providers>>().data.chat.apiKey).toMatchObject({
        set: true,
        unreadable: true,
      });
    } finally {
      await other.close();
    }
  });

  it('refuses bad input with a 400 that says why', async () => {
    const { admin } = await users(t);
    for (const body of [
      { baseUrl: 'ftp://example.com/v1' },
      { baseUrl: 'not a url' },
      { model: '' },
      { model: 'm'.repeat(201) },
      { apiKey: 'k'.repeat(1001) },
      { other: 1 },
    ]) {
      const res = await call(t, admin, 'PUT', '/api/admin/ai-providers/chat', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ProductReply>().message).not.toBe('');
    }
    expect((await call(t, admin, 'PUT', '/api/admin/ai-providers/video', { model: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('tests a connection with a real minimal call, and shows a failure verbatim', async () => {
    const { admin } = await users(t);
    const ok = await call(t, admin, 'POST', '/api/admin/ai-providers/chat/test', pointAtFake());
    expect(ok.json<ProductReply<TestResult>>().data).toMatchObject({ ok: true, model: 'fake-chat' });
    const probe = fake.requests.at(-1)!;
    expect(probe).toMatchObject({ path: '/v1/chat/completions', body: { max_tokens: 1, stream: false } });

    const wrongKey = await call(
      t,
      admin,
      'POST',
      '/api/admin/ai-providers/chat/test',
      pointAtFake({ apiKey: 'nope' }),
    );
    expect(wrongKey.json<ProductReply<TestResult>>().data).toEqual({
      ok: false,
      status: 401,
      message: 'Incorrect API key provided',
    });
    fake.mode = 'error';
    const down = await call(t, admin, 'POST', '/api/admin/ai-providers/chat/test', pointAtFake());
    expect(down.json<ProductReply<TestResult>>().data).toEqual({
      ok: false,
      status: 500,
      message: 'The server had an error',
    });
    fake.mode = 'ok';

    // Painting lists the models: free, and no picture is made.
    const image = await call(
      t,
      admin,
      'POST',
      '/api/admin/ai-providers/image/test',
      pointAtFake({ model: 'fake-image' }),
    );
    expect(image.json<ProductReply<TestResult>>().data).toEqual({
      ok: true,
      model: 'fake-image',
      modelListed: true,
    });
    expect(fake.requests.at(-1)!.path).toBe('/v1/models');

    // The stored key is used when the form has no new one.
    await call(t, admin, 'PUT', '/api/admin/ai-providers/chat', pointAtFake());
    const stored = await call(t, admin, 'POST', '/api/admin/ai-providers/chat/test', {});
    expect(stored.json<ProductReply<TestResult>>().data).toMatchObject({ ok: true });

    const unreachable = await call(
      t,
      admin,
      'POST',
      '/api/admin/ai-providers/chat/test',
      pointAtFake({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1` }),
    );
    const failed = unreachable.json<ProductReply<TestResult>>().data;
    expect(failed).toMatchObject({ ok: false, status: null });
    expect(failed.ok === false && failed.message).toMatch(/ECONNREFUSED/);
  });

  it('lets the environment win, field by field, and says so', async () => {
    const { admin } = await users(t);
    await call(t, admin, 'PUT', '/api/admin/ai-providers/chat', {
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'mine',
    });
    const envApp = await createTestApp(fakeProviderEnv(fake), database);
    try {
      const view = (await call(envApp, admin, 'GET', '/api/admin/ai-providers')).json<
        ProductReply<Providers>
      >().data;
      expect(view.chat).toMatchObject({
        baseUrl: { value: fake.url, source: 'env', env: 'AI_CHAT_BASE_URL' },
        model: { value: 'fake-chat', source: 'env' },
        apiKey: { set: true, source: 'env' },
      });
      expect(JSON.stringify(view)).not.toContain(fake.apiKey);
      const locked = await call(envApp, admin, 'PUT', '/api/admin/ai-providers/chat', {
        baseUrl: 'http://x.test/v1',
      });
      expect(locked.statusCode).toBe(400);
      expect(locked.json<ProductReply>().message).toContain('AI_CHAT_BASE_URL');
      // The env's provider answers, not the console's unreachable address.
      const { student } = await users(envApp);
      const reply = await call(envApp, student, 'POST', '/api/ai/chat', {
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(chatText(reply.body)).toBe('Hello, world!');
    } finally {
      await envApp.close();
    }
  });

  it('another instance on the same database picks a change up within the cache time', async () => {
    const { admin } = await users(t);
    const other = await createTestApp({ SETTINGS_SECRET: 'shared-secret-0123456789' }, database);
    const mine = await createTestApp({ SETTINGS_SECRET: 'shared-secret-0123456789' }, database);
    try {
      const status = async () =>
        (await other.app.inject({ method: 'GET', url: '/api/ai/status' })).json<
          ProductReply<{ chat: boolean }>
        >().data.chat;
      expect(await status()).toBe(false);
      await call(mine, admin, 'PUT', '/api/admin/ai-providers/chat', pointAtFake());
      expect(await status()).toBe(false);
      other.clock.advance(CACHE_MS + 1);
      expect(await status()).toBe(true);
      // With a shared SETTINGS_SECRET the other instance can open the key too.
      const view = await call(other, admin, 'GET', '/api/admin/ai-providers');
      expect(view.json<ProductReply<Providers>>().data.chat.apiKey.unreadable).toBe(false);
    } finally {
      await other.close();
      await mine.close();
    }
  });

  it('shows the speech providers the environment sets, read-only and without the key', async () => {
    const speechKey = 'AKIDspeech:speech-secret-never-shown';
    const app = await createTestApp(
      {
        AI_SPEECH_VENDOR: 'tencent',
        AI_SPEECH_API_KEY: speechKey,
        AI_SPEECH_REGION: 'ap-shanghai',
        AI_TTS_BASE_URL: 'http://127.0.0.1:9/v1',
      },
      database,
    );
    try {
      const { admin } = await users(app);
      const res = await call(app, admin, 'GET', '/api/admin/ai-providers');
      expect(res.body).not.toContain('speech-secret-never-shown');
      expect(res.json<ProductReply<{ speechProviders: unknown }>>().data.speechProviders).toEqual({
        speech: {
          configured: true,
          vendor: 'tencent',
          baseUrl: null,
          model: '16k_zh',
          region: 'ap-shanghai',
          apiKeySet: true,
          envPrefix: 'AI_SPEECH_',
        },
        tts: {
          configured: true,
          vendor: 'openai',
          baseUrl: 'http://127.0.0.1:9/v1',
          model: 'tts-1',
          region: null,
          apiKeySet: false,
          envPrefix: 'AI_TTS_',
        },
      });
    } finally {
      await app.close();
    }
  });
});
