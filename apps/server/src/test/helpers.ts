/**
 * Builds the real app on a real, isolated database (PGlite in memory, or a fresh PostgreSQL database when
 * TEST_DB=postgres) with a controllable clock and a sender that captures codes instead of delivering them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hourlySecret, passwordDigest, signRequest } from '@ai-edu/contract';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config, type Env } from '../config.ts';
import { MemoryRateLimiter, type RateLimiter } from '../lib/rate-limiter.ts';
import type { BlobStore } from '../lib/storage/index.ts';
import type { CodeMessage, CodeSender } from '../modules/account/delivery/index.ts';
import type { EspeakEngine } from '../modules/tts/espeak-engine.ts';

export class CapturingSender implements CodeSender {
  readonly sent: CodeMessage[] = [];
  failNext = false;

  send(message: CodeMessage): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('provider down'));
    }
    this.sent.push(message);
    return Promise.resolve();
  }

  lastCodeFor(to: string): string {
    const found = [...this.sent].reverse().find((m) => m.to === to);
    if (!found) throw new Error(`no code was sent to ${to}`);
    return found.code;
  }
}

let clocksMade = 0;

/** Each new clock starts a day after the last, so apps sharing a database never see each other's cooldowns. */
export class TestClock {
  constructor(public current = new Date(Date.UTC(2026, 2, 1, 8) + clocksMade++ * 86_400_000)) {}
  readonly now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  sender: CapturingSender;
  clock: TestClock;
  limiter: RateLimiter;
  /** POSTs a signed urlencoded form to the account service. */
  account(
    path: string,
    form: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** POSTs a urlencoded form to the product API. */
  post(
    url: string,
    form?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Registers (or logs in) an email account by code and returns its login token (uuid). */
  codeLogin(email: string, options?: { forget?: boolean }): Promise<{ uuid: string; passwordStatus: number }>;
  close(): Promise<void>;
}

/**
 * A fresh app (clock, limiter, sender) on `shared` when given, which the caller disposes; otherwise on a
 * database of its own that close() disposes. Sharing one database per file keeps the suite fast: tests
 * then use addresses of their own. `options.limiter` swaps the in-memory limiter (on the test clock) for
 * another, e.g. Redis (on real time), which the caller closes; `options.speechEngine` and `options.storage`
 * (an S3 store instead of the local disk) likewise.
 */
export async function createTestApp(
  env: Env = {},
  shared?: TestDatabase,
  options: { limiter?: RateLimiter; speechEngine?: EspeakEngine; storage?: BlobStore } = {},
): Promise<TestApp> {
  const database = shared ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ai-edu-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const sender = new CapturingSender();
  const clock = new TestClock();
  const limiter = options.limiter ?? new MemoryRateLimiter(() => clock.now().getTime());
  const app = await buildApp({
    config,
    database,
    sender,
    limiter,
    now: clock.now,
    logger: false,
    adminToken: 'test-admin-token',
    speechEngine: options.speechEngine,
    storage: options.storage,
  });
  await app.ready();

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const account: TestApp['account'] = (path, fields, headers = {}) => {
    const url = `/api/client/verify/${path}`;
    const cDate = String(clock.now().getTime());
    return app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'c-date': cDate,
        sign: signRequest(config.secrets.accountSignKey, 'POST', url, cDate),
        'accept-language': 'en',
        ...headers,
      },
      payload: form(fields),
    });
  };
  const post: TestApp['post'] = (url, fields = {}, headers = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers },
      payload: form(fields),
    });
  const codeLogin: TestApp['codeLogin'] = async (email, options = {}) => {
    clock.advance(61_000);
    const sent = await account('mail', { email });
    if (sent.json<{ code: number }>().code !== 0) throw new Error(`mail failed: ${sent.body}`);
    const res = await account('login', {
      account: email,
      auth_type: 'email',
      code: sender.lastCodeFor(email.toLowerCase()),
      ...(options.forget ? { forget: '1' } : {}),
    });
    const body = res.json<{ code: number; data: { uuid: string; passwordStatus: number } }>();
    if (body.code !== 0) throw new Error(`code login failed: ${res.body}`);
    return body.data;
  };
  return {
    app,
    database,
    config,
    sender,
    clock,
    limiter,
    account,
    post,
    codeLogin,
    async close() {
      await app.close();
      if (!shared) await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body with text fields and one file, for upload tests. */
export function multipartBody(
  fields: Record<string, string>,
  file: { name: string; content: Buffer; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Creates an account with the admin service and logs it in; returns the session token. */
export async function signedInUser(
  t: TestApp,
  account: string,
  extra: { vip?: string; days?: string; company?: string; credits?: string; admin?: boolean } = {},
): Promise<{ uid: string; id: string }> {
  const { runAdminCommand } = await import('../modules/admin/service.ts');
  const created = (await runAdminCommand(t.database.db, 'create-user', {
    account,
    password: 'Abcd1234',
    ...extra,
  })) as {
    id: string;
  };
  const res = await t.post('/api/login_zm', { account, password: passwordDigest('Abcd1234') });
  return { uid: res.json<{ data: { uid: string } }>().data.uid, id: created.id };
}

/** The product API's reply wrapper, as tests read it. */
export interface ProductReply<T = unknown> {
  status: number;
  message: string;
  data: T;
}

/**
 * One database for the test file and a fresh app (clock, limiter, sender) for each test on it: registers the
 * hooks and hands both out (read them inside tests, not at import time).
 */
export function appPerTest(env: Env = {}): { readonly database: TestDatabase; readonly t: TestApp } {
  const state = {} as { database: TestDatabase; t: TestApp };
  beforeAll(async () => {
    state.database = await createTestDatabase();
  });
  afterAll(() => state.database.dispose());
  beforeEach(async () => {
    state.t = await createTestApp(env, state.database);
  });
  afterEach(() => state.t.close());
  return state;
}

/** A user's credit balance, as the account service reports it (what a page shows). */
export async function creditBalance(app: TestApp, uid: string): Promise<number> {
  const res = await app.post('/api/user/getUserInfo', {
    secret: app.config.secrets.clientSecret,
    user_id: uid,
  });
  return res.json<{ data: { quotaInfo: { total_balance: number } } }>().data.quotaInfo.total_balance;
}

/** A product-API call as `uid` (none: signed out), with English messages: the class-area tests' request. */
export function callAs(
  t: TestApp,
  uid: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(uid ? { authorization: `Bearer ${uid}` } : {}) },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** Signs in through the student login form (`name@code` accounts: students and teachers). */
export function studentLogin(t: TestApp, account: string, password: string) {
  return t.post('/api/login_stu', {
    account,
    password: passwordDigest(password),
    secret: hourlySecret(t.config.secrets.clientSecret, t.clock.now()),
  });
}

/** The session token of a student-form sign-in, or an error naming the reply. */
export async function studentSessionOf(t: TestApp, account: string, password: string): Promise<string> {
  const res = await studentLogin(t, account, password);
  const uid = res.json<{ data: { uid?: string } | null }>().data?.uid;
  if (!uid) throw new Error(`student login of ${account}: ${res.body}`);
  return uid;
}
