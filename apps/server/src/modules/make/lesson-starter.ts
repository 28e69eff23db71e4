/**
 * The studio project a running lesson hands out (issue 26, docs/make-studio.md "Lessons and the live view").
 * The class, the lesson and the starter all come from the session's user: the student's classes' running
 * lesson, never an id the client sends. Opening it makes the student's own copy once per lesson (a normal
 * project, counted in their 50); opening again answers that same copy.
 */
import {
  makeStarterById,
  type Language,
  type MakeLessonStarter,
  type MakeLessonStarterOpened,
} from '@ai-edu/contract';
import { classLessons, classStudents, makeProjects, users, type Db } from '@ai-edu/db';
import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { effectiveVip, type User } from '../users/accounts.ts';
import { lessonStarterOf, type LessonRow } from '../lessons/service.ts';
import { insertProject, toSummary } from './service.ts';

type Runner = Pick<Db, 'select'>;

const noStarter = () => new AppError('makeNoLessonStarter', 404);

/** The lesson running now in one of the student's classes (the latest started), if it hands out a project. */
async function runningLessonWithStarter(db: Runner, userId: string, now: Date): Promise<LessonRow | null> {
  const [row] = await db
    .select({ lesson: classLessons })
    .from(classLessons)
    .innerJoin(classStudents, eq(classStudents.classId, classLessons.classId))
    .where(
      and(
        eq(classStudents.userId, userId),
        lte(classLessons.startsAt, now),
        gt(classLessons.endsAt, now),
        isNull(classLessons.endedAt),
      ),
    )
    .orderBy(desc(classLessons.startsAt))
    .limit(1);
  return row && lessonStarterOf(row.lesson) ? row.lesson : null;
}

/** The copy's name and workspace (a catalogue starter's in the student's language). */
function starterContent(lesson: LessonRow, language: Language): { name: string; workspace: string } {
  if (lesson.starterId) {
    const starter = makeStarterById(lesson.starterId);
    if (!starter) throw noStarter();
    return { name: starter.name[language], workspace: JSON.stringify(starter.workspace[language]) };
  }
  if (lesson.starterName === null || lesson.starterWorkspace === null) throw noStarter();
  return { name: lesson.starterName, workspace: lesson.starterWorkspace };
}

async function copyOf(db: Runner, ownerId: string, lessonId: string) {
  const [row] = await db
    .select()
    .from(makeProjects)
    .where(and(eq(makeProjects.ownerId, ownerId), eq(makeProjects.lessonId, lessonId)));
  return row;
}

/** Staff (vip 2) run lessons; only students get a lesson's project. */
function assertStudent(user: User, now: Date): void {
  if (effectiveVip(user, now) === 2) throw new AppError('forbidden', 403);
}

/** What the student's running lesson hands out, and their copy if they opened it; null when nothing. */
export async function lessonStarterFor(
  db: Db,
  user: User,
  language: Language,
  now: Date,
): Promise<MakeLessonStarter | null> {
  if (effectiveVip(user, now) === 2) return null;
  const lesson = await runningLessonWithStarter(db, user.id, now);
  if (!lesson) return null;
  const copy = await copyOf(db, user.id, lesson.id);
  return {
    lessonId: lesson.id,
    name: lessonStarterOf(lesson)?.name[language] ?? '',
    projectId: copy?.id ?? null,
  };
}

/**
 * The student's copy of their running lesson's project: made in one transaction the first time (the owner's
 * row locked, so two clicks at once make one copy; the unique index on owner and lesson holds it too), the
 * same project every time after. 404 when the student's class runs no lesson with a project, 403 for staff.
 */
export async function openLessonStarter(
  db: Db,
  user: User,
  language: Language,
  now: Date,
): Promise<MakeLessonStarterOpened> {
  assertStudent(user, now);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const lesson = await runningLessonWithStarter(tx, user.id, now);
    if (!lesson) throw noStarter();
    const existing = await copyOf(tx, user.id, lesson.id);
    if (existing) return { project: toSummary(existing), created: false };
    const { name, workspace } = starterContent(lesson, language);
    const version = { workspace, bytes: new TextEncoder().encode(workspace).length };
    const row = await insertProject(tx, user.id, name, version, now);
    const [tagged] = await tx
      .update(makeProjects)
      .set({ lessonId: lesson.id })
      .where(eq(makeProjects.id, row.id))
      .returning();
    return { project: toSummary(tagged ?? row), created: true };
  });
}
