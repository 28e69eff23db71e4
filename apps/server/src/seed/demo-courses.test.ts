/**
 * Demo content: seeded once per seed key (fresh and older installs alike), in two languages, and a school's
 * edit of a seeded text drops its stale other-language copy.
 */
import { courseSessions, courses, events, siteDocuments } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import type { Contact, CourseDetail, CourseSummary, EventView, FeaturedCourse } from '@ai-edu/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContacts, seedDemoContacts } from '../modules/contacts/service.ts';
import { DEMO_CONTACTS } from '../modules/contacts/demo-contacts.ts';
import { createTestApp, signedInUser, type ProductReply, type TestApp } from '../test/helpers.ts';
import { DEMO_COURSES, DEMO_EVENT, seedDemoCourses, seedDemoEvent } from './demo-courses.ts';

const SECRET = 'test-secret';

describe('demo content on a fresh installation', () => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let student: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({}, database);
    expect(await seedDemoCourses(database.db, t.clock.now())).toBe(DEMO_COURSES.length);
    expect(await seedDemoEvent(database.db, SECRET, t.clock.now())).toBe('AILAB2026');
    await seedDemoContacts(database.db, t.clock.now());
    admin = (await signedInUser(t, 'admin@seed', { admin: true })).uid;
    student = (await signedInUser(t, 'pupil@seed', { vip: '1' })).uid;
  });
  afterAll(async () => {
    await t.close();
    await database.dispose();
  });

  const as = async <T>(
    uid: string | null,
    method: 'GET' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: object,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: uid ? { authorization: `Bearer ${uid}` } : {},
      ...(body ? { payload: body as Record<string, unknown> } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductReply<T>>().data;
  };

  it('seeds every demo course once, in order, with English copies', async () => {
    expect(await seedDemoCourses(database.db, t.clock.now())).toBe(0);
    const list = await as<CourseSummary[]>(student, 'GET', '/api/courses');
    expect(list.map((c) => c.title)).toEqual(DEMO_COURSES.map((c) => c.title));
    expect(list[0]!.translations?.en?.title).toBe('What is artificial intelligence?');
    const detail = await as<CourseDetail>(student, 'GET', `/api/courses/${list[0]!.id}`);
    expect(detail.sessionList[0]!.translations?.en?.title).toBe('Lesson 1  AI around you');
    expect(detail.sessionList[0]!.labs).not.toContain('textKnow');
  });

  it('lists the first three courses publicly for the home page', async () => {
    const featured = await as<FeaturedCourse[]>(null, 'GET', '/api/courses/featured');
    expect(featured.map((c) => c.title)).toEqual(DEMO_COURSES.slice(0, 3).map((c) => c.title));
    expect(featured[0]).toMatchObject({ sessions: DEMO_COURSES[0]!.sessions.length, level: 'beginner' });
    expect(featured[0]!.translations?.en?.description).toBe(DEMO_COURSES[0]!.en.description);
  });

  it('drops the English copy of a text a school edits, keeping the rest', async () => {
    const [course] = await as<CourseSummary[]>(student, 'GET', '/api/courses');
    const edited = await as<CourseDetail>(admin, 'PATCH', `/api/courses/${course!.id}`, { title: 'AI 入门' });
    expect(edited.translations).toEqual({ en: { description: DEMO_COURSES[0]!.en.description } });
    // Saving the same text (an editor sends every field) keeps the copy.
    const same = await as<CourseDetail>(admin, 'PATCH', `/api/courses/${course!.id}`, {
      title: 'AI 入门',
      description: DEMO_COURSES[0]!.description,
    });
    expect(same.translations).toEqual({ en: { description: DEMO_COURSES[0]!.en.description } });
    const lesson = edited.sessionList[1]!;
    await as(admin, 'PATCH', `/api/courses/${course!.id}/sessions/${lesson.id}`, { body: '## 新的内容' });
    const after = await as<CourseDetail>(student, 'GET', `/api/courses/${course!.id}`);
    expect(after.sessionList[1]!.translations).toEqual({
      en: { title: DEMO_COURSES[0]!.sessions[1]!.en.title },
    });
  });

  it('never brings back a demo course the school deleted', async () => {
    const list = await as<CourseSummary[]>(student, 'GET', '/api/courses');
    await as(admin, 'DELETE', `/api/courses/${list.at(-1)!.id}`);
    expect(await seedDemoCourses(database.db, t.clock.now())).toBe(0);
    expect(await as<CourseSummary[]>(student, 'GET', '/api/courses')).toHaveLength(DEMO_COURSES.length - 1);
  });

  it('seeds the event and the contacts in both languages; an edited event title loses its copy', async () => {
    const event = await as<EventView>(student, 'GET', '/api/events/current');
    expect(event).toMatchObject({ title: DEMO_EVENT.title, translations: { en: DEMO_EVENT.en } });
    const contacts = (await t.app.inject({ method: 'GET', url: '/contact.json' })).json<Contact[]>();
    expect(contacts[0]).toMatchObject({ name: '王晓明', translations: { en: { name: 'Wang Xiaoming' } } });
    const updated = await as<EventView>(admin, 'PUT', `/api/admin/events/${event.id}`, {
      title: '我们学校的挑战周',
      body: DEMO_EVENT.body,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      redeemCredits: event.redeemCredits,
      checkinCredits: event.checkinCredits,
    });
    expect(updated.translations).toEqual({ en: { body: DEMO_EVENT.en.body } });
  });
});

