/**
 * Class credit budgets (issue 16) on the real database and the real chat route (fake provider): allocations
 * from the school's pool, students spending from their class exactly under concurrency, the daily cap, the
 * weekly refill, refunds and the sweeper putting credits back on the class, and who may do what.
 */
import type { ClassBudget, MyClass } from '@ai-edu/contract';
import { classBudgets, classTeachers, creditLedger, schoolSettings, schoolTeachers, users } from '@ai-edu/db';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProviderEnv, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { appPerTest, creditBalance, signedInUser, type ProductReply } from '../../test/helpers.ts';
import { runAdminCommand } from '../admin/service.ts';
import { AiGateway, sweepStaleRequests } from '../ai/gateway.ts';
import { staleAfterMs } from '../ai/sweeper.ts';
import { createSession } from '../auth/sessions.ts';
import { findUserById } from '../users/accounts.ts';
import { closeClassBudget, studentBudgetOf } from './service.ts';

let fake: FakeOpenAi;
// Read by each test's app when it is built; the fake provider's address is added once it runs.
const env: Record<string, string> = { AI_CALLS_PER_MINUTE: '1000', AI_CALLS_PER_DAY: '1000' };
beforeAll(async () => {
  fake = await startFakeOpenAi();
  Object.assign(env, fakeProviderEnv(fake));
});
afterAll(() => fake.close());

const state = appPerTest(env);
let seq = 0;

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** A school with credits, a class of `n` students (sessions made directly: fast), and helpers. */
async function setUp(options: { credits?: number; students?: number } = {}) {
  fake.mode = 'ok';
  const { t } = state;
  const n = ++seq;
  const school = await signedInUser(t, `school${n}@example.com`, {
    vip: '2',
    days: '365',
    company: `Lake School ${n}`,
    credits: String(options.credits ?? 1000),
  });
  const as = (uid: string, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const created = await as(school.uid, 'POST', '/api/classes', { name: 'Grade 5', schoolCode: `lake${n}` });
  const classId = created.json<ProductReply<{ id: string }>>().data.id;
  const names = Array.from({ length: options.students ?? 2 }, (_, i) => `kid${i}`);
  const added = await as(school.uid, 'POST', `/api/classes/${classId}/students`, { names });
  const students = await Promise.all(
    added.json<ProductReply<{ userId: string }[]>>().data.map(async (s) => ({
      id: s.userId,
      uid: await createSession(t.database.db, s.userId, t.clock.now()),
    })),
  );
  const db = t.database.db;

  async function teacher(name: string, classIds: string[]) {
    const { id } = (await runAdminCommand(db, 'create-user', {
      account: `t${++seq}@lake${n}`,
      password: 'Abcd1234',
      vip: '2',
      days: '365',
    })) as { id: string };
    await db.insert(schoolTeachers).values({ userId: id, schoolId: school.id, name });
    if (classIds.length)
      await db.insert(classTeachers).values(classIds.map((c) => ({ classId: c, teacherId: id })));
    return { id, uid: await createSession(db, id, t.clock.now()) };
  }

  const budgetUrl = `/api/classes/${classId}/budget`;
  const setBudget = (uid: string, body: object) => as(uid, 'PUT', budgetUrl, body);
  const getBudget = async (uid = school.uid) =>
    (await as(uid, 'GET', budgetUrl)).json<ProductReply<ClassBudget | null>>().data;
  const chat = (uid: string) =>
    as(uid, 'POST', '/api/ai/chat', { messages: [{ role: 'user', content: 'Say hello' }] });
  const userCredits = async (id: string) =>
    (await db.select({ b: users.creditBalance }).from(users).where(eq(users.id, id)))[0]!.b;
  const classBalance = async () =>
    (
      await db.select({ b: classBudgets.balance }).from(classBudgets).where(eq(classBudgets.classId, classId))
    )[0]?.b;
  /** The ledger's own sums: the school's rows (class_id null) and the class's rows. */
  const ledgerSums = async () => {
    const [schoolSum] = await db
      .select({ s: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, school.id), isNull(creditLedger.classId)));
    const [classSum] = await db
      .select({ s: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.classId, classId));
    return { school: schoolSum!.s, klass: classSum!.s };
  };
  return {
    t,
    db,
    school,
    classId,
    students,
    as,
    teacher,
    setBudget,
    getBudget,
    chat,
    userCredits,
    classBalance,
    ledgerSums,
  };
}

