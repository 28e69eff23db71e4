/**
 * The district proof (issue 17): two real server processes, A and B, on one PostgreSQL, one Redis and one
 * S3-compatible store behave as one server. Runs in the server:postgres project only (it needs DATABASE_URL
 * and REDIS_URL; vitest.config.ts). Each case would pass against a single instance and fails wherever an
 * instance keeps state of its own.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CREDIT_COSTS, passwordDigest } from '@ai-edu/contract';
import { creditLedger, migrationsFolder, openDatabase, users, type Database } from '@ai-edu/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../modules/admin/service.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { startFakeS3, type FakeS3 } from '../test/fake-s3.ts';
import { createEmptyDatabase, type EmptyDatabase } from './empty-database.ts';
import { DISTRICT_SECRETS, startInstance, type Instance } from './instances.ts';

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!adminUrl || !redisUrl) throw new Error('the district test needs DATABASE_URL and REDIS_URL');

/** Small limits, so the shared counters are reached in a few requests. */
const PAIR_FAILURES = 3;
const PASSWORD = 'Abcd1234';
/** Account names of this run: Redis outlives the database, so earlier runs' counters must not apply. */
const run = randomBytes(4).toString('hex');
const accountOf = (name: string) => `${name}-${run}@district.example`;

let a: Instance;
let b: Instance;
let fakeAi: FakeOpenAi;
let s3: FakeS3;
let empty: EmptyDatabase;
let database: Database;

beforeAll(async () => {
  empty = await createEmptyDatabase(adminUrl);
  fakeAi = await startFakeOpenAi();
  s3 = await startFakeS3({
    accessKeyId: 'district-key',
    secretAccessKey: 'district-secret',
    bucket: 'district',
  });
  const env = {
    DATABASE_URL: empty.url,
    REDIS_URL: redisUrl,
    STORAGE_URL: s3.url,
    STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
    STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
    AI_CHAT_BASE_URL: fakeAi.url,
    AI_CHAT_API_KEY: fakeAi.apiKey,
    AI_CHAT_MODEL: 'fake-chat',
    AI_CALLS_PER_MINUTE: '1000',
    LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP_15MIN: String(PAIR_FAILURES),
    LIMIT_LOGIN_FAILURES_PER_ACCOUNT_15MIN: '1000',
    LIMIT_LOGIN_FAILURES_PER_IP_15MIN: '100000',
  };
  // At the same moment, on the empty database: both must come up, and migrate it once between them.
  const started = await Promise.allSettled([startInstance({ env }), startInstance({ env })]);
  [a, b] = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])) as [Instance, Instance];
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  database = openDatabase({ engine: 'postgres', url: empty.url, poolSize: 2 });
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await fakeAi?.close();
  await s3?.close();
  await empty?.drop();
});

