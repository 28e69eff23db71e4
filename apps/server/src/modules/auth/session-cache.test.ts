import { testEngine } from '@ai-edu/db/testing';
import { users, writeClockOf } from '@ai-edu/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest, signedInUser, type ProductReply } from '../../test/helpers.ts';
import { runAdminCommand } from '../admin/service.ts';

/**
 * On the embedded database signed-in requests are answered from a cache until the next write; every
 * change that matters must still show on the very next request. (On PostgreSQL there is no cache; the same
 * expectations hold.)
 */

type Info = ProductReply<{
  quotaInfo: { total_balance: number };
  labs: string[];
  authInfo: { vip: number };
} | null>;

const shared = appPerTest();
let seq = 0;
const account = () => `cache${++seq}@example.com`;

async function info(uid: string) {
  const res = await shared.t.post('/api/user/getUserInfo', {
    secret: shared.t.config.secrets.clientSecret,
    user_id: uid,
  });
  return { http: res.statusCode, body: res.json<Info>() };
}

/** Two reads, so the second one is served by the cache where there is one. */
async function warm(uid: string) {
  await info(uid);
  expect((await info(uid)).http).toBe(200);
}

describe('the signed-in caller cache', () => {
  it('is there on the embedded database only', () => {
    expect(Boolean(writeClockOf(shared.database.db))).toBe(testEngine() === 'pglite');
  });

  it('counts writes, not reads, on the embedded database', async () => {
    const clock = writeClockOf(shared.database.db);
    if (!clock) return expect(testEngine()).toBe('postgres');
    const before = clock.generation;
    await shared.database.db.select().from(users).limit(1);
    expect(clock.generation).toBe(before);
    await shared.database.db.update(users).set({ updatedAt: new Date() }).where(eq(users.account, 'nobody'));
    expect(clock.generation).toBeGreaterThan(before);
  });

  it('sees a logout on the next request', async () => {
    const { uid } = await signedInUser(shared.t, account());
    await warm(uid);
    await shared.t.post('/api/logout', { user_id: uid });
    expect((await info(uid)).http).toBe(401);
  });

  it('sees a disabled account on the next request', async () => {
    const name = account();
    const { uid } = await signedInUser(shared.t, name);
    await warm(uid);
    await shared.t.database.db
      .update(users)
      .set({ disabledAt: shared.t.clock.now() })
      .where(eq(users.account, name));
    expect((await info(uid)).http).toBe(401);
  });

  it('sees credits, authorization and lab permissions change on the next request', async () => {
    const name = account();
    const { uid } = await signedInUser(shared.t, name, { credits: '5' });
    await warm(uid);
    await runAdminCommand(
      shared.t.database.db,
      'grant',
      { account: name, credits: '7' },
      shared.t.clock.now(),
    );
    expect((await info(uid)).body.data?.quotaInfo.total_balance).toBe(12);

    await runAdminCommand(
      shared.t.database.db,
      'set-vip',
      { account: name, vip: '1', days: '30' },
      shared.t.clock.now(),
    );
    expect((await info(uid)).body.data?.authInfo.vip).toBe(1);

    await runAdminCommand(
      shared.t.database.db,
      'lab-access',
      { account: name, deny: 'flappyBird' },
      shared.t.clock.now(),
    );
    expect((await info(uid)).body.data?.labs).not.toContain('flappyBird');
  });

  it('sees a session expire without any write', async () => {
    const { uid } = await signedInUser(shared.t, account());
    await warm(uid);
    shared.t.clock.advance(30 * 24 * 3600_000 + 1);
    expect((await info(uid)).http).toBe(401);
  });
});