describe('demo content on an installation seeded by the older demo', () => {
  let database: TestDatabase;
  const then = new Date('2026-01-05T08:00:00Z');
  const later = new Date('2026-03-01T08:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    // What the older demo left: its two courses (Chinese only, no seed key), one of them since edited.
    const [untouched] = await db
      .insert(courses)
      .values({ title: '什么是人工智能？', description: '旧的简介', createdAt: then, updatedAt: then })
      .returning();
    await db.insert(courseSessions).values([
      {
        courseId: untouched!.id,
        position: 1,
        title: '旧第 1 课',
        labs: ['aiChat', 'textKnow'],
        createdAt: then,
      },
      { courseId: untouched!.id, position: 2, title: '旧第 2 课', labs: ['trainText'], createdAt: then },
    ]);
    const [edited] = await db
      .insert(courses)
      .values({ title: '教计算机“看”世界', description: '老师改过的简介', createdAt: then, updatedAt: later })
      .returning();
    await db
      .insert(courseSessions)
      .values({ courseId: edited!.id, position: 1, title: '老师的课', labs: ['textKnow'], createdAt: then });
    await db.insert(courses).values({ title: '我们学校的课', createdAt: then, updatedAt: then });
    await db.insert(events).values({
      title: '开学季 AI 挑战周 · AI Challenge Week',
      body: '旧的说明',
      startsAt: then,
      endsAt: later,
    });
    await db.insert(siteDocuments).values({
      name: 'contacts',
      body: DEMO_CONTACTS.map(({ translations: _dropped, ...chineseOnly }) => chineseOnly),
    });
  });
  afterAll(() => database.dispose());

  it('adds the new demo courses without duplicating the old ones, and refreshes the unedited one', async () => {
    const db = database.db;
    expect(await seedDemoCourses(db, later)).toBe(DEMO_COURSES.length - 2);
    expect(await seedDemoCourses(db, later)).toBe(0);
    const rows = await db.select().from(courses).orderBy(asc(courses.createdAt));
    expect(rows.map((r) => r.title).sort()).toEqual(
      [...DEMO_COURSES.map((c) => c.title), '我们学校的课'].sort(),
    );
    const byKey = new Map(rows.map((r) => [r.seedKey, r]));
    const whatIsAi = byKey.get('demo:what-is-ai')!;
    expect(whatIsAi.translations?.en?.title).toBe(DEMO_COURSES[0]!.en.title);
    const lessons = await db
      .select()
      .from(courseSessions)
      .where(eq(courseSessions.courseId, whatIsAi.id))
      .orderBy(asc(courseSessions.position));
    expect(lessons.map((l) => l.title)).toEqual(DEMO_COURSES[0]!.sessions.map((s) => s.title));
    expect(lessons.flatMap((l) => l.labs)).not.toContain('textKnow');
    // The school's edits win: the key is set, the text stays as the teacher left it.
    expect(byKey.get('demo:computer-vision')).toMatchObject({
      description: '老师改过的简介',
      translations: null,
    });
  });

  it('gives the old demo event and the untouched demo contact list their English copies', async () => {
    expect(await seedDemoEvent(database.db, SECRET, later)).toBeNull();
    const [event] = await database.db.select().from(events);
    expect(event).toMatchObject({ title: DEMO_EVENT.title, translations: { en: DEMO_EVENT.en } });
    await seedDemoContacts(database.db, later);
    expect((await readContacts(database.db))[0]?.translations?.en?.area).toBe('North China');
  });
});
