/** Lesson mode (issue 16): the labs a teacher opened for a class for a time window. */
import {
  makeStarterById,
  type LabSlug,
  type Lesson,
  type LessonInput,
  type LessonStarter,
  type LessonStarterInput,
} from '@ai-edu/contract';
import { classes, classLessons, makeProjects, schoolTeachers, users, type Db } from '@ai-edu/db';
import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { schoolNameOf, type ClassRow, type Staff } from '../classes/access.ts';

export type LessonRow = typeof classLessons.$inferSelect;

/** What the lesson hands out, as students and the teacher see it (null when nothing, or a starter since removed). */
export function lessonStarterOf(lesson: LessonRow): LessonStarter | null {
  if (lesson.starterId) {
    const starter = makeStarterById(lesson.starterId);
    return starter ? { kind: 'catalogue', name: starter.name } : null;
  }
  if (lesson.starterName !== null && lesson.starterWorkspace !== null) {
    return { kind: 'project', name: { en: lesson.starterName, 'zh-CN': lesson.starterName } };
  }
  return null;
}

const toLesson = (lesson: LessonRow, openedBy: string): Lesson => ({
  id: lesson.id,
  classId: lesson.classId,
  labs: lesson.labs as LabSlug[],
  lockOthers: lesson.lockOthers === 1,
  startsAt: lesson.startsAt.toISOString(),
  endsAt: lesson.endsAt.toISOString(),
  openedBy,
  starter: lessonStarterOf(lesson),
});

/**
 * The lesson's columns for the project it hands out: a catalogue starter by id (400 for an unknown one), or a
 * copy of the teacher's own project as it is now (404 for anyone else's: the owner is the session's user).
 */
async function starterColumns(
  tx: Pick<Db, 'select'>,
  ownerId: string,
  starter: LessonStarterInput | null | undefined,
): Promise<Pick<LessonRow, 'starterId' | 'starterName' | 'starterWorkspace'>> {
  const none = { starterId: null, starterName: null, starterWorkspace: null };
  if (!starter) return none;
  if (starter.kind === 'catalogue') {
    if (!makeStarterById(starter.id)) throw new AppError('makeUnknownStarter', 400);
    return { ...none, starterId: starter.id };
  }
  const [project] = await tx
    .select({ name: makeProjects.name, workspace: makeProjects.workspace })
    .from(makeProjects)
    .where(and(eq(makeProjects.id, starter.id), eq(makeProjects.ownerId, ownerId)));
  if (!project) throw new AppError('notFound', 404);
  return { ...none, starterName: project.name, starterWorkspace: project.workspace };
}

/** Lessons of the class that are running at `now` (started, not ended, before their end). */
export const runningIn = (classId: string, now: Date) =>
  and(
    eq(classLessons.classId, classId),
    lte(classLessons.startsAt, now),
    gt(classLessons.endsAt, now),
    isNull(classLessons.endedAt),
  );

/** The lesson running in a class now (started, not ended, before its end), or null. */
export async function activeLessonFor(db: Db, classId: string, now: Date): Promise<Lesson | null> {
  const [row] = await db
    .select({
      lesson: classLessons,
      teacherName: schoolTeachers.name,
      companyName: users.companyName,
      account: users.account,
    })
    .from(classLessons)
    .leftJoin(users, eq(users.id, classLessons.createdBy))
    .leftJoin(schoolTeachers, eq(schoolTeachers.userId, classLessons.createdBy))
    .where(runningIn(classId, now))
    .orderBy(desc(classLessons.startsAt))
    .limit(1);
  if (!row) return null;
  return toLesson(
    row.lesson,
    row.teacherName ??
      (row.account ? schoolNameOf({ companyName: row.companyName ?? '', account: row.account }) : ''),
  );
}

/**
 * Starts a lesson now for `minutes`, ending any lesson still running in the class first: a class has one
 * running lesson at a time. The class row is locked meanwhile, so two teachers starting lessons at once
 * leave one running, not two.
 */
export async function startLesson(
  db: Db,
  staff: Staff,
  klass: ClassRow,
  input: LessonInput,
  now: Date,
): Promise<Lesson> {
  const row = await db.transaction(async (tx) => {
    const starter = await starterColumns(tx, staff.user.id, input.starter);
    await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, klass.id)).for('update');
    await tx.update(classLessons).set({ endedAt: now }).where(runningIn(klass.id, now));
    const [created] = await tx
      .insert(classLessons)
      .values({
        classId: klass.id,
        labs: [...new Set(input.labs)],
        lockOthers: input.lockOthers ? 1 : 0,
        startsAt: now,
        endsAt: new Date(now.getTime() + input.minutes * 60_000),
        createdBy: staff.user.id,
        createdAt: now,
        ...starter,
      })
      .returning();
    return created!;
  });
  return toLesson(row, staff.name);
}

/** Ends the class's running lesson now (nothing to do when none runs). */
export async function endLesson(db: Db, klass: ClassRow, now: Date): Promise<void> {
  await db.update(classLessons).set({ endedAt: now }).where(runningIn(klass.id, now));
}