const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

describe('class budgets: exact under concurrency', () => {
  it('40 students × 5 concurrent chats on a 100-credit allocation spend exactly 100', async () => {
    const c = await setUp({ credits: 150, students: 40 });
    expect((await c.setBudget(c.school.uid, { mode: 'once', amount: 100, dailyCap: null })).statusCode).toBe(
      200,
    );
    expect(await c.userCredits(c.school.id)).toBe(50);

    const replies = await Promise.all(
      c.students.flatMap((s) => Array.from({ length: 5 }, () => c.chat(s.uid))),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(100);
    expect(ok.every((r) => r.body.includes('"type":"done"'))).toBe(true);
    // The message names who to ask: no teacher is assigned, so the school.
    expect(new Set(refused.map(messageOf))).toEqual(
      new Set([`your class has no credits left; ask your teacher to add more: Lake School ${seq}`]),
    );

    expect(await c.classBalance()).toBe(0);
    expect(await c.userCredits(c.school.id)).toBe(50);
    for (const s of c.students) expect(await c.userCredits(s.id)).toBe(0);
    expect(await c.ledgerSums()).toEqual({ school: 50, klass: 0 });
    const spends = await c.db
      .select({ delta: creditLedger.delta, after: creditLedger.balanceAfter })
      .from(creditLedger)
      .where(and(eq(creditLedger.classId, c.classId), like(creditLedger.reason, 'ai:%')));
    expect(spends).toHaveLength(100);
    expect(spends.every((r) => r.delta === -1 && r.after >= 0)).toBe(true);
    // Each balance after a spend appears once: the spends ran one after another, 99 down to 0.
    expect(new Set(spends.map((r) => r.after)).size).toBe(100);
  });

  it('a 5-credit daily cap holds under 20 concurrent calls, and resets the next day', async () => {
    const c = await setUp({ students: 1 });
    const li = await c.teacher('Ms Li', [c.classId]);
    await c.setBudget(li.uid, { mode: 'once', amount: 100, dailyCap: 5 });
    const [kid] = c.students;
    const replies = await Promise.all(Array.from({ length: 20 }, () => c.chat(kid!.uid)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(15);
    expect(messageOf(refused[0]!)).toBe(
      "you have used today's credits from your class; try again tomorrow or ask your teacher: Ms Li",
    );
    expect(await c.classBalance()).toBe(95);
    expect(await creditBalance(c.t, kid!.uid)).toBe(0);
    const budget = await c.getBudget(li.uid);
    expect(budget).toMatchObject({ balance: 95, spentToday: 5, dailyCap: 5 });
    expect(budget!.students).toEqual([{ userId: kid!.id, displayName: 'kid0', spentToday: 5 }]);

    c.t.clock.advance(24 * 3600_000);
    expect(await creditBalance(c.t, kid!.uid)).toBe(5);
    expect((await c.chat(kid!.uid)).statusCode).toBe(200);
    expect(await studentBudgetOf(c.db, kid!.id, c.t.clock.now())).toMatchObject({
      leftToday: 4,
      spentToday: 1,
      classBalance: 94,
    });
  });

  it('refills a weekly budget once on a week change, however many requests arrive at once', async () => {
    const c = await setUp({ credits: 100, students: 3 });
    await c.setBudget(c.school.uid, { mode: 'weekly', amount: 30, dailyCap: null });
    for (const s of c.students) await c.chat(s.uid);
    expect(await c.classBalance()).toBe(27);
    expect(await c.userCredits(c.school.id)).toBe(70);

    // To the next Monday 00:00 China time, and a little past it.
    const budget = (await c.getBudget())!;
    c.t.clock.current = new Date(new Date(budget.periodStart).getTime() + 7 * 86_400_000 + 60_000);
    const [reads, chats] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => c.getBudget())),
      Promise.all(c.students.map((s) => c.chat(s.uid))),
    ]);
    expect(chats.every((r) => r.statusCode === 200)).toBe(true);
    expect(reads.every((b) => b!.periodStart > budget.periodStart)).toBe(true);
    // The 27 left went back, 30 came out again, then 3 were spent.
    expect(await c.classBalance()).toBe(27);
    expect(await c.userCredits(c.school.id)).toBe(67);
    expect(await c.ledgerSums()).toEqual({ school: 67, klass: 27 });
    const weekRows = await c.db
      .select({ key: creditLedger.idempotencyKey })
      .from(creditLedger)
      .where(like(creditLedger.idempotencyKey, `class:${c.classId}:week:%`));
    expect(weekRows.map((r) => r.key!.replace(/^.*:week:[\d-]+:/, '')).sort()).toEqual([
      'allocate',
      'allocate:class',
      'return',
      'return:class',
    ]);
  });

  it('refills only as far as the pool allows', async () => {
    const c = await setUp({ credits: 40, students: 1 });
    await c.setBudget(c.school.uid, { mode: 'weekly', amount: 30, dailyCap: null });
    // A second class takes the rest of the pool.
    // Under the school's code, which every class uses (issue 25).
    const other = await c.as(c.school.uid, 'POST', '/api/classes', { name: 'Grade 6' });
    const otherId = other.json<ProductReply<{ id: string }>>().data.id;
    await c.as(c.school.uid, 'PUT', `/api/classes/${otherId}/budget`, {
      mode: 'once',
      amount: 10,
      dailyCap: null,
    });
    for (let i = 0; i < 3; i++) expect((await c.chat(c.students[0]!.uid)).statusCode).toBe(200);
    expect(await c.userCredits(c.school.id)).toBe(0);

    // Next week: 27 go back, and only those 27 can come out again.
    c.t.clock.advance(7 * 86_400_000);
    expect(await c.getBudget()).toMatchObject({ balance: 27, schoolBalance: 0, amount: 30 });
    expect(await c.ledgerSums()).toMatchObject({ school: 0, klass: 27 });
  });
});