/** A urlencoded POST to one instance, as the web client sends product-API forms. */
function post(on: Instance, url: string, form: Record<string, string>, token?: string) {
  return fetch(`${on.url}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

function login(on: Instance, account: string, password = PASSWORD) {
  return post(on, '/api/login_zm', { account, password: passwordDigest(password) });
}

async function sessionOn(on: Instance, account: string): Promise<string> {
  const res = await login(on, account);
  const body = (await res.json()) as { data: { uid?: string } | null };
  if (!body.data?.uid) throw new Error(`login of ${account} on ${on.url}: ${JSON.stringify(body)}`);
  return body.data.uid;
}

function userInfo(on: Instance, token: string) {
  return post(on, '/api/user/getUserInfo', { secret: DISTRICT_SECRETS.CLIENT_SECRET }, token);
}

async function createUser(
  name: string,
  extra: Record<string, string> = {},
): Promise<{ id: string; account: string }> {
  const account = accountOf(name);
  const created = (await runAdminCommand(database.db, 'create-user', {
    account,
    password: PASSWORD,
    ...extra,
  })) as {
    id: string;
  };
  return { id: created.id, account };
}

describe('a district of two instances', () => {
  it('both instances started at once on an empty database, which was migrated exactly once', async () => {
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
      entries: unknown[];
    };
    const [applied] = await empty.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied!.n).toBe(journal.entries.length);
    for (const on of [a, b]) expect((await fetch(`${on.url}/healthz`)).status).toBe(200);
  });

  it('a session made on A works on B', async () => {
    const { account } = await createUser('session');
    const token = await sessionOn(a, account);
    const res = await userInfo(b, token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { account: string; uid: string } }).data).toMatchObject({
      account,
      uid: token,
    });
  });

  it('a course file uploaded on A is downloaded on B by its signed link, whole and by range', async () => {
    const teacher = await createUser('teacher', { vip: '2', days: '30', company: 'District School' });
    const token = await sessionOn(a, teacher.account);
    const created = await fetch(`${a.url}/api/courses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Robots', description: 'Sense, decide, act', level: 'beginner' }),
    });
    expect(created.status).toBe(200);
    const courseId = ((await created.json()) as { data: { id: string } }).data.id;

    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000)]);
    const form = new FormData();
    form.set('purpose', 'attachment');
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'notes.pdf');
    const uploaded = await fetch(`${a.url}/api/courses/${courseId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const file = ((await uploaded.json()) as { data: { id: string; url: string } }).data;
    // In the shared bucket, not on A's disk.
    expect(s3.objects().get(`files/${file.id}`)?.equals(pdf)).toBe(true);

    const whole = await fetch(`${b.url}${file.url}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true);
    const part = await fetch(`${b.url}${file.url}`, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${pdf.length}`);
    expect(await part.text()).toBe('%PDF-1.7');
  });

  it('concurrent paid calls alternating between A and B spend exactly the credits there are', async () => {
    const credits = 5;
    const calls = 12;
    const user = await createUser('credits', { credits: String(credits) });
    const tokens = { a: await sessionOn(a, user.account), b: await sessionOn(b, user.account) };
    const results = await Promise.all(
      Array.from({ length: calls }, async (_, i) => {
        const [on, token] = i % 2 === 0 ? [a, tokens.a] : [b, tokens.b];
        const res = await fetch(`${on.url}/api/ai/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ messages: [{ role: 'user', content: `call ${i}` }] }),
        });
        const text = await res.text();
        if (res.status === 402) return 'refused';
        const last = text
          .split('\n\n')
          .filter((block) => block.startsWith('data: '))
          .map((block) => JSON.parse(block.slice(6)) as { type: string; charged?: boolean })
          .at(-1);
        if (res.status === 200 && last?.type === 'done' && last.charged) return 'charged';
        return `unexpected ${res.status}: ${text.slice(0, 300)}`;
      }),
    );
    // Exactly as many calls go through as the credits pay for; every other one is refused for want of credits.
    const affordable = Math.floor(credits / CREDIT_COSTS.aiChat);
    expect(results.filter((r) => r === 'charged')).toHaveLength(affordable);
    expect(results.filter((r) => r !== 'charged' && r !== 'refused')).toEqual([]);

    const [row] = await database.db
      .select({ balance: users.creditBalance })
      .from(users)
      .where(eq(users.id, user.id));
    const left = credits - affordable * CREDIT_COSTS.aiChat;
    expect(row!.balance).toBe(left);
    const [ledger] = await database.db
      .select({
        sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int`,
        lowest: sql<number>`min(${creditLedger.balanceAfter})::int`,
      })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), isNull(creditLedger.classId)));
    // The initial grant plus every spend: the rows add up to the balance, and it never went below 0.
    expect(ledger).toEqual({ sum: left, lowest: left });
  });

  it('the sign-in failure limit counts failures on both instances together', async () => {
    const { account } = await createUser('limit');
    const statuses: number[] = [];
    for (let i = 0; i <= PAIR_FAILURES; i++) {
      const res = await login(i % 2 === 0 ? a : b, account, 'Wrong-password-1');
      statuses.push(res.status);
      if (res.status === 200) expect(((await res.json()) as { data: unknown }).data).toBeNull();
    }
    // The first PAIR_FAILURES are plain wrong-password answers; the next one, on the other instance than the
    // last, is already locked (per instance, each would still have allowed more).
    expect(statuses).toEqual([...Array<number>(PAIR_FAILURES).fill(200), 429]);
    // Locked on both, even with the right password.
    expect((await login(a, account)).status).toBe(429);
    expect((await login(b, account)).status).toBe(429);
  });

  it('a session logged out on B is refused on A', async () => {
    const { account } = await createUser('logout');
    const token = await sessionOn(a, account);
    expect((await userInfo(a, token)).status).toBe(200);
    expect((await post(b, '/api/logout', {}, token)).status).toBe(200);
    expect((await userInfo(a, token)).status).toBe(401);
    expect((await userInfo(b, token)).status).toBe(401);
  });
});
