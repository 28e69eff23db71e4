import { passwordDigest } from '@ai-edu/contract';
import { experienceLogs } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createUser } from '../admin/service.ts';
import { VISIT_IDLE_MS } from './service.ts';

let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

async function session(account: string) {
  const user = await createUser(
    t.database.db,
    { account, password: 'Abcd1234', vip: 0, admin: false },
    t.clock.now(),
  );
  const res = await t.post('/api/login_zm', { account, password: passwordDigest('Abcd1234') });
  return { user, uid: res.json<{ data: { uid: string } }>().data.uid };
}

describe('activity logs', () => {
  it('stores experience rows for the session user, ignoring any user id the body claims', async () => {
    const me = await session('logger@example.com');
    const other = await session('victim@example.com');
    const res = await t.post('/api/log/experience', { user_id: me.uid, type: '0', path: '/ailab/aiChat' });
    expect(res.json<{ status: number }>().status).toBe(1);
    // A forged body: someone else's account id as user_id is not a session, so it is refused.
    const forged = await t.post('/api/log/experience', {
      user_id: other.user.id,
      type: '0',
      path: '/ailab/x',
    });
    expect(forged.statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(experienceLogs)
      .where(eq(experienceLogs.userId, me.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 0, path: '/ailab/aiChat' });
    expect(
      await t.database.db.select().from(experienceLogs).where(eq(experienceLogs.userId, other.user.id)),
    ).toHaveLength(0);
  });

  it('rejects malformed log entries with 400', async () => {
    const me = await session('bad-logs@example.com');
    expect(
      (await t.post('/api/log/experience', { user_id: me.uid, type: '7', path: '/ailab/aiChat' })).statusCode,
    ).toBe(400);
    expect(
      (await t.post('/api/log/experience', { user_id: me.uid, type: '0', path: 'no-slash' })).statusCode,
    ).toBe(400);
    expect((await t.post('/api/log/edu', { user_id: me.uid, type: 'x' })).statusCode).toBe(400);
  });

  it('stores edu rows', async () => {
    const me = await session('edu@example.com');
    const res = await t.post('/api/log/edu', {
      user_id: me.uid,
      type: '0',
      course_id: '12',
      session_id: '3',
      filename: 'slides.pdf',
    });
    expect(res.json<{ status: number }>().status).toBe(1);
  });

  it('pairs enter and leave rows into visits with durations and API calls, newest first', async () => {
    const me = await session('history@example.com');
    const log = (type: string, path: string, extra: Record<string, string> = {}) =>
      t.post('/api/log/experience', { user_id: me.uid, type, path, ...extra });
    await log('0', '/ailab/aiChat');
    t.clock.advance(30_000);
    await log('1', '/ailab/aiChat', { api_url: '/api/ai/chat', method: 'POST', timestamp: '1' });
    t.clock.advance(30_000);
    await log('1', '/ailab/aiChat');
    t.clock.advance(5_000);
    await log('0', '/ailab/neuralNetworks');

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/log/experience/mine',
      headers: { authorization: `Bearer ${me.uid}` },
    });
    const visits = res.json<{ data: { lab: string; durationMs: number | null; apiCalls: number }[] }>().data;
    expect(visits).toEqual([
      expect.objectContaining({ lab: 'neuralNetworks', durationMs: null, apiCalls: 0 }),
      expect.objectContaining({ lab: 'aiChat', durationMs: 60_000, apiCalls: 1 }),
    ]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/log/experience/mine' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('ends a visit without a leave row at the next activity, or once it has been idle too long', async () => {
    const me = await session('history.unended@example.com');
    const log = (type: string, path: string, extra: Record<string, string> = {}) =>
      t.post('/api/log/experience', { user_id: me.uid, type, path, ...extra });
    const mine = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/log/experience/mine',
          headers: { authorization: `Bearer ${me.uid}` },
        })
      ).json<{
        data: { lab: string; leftAt: string | null; durationMs: number | null; apiCalls: number }[];
      }>().data;

    // A tab closed without its leave row, then another lab the next minute: the first ends there.
    await log('0', '/ailab/aiChat');
    t.clock.advance(20_000);
    await log('1', '/ailab/aiChat', { api_url: '/api/ai/chat', method: 'POST', timestamp: '1' });
    t.clock.advance(60_000);
    await log('0', '/ailab/neuralNetworks');
    // The same lab entered again without a leave: the earlier visit ends at the new one.
    t.clock.advance(10_000);
    await log('0', '/ailab/neuralNetworks');
    let visits = await mine();
    expect(visits.map((v) => [v.lab, v.durationMs, v.apiCalls])).toEqual([
      ['neuralNetworks', null, 0],
      ['neuralNetworks', 10_000, 0],
      ['aiChat', 80_000, 1],
    ]);

    // Nothing more for days: the open visit ended, VISIT_IDLE_MS after its last activity.
    t.clock.advance(3 * 86_400_000);
    visits = await mine();
    expect(visits[0]).toMatchObject({ lab: 'neuralNetworks', durationMs: VISIT_IDLE_MS });
    // And a next activity long after an idle visit ends it at the timeout, not days later.
    await log('0', '/ailab/aiChat');
    visits = await mine();
    expect(visits.map((v) => v.durationMs)).toEqual([null, VISIT_IDLE_MS, 10_000, 80_000]);
  });
});
