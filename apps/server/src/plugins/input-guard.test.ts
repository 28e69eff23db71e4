import { passwordDigest } from '@ai-edu/contract';
import {
  adminAudit,
  aiConversations,
  aiMessages,
  aiRequests,
  classes,
  courses,
  creditLedger,
  eduLogs,
  experienceLogs,
  siteDocuments,
  users,
} from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProviderEnv, startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { createTestApp, multipartBody, signedInUser, type TestApp } from '../test/helpers.ts';

let database: TestDatabase;
let fake: FakeOpenAi;
let t: TestApp;
let teacher: string;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeOpenAi();
  t = await createTestApp(fakeProviderEnv(fake), database);
  teacher = (
    await signedInUser(t, 'teacher@example.com', {
      vip: '2',
      days: '365',
      company: 'Lake School',
      credits: '100',
    })
  ).uid;
  admin = (await signedInUser(t, 'root@example.com', { admin: true })).uid;
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await database.dispose();
});

const NUL_EN = 'text must not contain a NUL character (\\u0000)';

function call(uid: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(uid ? { authorization: `Bearer ${uid}` } : {}) },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** Row counts of every table a refused request could have written to, and the teacher's balance. */
async function written() {
  const { db } = t.database;
  const tables = {
    adminAudit,
    aiConversations,
    aiMessages,
    aiRequests,
    classes,
    courses,
    creditLedger,
    eduLogs,
    experienceLogs,
    siteDocuments,
    users,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  const balances = await db.select({ b: users.creditBalance }).from(users);
  counts.credits = balances.reduce((sum, row) => sum + row.b, 0);
  return counts;
}

describe('a NUL character in any input', () => {
  it('is a 400 naming the field, before anything is written or charged, on every route the issue lists', async () => {
    const cases: [string, () => ReturnType<typeof call>, string][] = [
      [
        'login_zm without a session',
        () => call(null, 'POST', '/api/login_zm', { account: 'a\u0000b', password: passwordDigest('x') }),
        'body.account',
      ],
      [
        'login_zm as a form',
        () => t.post('/api/login_zm', { account: 'a\u0000b', password: passwordDigest('x') }),
        'body.account',
      ],
      [
        'class name',
        () => call(teacher, 'POST', '/api/classes', { name: 'Grade\u00005', schoolCode: 'lake' }),
        'body.name',
      ],
      ['course title', () => call(teacher, 'POST', '/api/courses', { title: 'Ma\u0000ths' }), 'body.title'],
      [
        'experience log',
        () => call(teacher, 'POST', '/api/log/experience', { type: 0, path: '/ailab/\u0000' }),
        'body.path',
      ],
      [
        'edu log',
        () => call(teacher, 'POST', '/api/log/edu', { type: 1, filename: 'a\u0000.pdf' }),
        'body.filename',
      ],
      [
        'admin contact fields',
        () =>
          call(admin, 'PUT', '/api/admin/contacts', {
            contacts: [{ area: 'East', region: 'Hangzhou', name: 'Mei', job: 'sales\u0000' }],
          }),
        'body.contacts.0.job',
      ],
      ['admin user search q', () => call(admin, 'GET', '/api/admin/users?q=a%00b'), 'query.q'],
      [
        'painting prompt',
        () =>
          call(teacher, 'POST', '/api/ai/textToImage_model', {
            prompt: 'a cat\u0000',
            idempotencyKey: 'paint-nul-1',
          }),
        'body.prompt',
      ],
      [
        'chat message',
        () =>
          call(teacher, 'POST', '/api/ai/chat', {
            messages: [{ role: 'user', content: 'a\u0000b' }],
            idempotencyKey: 'chat-nul-1',
          }),
        'body.messages.0.content',
      ],
      ['a key, not a value', () => call(teacher, 'POST', '/api/courses', { 'ti\u0000tle': 'x' }), 'body.ti'],
      ['a path parameter', () => call(teacher, 'GET', '/api/courses/a%00b'), 'params.id'],
    ];
    const before = await written();
    for (const [what, send, field] of cases) {
      const res = await send();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      const { message } = res.json<{ message: string }>();
      expect(message, what).toContain(NUL_EN);
      expect(message, what).toContain(field);
    }
    expect(await written()).toEqual(before);
    expect(fake.requests).toHaveLength(0);

    // The chat and painting keys were never taken: a clean retry with the same key is answered at once.
    const chat = await call(teacher, 'POST', '/api/ai/chat', {
      messages: [{ role: 'user', content: 'ab' }],
      idempotencyKey: 'chat-nul-1',
    });
    expect(chat.statusCode).toBe(200);
    expect(chat.body).toContain('"type":"done"');
  });

  it('is translated for zh-CN callers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_zm',
      payload: { account: '\u0000', password: passwordDigest('x') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('文本不能包含空字符');
  });

  it('in an upload form field is refused before the file is kept', async () => {
    const created = await call(teacher, 'POST', '/api/courses', { title: 'Art' });
    const { id } = created.json<{ data: { id: string } }>().data;
    const form = multipartBody({ purpose: 'cover\u0000' }, { name: 'a.png', content: Buffer.from('x') });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${id}/files`,
      headers: { ...form.headers, authorization: `Bearer ${teacher}`, 'accept-language': 'en' },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(NUL_EN);
  });
});

describe('a multipart/form-data request without a usable boundary', () => {
  it('is a 400 on form routes, the account service and upload routes', async () => {
    const created = await call(teacher, 'POST', '/api/courses', { title: 'Music' });
    const { id } = created.json<{ data: { id: string } }>().data;
    for (const url of ['/api/login_zm', '/api/client/verify/mail', `/api/courses/${id}/files`]) {
      for (const type of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        `multipart/form-data; boundary=${'b'.repeat(300)}`,
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type, authorization: `Bearer ${teacher}`, 'accept-language': 'en' },
          payload: 'name=x',
        });
        expect(res.statusCode, `${url} ${type.slice(0, 40)}: ${res.body}`).toBe(400);
        expect(res.body).toContain('needs a boundary');
      }
    }
  });
});

describe('a text-direction override in a display name', () => {
  it('is a 400 with the rule in the caller language, and nothing is created', async () => {
    const before = await written();
    const cases = [
      () => call(teacher, 'POST', '/api/classes', { name: 'Class \u202E5', schoolCode: 'lake' }),
      () => call(teacher, 'POST', '/api/courses', { title: 'gnp.\u2067exe' }),
      () => call(admin, 'POST', '/api/admin/users', { account: 'bidi@example.com', company: 'Lake\u202D' }),
    ];
    for (const send of cases) {
      const res = await send();
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('text-direction control characters');
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: { authorization: `Bearer ${teacher}` },
      payload: { title: 'a\u202Eb' },
    });
    expect(zh.json<{ message: string }>().message).toContain('名称不能包含文字方向控制字符');
    expect(await written()).toEqual(before);
  });
});
