import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/helpers.ts';

let database: TestDatabase;
let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  admin = (await signedInUser(t, 'boss@example.com', { admin: true })).uid;
  user = (await signedInUser(t, 'fan@example.com', { credits: '0' })).uid;
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

const as = (uid: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(uid ? { authorization: `Bearer ${uid}` } : {}) },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

const hour = 3600_000;
const at = (offset: number) => new Date(t.clock.now().getTime() + offset).toISOString();

async function balance(uid: string) {
  const res = await t.post('/api/user/getUserInfo', { secret: t.config.secrets.clientSecret, user_id: uid });
  return res.json<{ data: { quotaInfo: { total_balance: number } } }>().data.quotaInfo.total_balance;
}

describe('events', () => {
  it('pays a redeem code once per account, even when redeemed twice at once', async () => {
    const created = await as(admin, 'POST', '/api/admin/events', {
      title: 'Spring week',
      body: '**Have fun**',
      startsAt: at(-hour),
      endsAt: at(48 * hour),
      redeemCode: 'Spring2026',
      redeemCredits: 30,
      checkinCredits: 5,
    });
    const event = created.json<{ data: { id: string; state: string } }>().data;
    expect(event.state).toBe('active');

    const wrong = await as(user, 'POST', `/api/events/${event.id}/redeem`, { code: 'nope' });
    expect(wrong.json<{ message: string }>().message).toBe('the redeem code is wrong');
    const [a, b] = await Promise.all([
      as(user, 'POST', `/api/events/${event.id}/redeem`, { code: 'spring2026' }),
      as(user, 'POST', `/api/events/${event.id}/redeem`, { code: 'SPRING2026' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await balance(user)).toBe(30);

    const current = await as(user, 'GET', '/api/events/current');
    expect(current.json<{ data: unknown }>().data).toMatchObject({
      id: event.id,
      redeemed: true,
      checkedInToday: false,
      hasRedeemCode: true,
    });
  });

  it('pays the check-in once a day (days in UTC+8)', async () => {
    const event = (await as(admin, 'GET', '/api/events/current')).json<{ data: { id: string } }>().data;
    expect((await as(user, 'POST', `/api/events/${event.id}/checkin`)).statusCode).toBe(200);
    const twice = await as(user, 'POST', `/api/events/${event.id}/checkin`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe('already checked in today');
    t.clock.advance(24 * hour);
    expect((await as(user, 'POST', `/api/events/${event.id}/checkin`)).statusCode).toBe(200);
    expect(await balance(user)).toBe(40);
  });

  it('refuses rewards outside the window', async () => {
    const future = (
      await as(admin, 'POST', '/api/admin/events', {
        title: 'Later',
        startsAt: at(10 * 24 * hour),
        endsAt: at(11 * 24 * hour),
        redeemCode: 'LATER123',
        redeemCredits: 10,
      })
    ).json<{ data: { id: string; state: string } }>().data;
    expect(future.state).toBe('upcoming');
    const early = await as(user, 'POST', `/api/events/${future.id}/redeem`, { code: 'LATER123' });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe('the event is not running now');
    t.clock.advance(12 * 24 * hour);
    expect((await as(user, 'POST', `/api/events/${future.id}/redeem`, { code: 'LATER123' })).statusCode).toBe(
      409,
    );
    const anonymous = await as(null, 'GET', '/api/events/current');
    expect(anonymous.json<{ data: { state: string; redeemed: boolean } }>().data).toMatchObject({
      state: 'ended',
      redeemed: false,
    });
  });

  it('lets only admins manage events, with validated input', async () => {
    const body = { title: 'X', startsAt: at(0), endsAt: at(hour) };
    expect((await as(user, 'POST', '/api/admin/events', body)).statusCode).toBe(403);
    expect((await as(admin, 'POST', '/api/admin/events', { ...body, endsAt: at(-hour) })).statusCode).toBe(
      400,
    );
    expect((await as(admin, 'POST', '/api/admin/events', { ...body, redeemCode: 'ABCD' })).statusCode).toBe(
      400,
    );
    expect((await as(admin, 'POST', '/api/admin/events', { ...body, startsAt: 'tomorrow' })).statusCode).toBe(
      400,
    );
  });
});
