import { generateRedeemCode } from '@ai-edu/contract';
import { events } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq } from 'drizzle-orm';
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
    // Short hand-typed codes are guessable: refused with a message that says what a code needs.
    const short = await as(admin, 'POST', '/api/admin/events', {
      ...body,
      redeemCode: 'ABC1234',
      redeemCredits: 10,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toContain(
      'a redeem code has 8 to 32 letters and digits',
    );
    const generated = await as(admin, 'POST', '/api/admin/events', {
      ...body,
      redeemCode: generateRedeemCode(),
      redeemCredits: 10,
    });
    expect(generated.statusCode).toBe(200);
  });
});

describe('rewards in the points history', () => {
  it("comes with the event title's translations, while the recorded title is still the event's", async () => {
    const reader = (await signedInUser(t, 'reader@example.com', { credits: '0' })).uid;
    const [event] = await database.db
      .insert(events)
      .values({
        title: '春季 AI 挑战周',
        startsAt: new Date(t.clock.now().getTime() - hour),
        endsAt: new Date(t.clock.now().getTime() + 48 * hour),
        checkinCredits: 3,
        translations: { en: { title: 'Spring AI Challenge Week', body: 'Have fun' } },
      })
      .returning();
    expect((await as(reader, 'POST', `/api/events/${event!.id}/checkin`)).statusCode).toBe(200);

    type History = { data: { entries: { reason: string; translations: unknown }[] } };
    const history = async () =>
      (await as(reader, 'GET', '/api/credits/history')).json<History>().data.entries;
    expect((await history())[0]).toMatchObject({
      reason: 'check-in: 春季 AI 挑战周',
      translations: { en: { detail: 'Spring AI Challenge Week' } },
    });

    // Renamed since: the row keeps the title it was written with, and no translation of another title.
    await database.db.update(events).set({ title: '夏季挑战' }).where(eq(events.id, event!.id));
    expect((await history())[0]).toMatchObject({ reason: 'check-in: 春季 AI 挑战周', translations: null });
  });
});

describe('redeem limits', () => {
  it('refuses wrong codes past the per-account and per-address limits with 429 and Retry-After', async () => {
    const s = await createTestApp({ LIMIT_REDEEM_FAILURES_PER_IP_HOUR: '15' }, database);
    try {
      const boss = (await signedInUser(s, 'limits-boss@example.com', { admin: true })).uid;
      const [a, b, c] = await Promise.all(
        ['guess-a', 'guess-b', 'guess-c'].map(
          async (name) => (await signedInUser(s, `${name}@example.com`)).uid,
        ),
      );
      const code = generateRedeemCode();
      const created = await s.app.inject({
        method: 'POST',
        url: '/api/admin/events',
        headers: { authorization: `Bearer ${boss}` },
        payload: {
          title: 'Guess me',
          startsAt: new Date(s.clock.now().getTime() - hour).toISOString(),
          endsAt: new Date(s.clock.now().getTime() + 48 * hour).toISOString(),
          redeemCode: code,
          redeemCredits: 10,
        },
      });
      const id = created.json<{ data: { id: string } }>().data.id;
      const tryCode = (uid: string, guess: string, ip = '198.51.100.3') =>
        s.app.inject({
          method: 'POST',
          url: `/api/events/${id}/redeem`,
          remoteAddress: ip,
          headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
          payload: { code: guess },
        });

      // 30 wrong codes from one account: refused from the 11th on, and nothing was compared after that.
      const answers: number[] = [];
      for (let i = 0; i < 30; i++) answers.push((await tryCode(a!, `WRONG${i}XYZ`)).statusCode);
      expect(answers.indexOf(429)).toBe(s.config.limits.redeemFailuresPerAccountHour);
      expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
      const refused = await tryCode(a!, code);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json<{ message: string }>().message).toBe('operation too frequent, try later');

      // The same address, other accounts: 15 wrong codes in all, then that address waits.
      for (let i = 0; i < 5; i++) expect((await tryCode(b!, `MISS${i}ABCD`)).statusCode).toBe(400);
      expect((await tryCode(b!, 'MISSAGAIN1')).statusCode).toBe(429);
      expect((await tryCode(c!, code)).statusCode).toBe(429);
      // From elsewhere the right code works, and counts nothing.
      expect((await tryCode(c!, code.toLowerCase(), '192.0.2.77')).statusCode).toBe(200);

      s.clock.advance(hour + 1);
      expect((await tryCode(a!, code)).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });
});
