import { passwordDigest } from '@ai-edu/contract';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { runAdminCommand, type UserSummary } from './service.ts';
import { temporaryPassword } from '../../lib/passwords.ts';

let database: TestDatabase;
let t: TestApp;
let adminUid: string;
let studentUid: string;

async function login(account: string, password: string) {
  const res = await t.post('/api/login_zm', { account, password: passwordDigest(password) });
  return res.json<{ status: number; message: string; data: { uid: string } | null }>();
}

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  await runAdminCommand(t.database.db, 'create-user', {
    account: 'root@example.com',
    password: 'Admin1234',
    admin: true,
  });
  await runAdminCommand(t.database.db, 'create-user', {
    account: 'kid@example.com',
    password: 'Kid12345',
    credits: '5',
  });
  adminUid = (await login('root@example.com', 'Admin1234')).data!.uid;
  studentUid = (await login('kid@example.com', 'Kid12345')).data!.uid;
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, uid = adminUid) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function findUser(q: string) {
  const res = await call('GET', `/api/admin/users?q=${encodeURIComponent(q)}`);
  return res.json<{ data: { total: number; items: (UserSummary & { disabled: boolean })[] } }>().data;
}

describe('admin console API', () => {
  it('is closed to everyone but admins', async () => {
    expect((await call('GET', '/api/admin/users', undefined, studentUid)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  it('searches and creates users, with clear errors for bad input', async () => {
    const created = await call('POST', '/api/admin/users', {
      account: 'teacher@example.com',
      password: 'Teach1234',
      vip: 2,
      days: 30,
      company: 'Lake School',
      credits: 40,
    });
    expect(created.json<{ data: UserSummary }>().data).toMatchObject({
      account: 'teacher@example.com',
      vip: 2,
      accountType: '校园账号',
      leftValidDays: 30,
      credits: 40,
    });
    const duplicate = await call('POST', '/api/admin/users', { account: 'teacher@example.com' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json<{ message: string }>().message).toMatch(/already exists/);
    expect((await call('POST', '/api/admin/users', { account: 'x@example.com', vip: 7 })).statusCode).toBe(
      400,
    );
    const found = await findUser('lake');
    expect(found.items.map((u) => u.account)).toEqual(['teacher@example.com']);
  });

  it('changes vip, days and company, and disables an account (its sessions end at once)', async () => {
    const kid = (await findUser('kid@')).items[0]!;
    const patched = await call('PATCH', `/api/admin/users/${kid.id}`, {
      vip: 1,
      days: 10,
      company: 'Lake School',
    });
    expect(patched.json<{ data: UserSummary }>().data).toMatchObject({
      vip: 1,
      leftValidDays: 10,
      companyName: 'Lake School',
    });

    // The web client adds user_id to every body: accepted (and ignored); any other unknown field is refused.
    const withUid = await call('PATCH', `/api/admin/users/${kid.id}`, { vip: 1, user_id: 'someone-else' });
    expect(withUid.statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/users/${kid.id}`, { credits: 5 })).statusCode).toBe(400);

    const disabled = await call('PATCH', `/api/admin/users/${kid.id}`, { disabled: true });
    expect(disabled.json<{ data: { disabled: boolean } }>().data.disabled).toBe(true);
    const info = await t.post('/api/user/getUserInfo', {
      secret: t.config.secrets.clientSecret,
      user_id: studentUid,
    });
    expect(info.statusCode).toBe(401);
    const refused = await login('kid@example.com', 'Kid12345');
    expect(refused).toMatchObject({
      status: 0,
      message: 'this account is disabled; contact your administrator',
    });

    await call('PATCH', `/api/admin/users/${kid.id}`, { disabled: false });
    expect((await login('kid@example.com', 'Kid12345')).status).toBe(1);
    const me = (await findUser('root@')).items[0]!;
    expect((await call('PATCH', `/api/admin/users/${me.id}`, { disabled: true })).statusCode).toBe(400);
  });

  it('resets a password to a temporary one that works', async () => {
    const kid = (await findUser('kid@')).items[0]!;
    const res = await call('POST', `/api/admin/users/${kid.id}/password`);
    const { password } = res.json<{ data: { password: string } }>().data;
    expect(password).toMatch(/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]{10}$/);
    expect((await login('kid@example.com', 'Kid12345')).status).toBe(0);
    expect((await login('kid@example.com', password)).status).toBe(1);
  });

  it('grants and revokes credits with a reason, never below zero, and shows the ledger', async () => {
    const kid = (await findUser('kid@')).items[0]!;
    const granted = await call('POST', `/api/admin/users/${kid.id}/credits`, { delta: 10, reason: 'prize' });
    expect(granted.json<{ data: { balance: number } }>().data.balance).toBe(15);
    const tooMuch = await call('POST', `/api/admin/users/${kid.id}/credits`, { delta: -100, reason: 'oops' });
    expect(tooMuch.statusCode).toBe(402);
    expect((await call('POST', `/api/admin/users/${kid.id}/credits`, { delta: -5 })).statusCode).toBe(400);
    const ledger = await call('GET', `/api/admin/users/${kid.id}/ledger`);
    expect(
      ledger.json<{ data: { balance: number; entries: { delta: number; reason: string }[] } }>().data,
    ).toMatchObject({
      balance: 15,
      entries: [
        { delta: 10, reason: 'admin: prize' },
        { delta: 5, reason: 'initial credits' },
      ],
    });
  });

  it('sets lab access per account and per school, and replaces contacts', async () => {
    const kid = (await findUser('kid@')).items[0]!;
    await call('PUT', '/api/admin/lab-access', { account: kid.id, deny: ['aiChat'] });
    const access = await call('GET', `/api/admin/lab-access?account=${kid.id}`);
    expect(access.json<{ data: { denied: string[]; allowed: string[] } }>().data.denied).toEqual(['aiChat']);
    expect(
      (await call('PUT', '/api/admin/lab-access', { company: 'Lake School', deny: ['nope'] })).statusCode,
    ).toBe(400);
    await call('PUT', '/api/admin/lab-access', { company: 'Lake School', deny: ['flappyBird'] });
    expect(
      (await call('GET', '/api/admin/lab-access?company=Lake%20School')).json<{
        data: { denied: string[] };
      }>().data.denied,
    ).toEqual(['flappyBird']);

    const contacts = [{ area: 'East', region: 'Hangzhou', name: 'Mei' }];
    expect((await call('PUT', '/api/admin/contacts', { contacts })).statusCode).toBe(200);
    expect((await call('PUT', '/api/admin/contacts', { contacts: [{ area: '' }] })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/contact.json' })).json<{ name: string }[]>()[0]!.name,
    ).toBe('Mei');
  });

  it('writes every change to the audit log, without passwords', async () => {
    const res = await call('GET', '/api/admin/audit?limit=200');
    const entries = res.json<{ data: { actor: string; action: string; details: unknown }[] }>().data;
    const actions = entries.map((e) => `${e.actor}:${e.action}`);
    for (const expected of [
      'cli:create-user',
      'root@example.com:create-user',
      'root@example.com:update-user',
      'root@example.com:reset-password',
      'root@example.com:credits',
      'root@example.com:lab-access',
      'root@example.com:contacts',
    ]) {
      expect(actions).toContain(expected);
    }
    expect(JSON.stringify(entries)).not.toMatch(/Admin1234|Kid12345|Teach1234/);
  });

  it('makes temporary passwords that follow the password rules', () => {
    for (let i = 0; i < 50; i++)
      expect(temporaryPassword()).toMatch(/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]{10}$/);
  });
});