describe('class budgets: refunds go back to the class', () => {
  it('refunds a provider failure to the class, not the student', async () => {
    const c = await setUp({ students: 1 });
    await c.setBudget(c.school.uid, { mode: 'once', amount: 10, dailyCap: 3 });
    const [kid] = c.students;
    fake.mode = 'error';
    const failed = await c.chat(kid!.uid);
    expect(failed.body).toContain('"type":"error"');
    expect(failed.body).toContain('"balance":3');
    expect(await c.classBalance()).toBe(10);
    expect(await c.userCredits(kid!.id)).toBe(0);
    const rows = await c.db
      .select({ reason: creditLedger.reason, delta: creditLedger.delta, userId: creditLedger.userId })
      .from(creditLedger)
      .where(and(eq(creditLedger.classId, c.classId), like(creditLedger.reason, '%:chat')));
    expect(rows).toEqual([
      { reason: 'ai:chat', delta: -1, userId: kid!.id },
      { reason: 'refund:chat', delta: 1, userId: kid!.id },
    ]);
    expect(await studentBudgetOf(c.db, kid!.id, c.t.clock.now())).toMatchObject({
      spentToday: 0,
      leftToday: 3,
    });
    // The student's own history shows none of the class's rows.
    const history = await c.as(kid!.uid, 'GET', '/api/credits/history');
    expect(history.json<ProductReply<{ entries: unknown[] }>>().data.entries).toEqual([]);
  });

  it('the sweeper refunds a stale class reserve to the class, once', async () => {
    const c = await setUp({ students: 1 });
    await c.setBudget(c.school.uid, { mode: 'once', amount: 10, dailyCap: null });
    const [kid] = c.students;
    const gateway = new AiGateway(c.db, c.t.limiter, c.t.config.ai, c.t.clock.now);
    const admitted = await gateway.admit((await findUserById(c.db, kid!.id))!, {
      lab: 'aiChat',
      kind: 'chat',
      cost: 1,
    });
    expect(admitted).toMatchObject({ balance: 9, classId: c.classId });
    expect(await c.classBalance()).toBe(9);

    c.t.clock.advance(staleAfterMs(c.t.config.ai) + 1000);
    const at = c.t.clock.now();
    const cutoff = new Date(at.getTime() - staleAfterMs(c.t.config.ai));
    const sweeps = await Promise.all([
      sweepStaleRequests(c.db, cutoff, at),
      sweepStaleRequests(c.db, cutoff, at),
    ]);
    expect(sweeps.reduce((n, s) => n + s.refunded, 0)).toBe(1);
    expect(await c.classBalance()).toBe(10);
    expect(await c.userCredits(kid!.id)).toBe(0);
    expect(await c.ledgerSums()).toMatchObject({ klass: 10 });
    // The request finishing late refunds nothing more.
    if ('attempt' in admitted) await gateway.refund(admitted, 'late');
    expect(await c.classBalance()).toBe(10);
  });

  it('a refund after the budget ended goes to the school, where the rest went', async () => {
    const c = await setUp({ credits: 100, students: 1 });
    await c.setBudget(c.school.uid, { mode: 'once', amount: 10, dailyCap: null });
    const [kid] = c.students;
    const gateway = new AiGateway(c.db, c.t.limiter, c.t.config.ai, c.t.clock.now);
    const admitted = await gateway.admit((await findUserById(c.db, kid!.id))!, {
      lab: 'aiChat',
      kind: 'chat',
      cost: 1,
    });
    expect(await closeClassBudget(c.db, c.classId, c.school.id, c.t.clock.now())).toBe(9);
    expect(await c.userCredits(c.school.id)).toBe(99);
    if ('attempt' in admitted) await gateway.refund(admitted, 'provider down');
    expect(await c.userCredits(c.school.id)).toBe(100);
    expect(await c.userCredits(kid!.id)).toBe(0);
    expect((await c.ledgerSums()).school).toBe(100);
  });
});

