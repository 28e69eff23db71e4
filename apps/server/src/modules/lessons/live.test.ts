/**
 * The live view of a class from a known set of sessions, experience logs, AI requests and ledger rows, laid
 * down on the test clock: each student's status, lab, last activity and credits spent today.
 */
import { LIVE_REFRESH_MS, type LiveClass } from '@ai-edu/contract';
import { aiRequests, classes, creditLedger } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type ProductReply, type TestApp } from '../../test/helpers.ts';
import { liveClass } from './live.ts';
import { as, studentSignIn, testClass } from './test-class.ts';

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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('GET /api/classes/:id/live', () => {
  it("shows who is active, signed in or away, their lab, last activity and today's credits", async () => {
    const c = await testClass(t, ['Amy', 'Ben', 'Cat', 'Dan', 'Eve'], () => false);
    const signIn = (name: string) => {
      const { account, password } = c.passwords.get(name)!;
      return studentSignIn(t, account, password);
    };
    const log = (uid: string, type: 0 | 1, path: string, apiUrl?: string) =>
      t.post('/api/log/experience', {
        user_id: uid,
        type: String(type),
        path,
        ...(apiUrl ? { api_url: apiUrl } : {}),
      });
    const [amy, ben, cat, , eve] = c.students.map((s) => s.id);

    // The view is read at F = T0 + 13 h. T0 is 16:00 in China, so China's day changed at T0 + 8 h.
    const t0 = t.clock.now();
    const at = (msBeforeF: number) => new Date(t0.getTime() + 13 * HOUR - msBeforeF);
    const goTo = (msBeforeF: number) => t.clock.advance(at(msBeforeF).getTime() - t.clock.now().getTime());

    // Cat signed in 13 h ago (too long ago to count) and opened a lab 2 h ago (too long ago to be in it).
    const catUid = await signIn('Cat');
    goTo(2 * HOUR);
    await log(catUid, 0, '/ailab/textToImage');
    // Ben is in no lab: the lab he entered last he has left; the one before does not count.
    goTo(40 * MINUTE);
    const benUid = await signIn('Ben');
    await log(benUid, 0, '/ailab/aiChat');
    goTo(30 * MINUTE);
    await log(benUid, 0, '/ailab/flappyBird');
    await log(benUid, 1, '/ailab/flappyBird');
    // Amy is in the chat lab and has used it since entering.
    goTo(2 * MINUTE);
    const amyUid = await signIn('Amy');
    await log(amyUid, 0, '/ailab/aiChat');
    await log(amyUid, 1, '/ailab/aiChat', '/api/ai/chat');
    // Eve logged nothing, but made an AI request a minute ago.
    goTo(MINUTE);
    await signIn('Eve');
    await t.database.db
      .insert(aiRequests)
      .values({ userId: eve!, kind: 'chat', cost: 1, createdAt: t.clock.now() });

    const ledger = (userId: string, delta: number, reason: string, when: Date, classId?: string) => ({
      userId,
      delta,
      balanceAfter: 0,
      reason,
      classId: classId ?? null,
      createdAt: when,
    });
    await t.database.db.insert(creditLedger).values([
      ledger(amy!, -1, 'ai:chat', at(10 * MINUTE)),
      ledger(amy!, -1, 'ai:chat', at(5 * MINUTE)),
      ledger(amy!, 1, 'refund:chat', at(5 * MINUTE)),
      // Spent from the class's allocation: the row names Amy and the class.
      ledger(amy!, -10, 'ai:painting', at(3 * MINUTE), c.classId),
      // Yesterday in China, and a grant: neither is spending today.
      ledger(amy!, -4, 'ai:chat', t0),
      ledger(amy!, 50, 'admin grant', at(HOUR)),
      ledger(ben!, -2, 'ai:chat', at(20 * MINUTE)),
      ledger(cat!, -3, 'ai:chat', at(14 * HOUR)),
    ]);
    goTo(0);
    await as(t, c.teacher.uid, 'POST', `/api/classes/${c.classId}/lesson`, {
      labs: ['aiChat'],
      minutes: 45,
      lockOthers: true,
    });

    const res = await as(t, c.teacher.uid, 'GET', `/api/classes/${c.classId}/live`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const live = res.json<ProductReply<LiveClass>>().data;
    expect(live.at).toBe(at(0).toISOString());
    expect(live.refreshMs).toBe(LIVE_REFRESH_MS);
    expect(live.lesson).toMatchObject({ labs: ['aiChat'], lockOthers: true, openedBy: 'Ms Li' });
    const iso = (msBeforeF: number) => at(msBeforeF).toISOString();
    expect(live.students.map(({ userId: _, ...s }) => s)).toEqual([
      {
        displayName: 'Amy',
        account: c.students[0]!.account,
        status: 'active',
        lab: 'aiChat',
        lastActiveAt: iso(2 * MINUTE),
        creditsToday: 11,
        making: null,
      },
      {
        displayName: 'Ben',
        account: c.students[1]!.account,
        status: 'signedIn',
        lab: null,
        lastActiveAt: iso(30 * MINUTE),
        creditsToday: 2,
        making: null,
      },
      {
        displayName: 'Cat',
        account: c.students[2]!.account,
        status: 'offline',
        lab: null,
        lastActiveAt: iso(2 * HOUR),
        creditsToday: 0,
        making: null,
      },
      {
        displayName: 'Dan',
        account: c.students[3]!.account,
        status: 'offline',
        lab: null,
        lastActiveAt: null,
        creditsToday: 0,
        making: null,
      },
      {
        displayName: 'Eve',
        account: c.students[4]!.account,
        status: 'active',
        lab: null,
        lastActiveAt: iso(MINUTE),
        creditsToday: 0,
        making: null,
      },
    ]);
    expect(live.students.map((s) => s.userId)).toEqual(c.students.map((s) => s.id));

    // Five minutes after her last activity Amy counts as quiet (still in her lab); after an hour her lab
    // no longer counts.
    t.clock.advance(3 * MINUTE);
    const later = async () =>
      (await as(t, c.school.uid, 'GET', `/api/classes/${c.classId}/live`)).json<ProductReply<LiveClass>>()
        .data.students[0]!;
    expect(await later()).toMatchObject({ status: 'active', lab: 'aiChat' });
    t.clock.advance(1);
    expect(await later()).toMatchObject({ status: 'signedIn', lab: 'aiChat' });
    t.clock.advance(HOUR);
    expect(await later()).toMatchObject({ status: 'signedIn', lab: null });
    // Signing out ends the session: Amy is away.
    await t.post('/api/logout', { user_id: amyUid });
    expect((await later()).status).toBe('offline');
  });

  it('asks the database the same few statements for a class of 1 as for a class of 6', async () => {
    /** The statements the live view builds on `db`, counted where they start (select, execute and so on). */
    async function statementsFor(classId: string) {
      const db = t.database.db;
      const [klass] = await db.select().from(classes).where(eq(classes.id, classId));
      let started = 0;
      const counting = new Proxy(db, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown;
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            started++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      const live = await liveClass(counting, klass!, t.clock.now());
      return { started, students: live.students.length };
    }
    const small = await testClass(t, ['Amy']);
    const large = await testClass(t, ['Amy', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay']);
    const one = await statementsFor(small.classId);
    const six = await statementsFor(large.classId);
    expect([one.students, six.students]).toEqual([1, 6]);
    expect(six.started).toBe(one.started);
    expect(one.started).toBeLessThanOrEqual(3);
  });
});
