/**
 * Demo courses and the demo event for a demo installation. Each demo course has a stable seed key: a later
 * start adds the demo courses it has not seeded before (an install seeded by an older demo gets the new
 * ones), never a duplicate, and never brings back one a school deleted.
 */
import { courseSessions, courses, events, siteDocuments, type Db } from '@ai-edu/db';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { eventValues } from '../modules/events/service.ts';
import { DEMO_COURSES, type DemoCourse } from './demo-course-content.ts';

export { DEMO_COURSES };

/** The seed keys ever seeded here, so a course a school deleted stays deleted. */
const SEEDED_DOCUMENT = 'seeded-demo-courses';

/** Before seed keys the demo seeded these two (same titles), only into an empty course table. */
const LEGACY_KEYS = ['demo:what-is-ai', 'demo:computer-vision'];

async function readSeededKeys(db: Db): Promise<string[] | null> {
  const [row] = await db.select().from(siteDocuments).where(eq(siteDocuments.name, SEEDED_DOCUMENT));
  return row && Array.isArray(row.body) ? (row.body as string[]) : null;
}

async function writeSeededKeys(db: Db, keys: string[], now: Date) {
  await db
    .insert(siteDocuments)
    .values({ name: SEEDED_DOCUMENT, body: keys, updatedAt: now })
    .onConflictDoUpdate({ target: siteDocuments.name, set: { body: keys, updatedAt: now } });
}

const courseText = (course: DemoCourse) => ({
  title: course.title,
  description: course.description,
  level: course.level,
  translations: { en: course.en },
});

const lessonText = (lesson: DemoCourse['sessions'][number]) => ({
  title: lesson.title,
  body: lesson.body,
  labs: lesson.labs,
  translations: { en: lesson.en },
});

/**
 * A course seeded by the older demo (same title, no owner, no key) gets its key. When nobody edited it
 * (every edit moves updatedAt), its text is brought up to date too, so its lessons link only to built labs.
 */
async function adoptLegacyCourse(db: Db, course: DemoCourse, now: Date): Promise<void> {
  const [old] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.title, course.title), isNull(courses.seedKey), isNull(courses.ownerId)))
    .orderBy(asc(courses.createdAt))
    .limit(1);
  if (!old) return;
  const untouched = old.updatedAt.getTime() === old.createdAt.getTime();
  await db
    .update(courses)
    .set(untouched ? { seedKey: course.key, ...courseText(course) } : { seedKey: course.key })
    .where(eq(courses.id, old.id));
  if (!untouched) return;
  const sessions = await db
    .select({ id: courseSessions.id, position: courseSessions.position })
    .from(courseSessions)
    .where(eq(courseSessions.courseId, old.id));
  for (const [i, lesson] of course.sessions.entries()) {
    const existing = sessions.find((s) => s.position === i + 1);
    if (existing) {
      await db
        .update(courseSessions)
        .set({ ...lessonText(lesson), updatedAt: now })
        .where(eq(courseSessions.id, existing.id));
    } else {
      await db
        .insert(courseSessions)
        .values({ courseId: old.id, position: i + 1, ...lessonText(lesson), createdAt: now });
    }
  }
}

/** Seeds the demo courses this installation has not had yet; returns how many it added. */
export async function seedDemoCourses(db: Db, now = new Date()): Promise<number> {
  const recorded = await readSeededKeys(db);
  const seeded = new Set(recorded ?? []);
  if (recorded === null) {
    const [row] = await db.select({ n: count() }).from(courses);
    if ((row?.n ?? 0) > 0) {
      // Seeded before keys existed: adopt the old demo courses (or respect that they were deleted).
      for (const course of DEMO_COURSES.filter((c) => LEGACY_KEYS.includes(c.key))) {
        await adoptLegacyCourse(db, course, now);
        seeded.add(course.key);
      }
    }
  }
  let added = 0;
  for (const [index, course] of DEMO_COURSES.entries()) {
    if (seeded.has(course.key)) continue;
    seeded.add(course.key);
    // One millisecond apart: the course list (oldest first) keeps the order written here.
    const at = new Date(now.getTime() + index);
    // The unique seed key keeps two servers starting at once from both adding it.
    const [created] = await db
      .insert(courses)
      .values({ ...courseText(course), seedKey: course.key, createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: courses.seedKey })
      .returning({ id: courses.id });
    if (!created) continue;
    await db.insert(courseSessions).values(
      course.sessions.map((s, i) => ({
        courseId: created.id,
        position: i + 1,
        ...lessonText(s),
        createdAt: at,
      })),
    );
    added += 1;
  }
  await writeSeededKeys(db, [...seeded], now);
  return added;
}

const DEMO_EVENT_KEY = 'demo:challenge-week';
/** The older demo's event title (both languages in one line): such an event gets the translated text. */
const LEGACY_EVENT_TITLE = '开学季 AI 挑战周 · AI Challenge Week';

export const DEMO_EVENT = {
  title: '开学季 AI 挑战周',
  body: '## 欢迎参加开学季 AI 挑战周！\n\n- 输入兑换码 **AILAB2026** 领取 50 积分（每个账号一次）\n- 每天签到再得 5 积分\n- 用积分体验 AI 实验，把你最满意的作品分享给同学',
  en: {
    title: 'AI Challenge Week',
    body: '## Welcome to AI Challenge Week!\n\n- Enter the redeem code **AILAB2026** for 50 points (once per account)\n- Check in every day for 5 more points\n- Spend your points in the AI labs and share your best work with your classmates',
  },
};

/** A demo event running for 30 days from the first start: a redeem code and a daily check-in bonus. */
export async function seedDemoEvent(db: Db, secret: string, now = new Date()): Promise<string | null> {
  const demoText = { title: DEMO_EVENT.title, body: DEMO_EVENT.body, translations: { en: DEMO_EVENT.en } };
  const [row] = await db.select({ n: count() }).from(events);
  if ((row?.n ?? 0) > 0) {
    // An install seeded by the older demo: its event gets the two languages apart.
    await db
      .update(events)
      .set({ ...demoText, seedKey: DEMO_EVENT_KEY })
      .where(and(eq(events.title, LEGACY_EVENT_TITLE), isNull(events.seedKey), isNull(events.translations)));
    return null;
  }
  const code = 'AILAB2026';
  await db
    .insert(events)
    .values({
      ...eventValues(
        {
          title: DEMO_EVENT.title,
          body: DEMO_EVENT.body,
          startsAt: now.toISOString(),
          endsAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
          redeemCode: code,
          redeemCredits: 50,
          checkinCredits: 5,
        },
        secret,
      ),
      translations: demoText.translations,
      seedKey: DEMO_EVENT_KEY,
    })
    .onConflictDoNothing({ target: events.seedKey });
  return code;
}
