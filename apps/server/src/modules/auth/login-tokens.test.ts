import { LOGIN_TOKEN_MAX_USES, LOGIN_TOKEN_TTL_MS } from '@ai-edu/contract';
import { describe, expect, it } from 'vitest';
import { appPerTest, type ProductReply } from '../../test/helpers.ts';

/** The login `uuid` is a short hand-over to a session (docs/decisions.md), never a 30-day credential. */

const shared = appPerTest();
let seq = 0;
const email = () => `token${++seq}@example.com`;

async function loginWith(uuid: string) {
  return (await shared.t.post(`/api/login?uuid=${encodeURIComponent(uuid)}`)).json<
    ProductReply<{ uid: string }>
  >();
}

const setPassword = async (uuid: string) =>
  (await shared.t.account('password', { uuid, password: 'b'.repeat(64) })).json<{ code: number }>().code;

describe('login tokens (uuid)', () => {
  it('stop signing in after logout: every uuid of the account is revoked', async () => {
    const address = email();
    const first = await shared.t.codeLogin(address);
    const second = await shared.t.codeLogin(address);
    const session = await loginWith(first.uuid);
    expect(session.status).toBe(1);

    await shared.t.post('/api/logout', { user_id: session.data.uid });
    expect(await loginWith(first.uuid)).toMatchObject({
      status: 0,
      message: 'login link invalid or expired',
    });
    expect((await loginWith(second.uuid)).status).toBe(0);
    // A new code login still works.
    expect((await loginWith((await shared.t.codeLogin(address)).uuid)).status).toBe(1);
  });

  it('stop signing in after a password reset, except once for the uuid that set it', async () => {
    const address = email();
    const stolen = await shared.t.codeLogin(address);
    const recovery = await shared.t.codeLogin(address, { forget: true });
    expect(await setPassword(recovery.uuid)).toBe(0);

    expect((await loginWith(stolen.uuid)).status).toBe(0);
    // The spec signs the user in right after the reset, with the uuid that reset it: once.
    expect((await loginWith(recovery.uuid)).status).toBe(1);
    expect((await loginWith(recovery.uuid)).status).toBe(0);
  });

  it(`sign in at most ${LOGIN_TOKEN_MAX_USES} times, even all at once`, async () => {
    const { uuid } = await shared.t.codeLogin(email());
    const replies = await Promise.all(Array.from({ length: 10 }, () => loginWith(uuid)));
    expect(replies.filter((r) => r.status === 1)).toHaveLength(LOGIN_TOKEN_MAX_USES);
    expect((await loginWith(uuid)).status).toBe(0);
  });

  it('expire a short while after the code was checked', async () => {
    const { uuid } = await shared.t.codeLogin(email());
    shared.t.clock.advance(LOGIN_TOKEN_TTL_MS - 1000);
    expect((await loginWith(uuid)).status).toBe(1);
    shared.t.clock.advance(2000);
    expect((await loginWith(uuid)).status).toBe(0);
  });
});
