/**
 * Lesson mode on the real app: starting, reading and ending a class's lesson, who may do it, and the lock it
 * puts on the class's students — in getUserInfo's `labs` and on the server's paid, doodle and TTS routes.
 */
import { LAB_SLUGS, type LabSlug, type Lesson } from '@ai-edu/contract';
import { classLessons } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeProviderEnv, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { createTestApp, type ProductReply, type TestApp } from '../../test/helpers.ts';
import { runAdminCommand } from '../admin/service.ts';
import { as, testClass } from './test-class.ts';

let database: TestDatabase;
let fake: FakeOpenAi;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  await database.dispose();
});
beforeEach(async () => {
  fake.mode = 'ok';
  t = await createTestApp(fakeProviderEnv(fake), database);
});
afterEach(() => t.close());

const lessonUrl = (classId: string) => `/api/classes/${classId}/lesson`;

async function labsOf(uid: string): Promise<LabSlug[]> {
  const info = await t.post('/api/user/getUserInfo', { secret: t.config.secrets.clientSecret, user_id: uid });
  return info.json<{ data: { labs: LabSlug[] } }>().data.labs;
}

async function startLesson(uid: string, classId: string, body: object) {
  const res = await as(t, uid, 'POST', lessonUrl(classId), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductReply<Lesson>>().data;
}

const chat = (uid: string) =>
  as(t, uid, 'POST', '/api/ai/chat', { messages: [{ role: 'user', content: 'Say hello' }] });
const paint = (uid: string) =>
  as(t, uid, 'POST', '/api/ai/textToImage_model', { prompt: 'a panda reading a book', style: 'watercolor' });
const doodles = (uid: string) => as(t, uid, 'GET', '/api/doodles');
const speak = (uid: string) => as(t, uid, 'POST', '/api/tts/espeak', { text: 'hello', voice: 'en-us' });

const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;
const LOCKED = 'your teacher has opened other labs for this lesson; this one is locked until it ends';

describe('lessons', () => {
  it('starts, reads and ends a lesson; a new lesson ends the running one', async () => {
    const c = await testClass(t);
    expect((await as(t, c.teacher.uid, 'GET', lessonUrl(c.classId))).json<ProductReply>().data).toBeNull();

    const started = t.clock.now();
    const first = await startLesson(c.teacher.uid, c.classId, {
      labs: ['aiChat', 'quickDraw', 'aiChat'],
      minutes: 45,
      lockOthers: true,
    });
    expect(first).toMatchObject({
      classId: c.classId,
      labs: ['aiChat', 'quickDraw'],
      lockOthers: true,
      startsAt: started.toISOString(),
      endsAt: new Date(started.getTime() + 45 * 60_000).toISOString(),
      openedBy: 'Ms Li',
    });
    expect((await as(t, c.school.uid, 'GET', lessonUrl(c.classId))).json<ProductReply>().data).toEqual(first);

    t.clock.advance(60_000);
    const second = await startLesson(c.school.uid, c.classId, {
      labs: ['textToImage'],
      minutes: 5,
      lockOthers: false,
    });
    expect(second.openedBy).toBe(`Lake School ${c.school.account.match(/\d+/)![0]}`);
    expect((await as(t, c.teacher.uid, 'GET', lessonUrl(c.classId))).json<ProductReply>().data).toEqual(
      second,
    );
    const [ended] = await t.database.db.select().from(classLessons).where(eq(classLessons.id, first.id));
    expect(ended!.endedAt).toEqual(t.clock.now());

    const end = await as(t, c.teacher.uid, 'DELETE', lessonUrl(c.classId));
    expect(end.statusCode).toBe(200);
    expect(end.json<ProductReply>().data).toBeNull();
    expect((await as(t, c.teacher.uid, 'GET', lessonUrl(c.classId))).json<ProductReply>().data).toBeNull();
    // Ending with nothing running is fine.
    expect((await as(t, c.teacher.uid, 'DELETE', lessonUrl(c.classId))).statusCode).toBe(200);
  });

  it('lets the school and the class teacher in, and keeps everyone else out', async () => {
    const c = await testClass(t, ['Amy']);
    const body = { labs: ['aiChat'], minutes: 45, lockOthers: true };
    for (const who of [c.otherTeacher, c.otherSchool]) {
      for (const [method, url] of [
        ['GET', lessonUrl(c.classId)],
        ['POST', lessonUrl(c.classId)],
        ['DELETE', lessonUrl(c.classId)],
        ['GET', `/api/classes/${c.classId}/live`],
      ] as const) {
        const res = await as(t, who.uid, method, url, method === 'POST' ? body : undefined);
        expect(res.statusCode, `${who.account} ${method} ${url}`).toBe(403);
        expect(messageOf(res)).toBe('forbidden');
      }
    }
    for (const who of [c.students[0]!, c.vip0]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await as(t, who.uid, method, lessonUrl(c.classId), method === 'POST' ? body : undefined);
        expect(res.statusCode).toBe(403);
      }
      expect((await as(t, who.uid, 'GET', `/api/classes/${c.classId}/live`)).statusCode).toBe(403);
    }
    expect((await as(t, undefined, 'GET', lessonUrl(c.classId))).statusCode).toBe(401);
    expect((await as(t, c.school.uid, 'GET', '/api/classes/not-a-uuid/lesson')).statusCode).toBe(400);
    expect(
      (await as(t, c.school.uid, 'GET', '/api/classes/00000000-0000-4000-8000-000000000000/lesson'))
        .statusCode,
    ).toBe(404);
    // Nothing the refused callers tried started a lesson.
    expect((await as(t, c.school.uid, 'GET', lessonUrl(c.classId))).json<ProductReply>().data).toBeNull();
    for (const who of [c.school, c.teacher]) {
      expect((await as(t, who.uid, 'POST', lessonUrl(c.classId), body)).statusCode).toBe(200);
      {
        const live = await as(t, who.uid, 'GET', `/api/classes/${c.classId}/live`);
        expect(live.statusCode, live.body).toBe(200);
      }
      expect((await as(t, who.uid, 'DELETE', lessonUrl(c.classId))).statusCode).toBe(200);
    }
  });

  it('refuses a bad lesson with 400', async () => {
    const c = await testClass(t, ['Amy']);
    for (const body of [
      { labs: [], minutes: 45, lockOthers: true },
      { labs: ['noSuchLab'], minutes: 45, lockOthers: true },
      { labs: ['aiChat'], minutes: 4, lockOthers: true },
      { labs: ['aiChat'], minutes: 241, lockOthers: true },
      { labs: ['aiChat'], minutes: 45 },
    ]) {
      expect((await as(t, c.teacher.uid, 'POST', lessonUrl(c.classId), body)).statusCode).toBe(400);
    }
  });

  it("locks the other labs for the class's students only, until the lesson's end", async () => {
    const c = await testClass(t, ['Amy', 'Ben']);
    const [amy, ben] = c.students;
    await runAdminCommand(t.database.db, 'lab-access', { account: ben!.account, deny: 'quickDraw' });
    await startLesson(c.teacher.uid, c.classId, {
      labs: ['quickDraw', 'aiChat'],
      minutes: 45,
      lockOthers: true,
    });
    expect(await labsOf(amy!.uid)).toEqual(LAB_SLUGS.filter((s) => s === 'aiChat' || s === 'quickDraw'));
    // The admin's switch still applies within the lesson's labs.
    expect(await labsOf(ben!.uid)).toEqual(['aiChat']);
    for (const who of [c.outsider, c.teacher, c.school, c.vip0])
      expect(await labsOf(who.uid)).toEqual(LAB_SLUGS);

    t.clock.advance(45 * 60_000 - 1);
    expect(await labsOf(amy!.uid)).toHaveLength(2);
    t.clock.advance(1);
    expect(await labsOf(amy!.uid)).toEqual(LAB_SLUGS);
  });

  it('lifts the lock when the teacher ends the lesson', async () => {
    const c = await testClass(t, ['Amy']);
    await startLesson(c.school.uid, c.classId, { labs: ['flappyBird'], minutes: 45, lockOthers: true });
    expect(await labsOf(c.students[0]!.uid)).toEqual(['flappyBird']);
    await as(t, c.teacher.uid, 'DELETE', lessonUrl(c.classId));
    expect(await labsOf(c.students[0]!.uid)).toEqual(LAB_SLUGS);
  });

  it('locks nothing when the lesson does not lock the other labs', async () => {
    const c = await testClass(t, ['Amy']);
    await startLesson(c.teacher.uid, c.classId, { labs: ['flappyBird'], minutes: 45, lockOthers: false });
    expect(await labsOf(c.students[0]!.uid)).toEqual(LAB_SLUGS);
    await runAdminCommand(t.database.db, 'grant', { account: c.students[0]!.account, credits: '20' });
    expect((await chat(c.students[0]!.uid)).statusCode).toBe(200);
  });

  it('refuses paid calls, doodles and speech in a locked lab, and serves the opened ones', async () => {
    const c = await testClass(t, ['Amy']);
    const amy = c.students[0]!;
    await runAdminCommand(t.database.db, 'grant', { account: amy.account, credits: '30' });
    await startLesson(c.teacher.uid, c.classId, { labs: ['aiChat'], minutes: 45, lockOthers: true });

    for (const res of [await paint(amy.uid), await doodles(amy.uid), await speak(amy.uid)]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(messageOf(res)).toBe(LOCKED);
    }
    expect(fake.requests.filter((r) => r.path.includes('images'))).toHaveLength(0);
    const opened = await chat(amy.uid);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('"type":"done"');

    // The same calls for a student of another class of the school are not locked.
    await runAdminCommand(t.database.db, 'grant', { account: c.outsider.account, credits: '30' });
    expect((await paint(c.outsider.uid)).statusCode).toBe(200);
    expect((await doodles(c.outsider.uid)).statusCode).toBe(200);

    // A new lesson opening the doodle lab opens it.
    await startLesson(c.teacher.uid, c.classId, { labs: ['quickDraw'], minutes: 45, lockOthers: true });
    expect((await doodles(amy.uid)).statusCode).toBe(200);
    expect(messageOf(await chat(amy.uid))).toBe(LOCKED);
  });
});
