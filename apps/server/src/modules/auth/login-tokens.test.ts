import { LOGIN_TOKEN_MAX_USES, LOGIN_TOKEN_TTL_MS } from '@ai-edu/contract';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** The login `uuid` is a short hand-over to a session (docs/decisions.md), never a 30-day credential. */

interface ProductReply<T = unknown> {
  status: number;
  message: string;
  data: T;
}

let database: TestDatabase;
let t: TestApp;
let seq = 0;
const email = () => `token${++seq}@example.com`;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  t = await createTestApp({}, database);
});
afterEach(() => t.close());

async function loginWith(uuid: string) {
  return (await t.post(`/api/login?uuid=${encodeURIComponent(uuid)}`)).json<ProductReply<{ uid: string }>>();
}

const setPassword = async (uuid: string) =>
  (await t.account('password', { uuid, password: 'b'.repeat(64) })).json<{ code: number }>().code;

describe('login tokens (uuid)', () => {
  it('stop signing in after logout: every uuid of the account is revoked', async () => {
    const address = email();
    const first = await t.codeLogin(address);
    const second = await t.codeLogin(address);
    const session = await loginWith(first.uuid);
    expect(session.status).toBe(1);

    await t.post('/api/logout', { user_id: session.data.uid });
    expect(await loginWith(first.uuid)).toMatchObject({
      status: 0,
      message: 'login link invalid or expired',
    });
    expect((await loginWith(second.uuid)).status).toBe(0);
    // A new code login still works.
    expect((await loginWith((await t.codeLogin(address)).uuid)).status).toBe(1);
  });

  it('stop signing in after a password reset, except once for the uuid that set it', async () => {
    const address = email();
    const stolen = await t.codeLogin(address);
    const recovery = await t.codeLogin(address, { forget: true });
    expect(await setPassword(recovery.uuid)).toBe(0);

    expect((await loginWith(stolen.uuid)).status).toBe(0);
    // The spec signs the user in right after the reset, with the uuid that reset it: once.
    expect((await loginWith(recovery.uuid)).status).toBe(1);
    expect((await loginWith(recovery.uuid)).status).toBe(0);
  });

  it(`sign in at most ${LOGIN_TOKEN_MAX_USES} times, even all at once`, async () => {
    const { uuid } = await t.codeLogin(email());
    const replies = await Promise.all(Array.from({ length: 10 }, () => loginWith(uuid)));
    expect(replies.filter((r) => r.status === 1)).toHaveLength(LOGIN_TOKEN_MAX_USES);
    expect((await loginWith(uuid)).status).toBe(0);
  });

  it('expire a short while after the code was checked', async () => {
    const { uuid } = await t.codeLogin(email());
    t.clock.advance(LOGIN_TOKEN_TTL_MS - 1000);
    expect((await loginWith(uuid)).status).toBe(1);
    t.clock.advance(2000);
    expect((await loginWith(uuid)).status).toBe(0);
  });
});