describe('class budgets: allocating, ending, and who may', () => {
  it('keeps a class’s ledger whole when a student or a teacher who used it is deleted', async () => {
    const c = await setUp({ students: 2 });
    const li = await c.teacher('Ms Li', [c.classId]);
    await c.setBudget(li.uid, { mode: 'once', amount: 30, dailyCap: null });
    for (const s of c.students) expect((await c.chat(s.uid)).statusCode).toBe(200);
    expect(await c.ledgerSums()).toEqual({ school: 970, klass: 28 });

    const [gone] = c.students;
    expect(
      (await c.as(c.school.uid, 'DELETE', `/api/classes/${c.classId}/students/${gone!.id}`)).statusCode,
    ).toBe(200);
    expect((await c.as(c.school.uid, 'DELETE', `/api/school/teachers/${li.id}`)).statusCode).toBe(200);
    // The rows of the deleted accounts now stand under the school: the class's rows still add up.
    expect(await c.classBalance()).toBe(28);
    expect(await c.ledgerSums()).toEqual({ school: 970, klass: 28 });
    const rows = await c.db.select().from(creditLedger).where(eq(creditLedger.classId, c.classId));
    expect(rows).toHaveLength(3);
  });

  it('refuses an allocation larger than the pool with 409, and moves nothing', async () => {
    const c = await setUp({ credits: 50 });
    const res = await c.setBudget(c.school.uid, { mode: 'once', amount: 51, dailyCap: null });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(
      'the school does not have enough credits for this allocation; school balance: 50',
    );
    expect(await c.getBudget()).toBeNull();
    expect(await c.userCredits(c.school.id)).toBe(50);
    expect(await c.db.select().from(creditLedger).where(eq(creditLedger.reference, c.classId))).toEqual([]);
  });

  it('tops a weekly budget up or gives the excess back, adds a one-off, and ends it', async () => {
    const c = await setUp({ credits: 100 });
    const first = await c.setBudget(c.school.uid, { mode: 'weekly', amount: 40, dailyCap: 4 });
    expect(first.json<ProductReply<ClassBudget>>().data).toMatchObject({
      mode: 'weekly',
      amount: 40,
      dailyCap: 4,
      balance: 40,
      schoolBalance: 60,
      spentToday: 0,
    });
    await c.setBudget(c.school.uid, { mode: 'weekly', amount: 25, dailyCap: null });
    expect(await c.getBudget()).toMatchObject({ balance: 25, schoolBalance: 75, dailyCap: null });
    await c.setBudget(c.school.uid, { mode: 'once', amount: 10, dailyCap: null });
    expect(await c.getBudget()).toMatchObject({ mode: 'once', balance: 35, schoolBalance: 65 });
    expect(await c.ledgerSums()).toEqual({ school: 65, klass: 35 });

    const [kid] = c.students;
    expect(await creditBalance(c.t, kid!.uid)).toBe(35);
    const ended = await c.as(c.school.uid, 'DELETE', `/api/classes/${c.classId}/budget`);
    expect(ended.json<ProductReply<{ returned: number }>>().data).toEqual({ returned: 35 });
    expect(await c.getBudget()).toBeNull();
    expect(await c.ledgerSums()).toEqual({ school: 100, klass: 0 });
    // Students spend their own credits again.
    expect(await creditBalance(c.t, kid!.uid)).toBe(0);
    expect((await c.chat(kid!.uid)).statusCode).toBe(402);
  });

  it('rejects bad input with 400', async () => {
    const c = await setUp();
    for (const body of [
      { mode: 'monthly', amount: 10, dailyCap: null },
      { mode: 'once', amount: 0, dailyCap: null },
      { mode: 'once', amount: 10, dailyCap: 0 },
      { mode: 'once', amount: 1.5, dailyCap: null },
    ])
      expect((await c.setBudget(c.school.uid, body)).statusCode).toBe(400);
    expect((await c.as(c.school.uid, 'GET', '/api/classes/not-a-uuid/budget')).statusCode).toBe(400);
  });

  it('lets the school and the class’s teachers in, and keeps everyone else out', async () => {
    const c = await setUp();
    const li = await c.teacher('Ms Li', [c.classId]);
    const wu = await c.teacher('Mr Wu', []);
    const other = await signedInUser(c.t, `other${seq}@example.com`, {
      vip: '2',
      days: '365',
      company: 'Hill',
    });
    const vip0 = await signedInUser(c.t, `plain${seq}@example.com`);
    const body = { mode: 'once', amount: 5, dailyCap: null };
    expect((await c.setBudget(c.school.uid, body)).statusCode).toBe(200);
    expect((await c.setBudget(li.uid, body)).statusCode).toBe(200);
    expect(await c.getBudget(li.uid)).toMatchObject({ balance: 10 });
    const url = `/api/classes/${c.classId}/budget`;
    for (const uid of [wu.uid, other.uid, vip0.uid, c.students[0]!.uid]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const)
        expect((await c.as(uid, method, url, method === 'PUT' ? body : undefined)).statusCode).toBe(403);
    }
    expect((await c.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await c.as(c.school.uid, 'GET', `/api/classes/${crypto.randomUUID()}/budget`)).statusCode).toBe(
      404,
    );
    // The class row on the allocation names who acted.
    const actors = await c.db
      .select({ userId: creditLedger.userId })
      .from(creditLedger)
      .where(and(eq(creditLedger.classId, c.classId), eq(creditLedger.reason, 'class:allocate')))
      // In the order they were written: PostgreSQL returns unordered rows in any order (a CI flake).
      .orderBy(creditLedger.id);
    expect(actors.map((a) => a.userId)).toEqual([c.school.id, li.id]);
    expect((await c.as(li.uid, 'DELETE', url)).json<ProductReply<{ returned: number }>>().data).toEqual({
      returned: 10,
    });
  });
});

describe('GET /api/classes/mine', () => {
  it('tells a student their class, who to ask, what is left today, and what the teacher sees', async () => {
    const c = await setUp();
    await c.teacher('Ms Li', [c.classId]);
    // The school's row exists already (its code, set with its first class).
    await c.db
      .update(schoolSettings)
      .set({ blockedWords: ['bad'], retentionDays: 90 })
      .where(eq(schoolSettings.schoolId, c.school.id));
    const [kid] = c.students;
    const before = await c.as(kid!.uid, 'GET', '/api/classes/mine');
    expect(before.json<ProductReply<MyClass>>().data).toEqual({
      classId: c.classId,
      className: 'Grade 5',
      teachers: ['Ms Li'],
      budget: null,
      lesson: null,
      review: { labs: ['aiChat', 'textToImage', 'writingPredict'], retentionDays: 90, wordList: true },
    });
    await c.setBudget(c.school.uid, { mode: 'once', amount: 20, dailyCap: 5 });
    await c.chat(kid!.uid);
    const after = await c.as(kid!.uid, 'GET', '/api/classes/mine');
    expect(after.json<ProductReply<MyClass>>().data.budget).toEqual({
      classId: c.classId,
      className: 'Grade 5',
      leftToday: 4,
      classBalance: 19,
      dailyCap: 5,
      spentToday: 1,
    });
    expect(await creditBalance(c.t, kid!.uid)).toBe(4);
  });

  it('answers null data for anyone not in a class, and 401 when signed out', async () => {
    const c = await setUp();
    const mine = await c.as(c.school.uid, 'GET', '/api/classes/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<ProductReply<null>>().data).toBeNull();
    expect((await c.t.app.inject({ method: 'GET', url: '/api/classes/mine' })).statusCode).toBe(401);
  });
});
