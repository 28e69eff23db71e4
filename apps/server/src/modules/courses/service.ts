/** Courses: who may see and edit them, and how they are read with the caller's progress. */
import type { CourseDetail, CourseFile, CourseSummary, FeaturedCourse, FileKind } from '@ai-edu/contract';
import { courseFiles, courseProgress, courseSessions, courses, type Db } from '@ai-edu/db';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { signedLink } from '../../lib/signed-links.ts';
import { effectiveVip, type User } from '../users/accounts.ts';

export type CourseRow = typeof courses.$inferSelect;
type FileRow = typeof courseFiles.$inferSelect;

/** Schools (vip 2) and admins make courses; a course is edited by its owner or an admin. */
export function mayCreateCourses(user: User, now: Date): boolean {
  return user.role === 'admin' || effectiveVip(user, now) === 2;
}

export function mayEdit(user: User, course: CourseRow, now: Date): boolean {
  return user.role === 'admin' || (effectiveVip(user, now) === 2 && course.ownerId === user.id);
}

export function fileUrl(secret: string, fileId: string, now: Date): string {
  return signedLink(secret, 'course-file', '/api/files', fileId, now);
}

function toFile(row: FileRow, secret: string, now: Date): CourseFile {
  return {
    id: row.id,
    sessionId: row.sessionId,
    filename: row.filename,
    kind: row.kind as FileKind,
    mime: row.mime,
    size: row.size,
    url: fileUrl(secret, row.id, now),
  };
}

export async function findCourse(db: Db, id: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row;
}

export async function listCourses(db: Db, user: User, secret: string, now: Date): Promise<CourseSummary[]> {
  const rows = await db.select().from(courses).orderBy(asc(courses.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((c) => c.id);
  const sessionCounts = await db
    .select({ courseId: courseSessions.courseId, n: count() })
    .from(courseSessions)
    .where(inArray(courseSessions.courseId, ids))
    .groupBy(courseSessions.courseId);
  const done = await db
    .select({ courseId: courseProgress.courseId, n: count() })
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, user.id), inArray(courseProgress.courseId, ids)))
    .groupBy(courseProgress.courseId);
  const sessionsOf = new Map(sessionCounts.map((r) => [r.courseId, r.n]));
  const doneOf = new Map(done.map((r) => [r.courseId, r.n]));
  return rows.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    level: c.level as CourseSummary['level'],
    coverUrl: c.coverFileId ? fileUrl(secret, c.coverFileId, now) : null,
    sessions: sessionsOf.get(c.id) ?? 0,
    completed: doneOf.get(c.id) ?? 0,
    canEdit: mayEdit(user, c, now),
    translations: c.translations ?? null,
  }));
}

/** The first courses (oldest first, as the course list orders them), without anything per caller. */
export async function featuredCourses(db: Db, limit: number): Promise<FeaturedCourse[]> {
  const rows = await db.select().from(courses).orderBy(asc(courses.createdAt)).limit(limit);
  if (rows.length === 0) return [];
  const sessionCounts = await db
    .select({ courseId: courseSessions.courseId, n: count() })
    .from(courseSessions)
    .where(
      inArray(
        courseSessions.courseId,
        rows.map((c) => c.id),
      ),
    )
    .groupBy(courseSessions.courseId);
  const sessionsOf = new Map(sessionCounts.map((r) => [r.courseId, r.n]));
  return rows.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    level: c.level as FeaturedCourse['level'],
    sessions: sessionsOf.get(c.id) ?? 0,
    translations: c.translations ?? null,
  }));
}

export async function courseDetail(
  db: Db,
  course: CourseRow,
  user: User,
  secret: string,
  now: Date,
): Promise<CourseDetail> {
  const sessions = await db
    .select()
    .from(courseSessions)
    .where(eq(courseSessions.courseId, course.id))
    .orderBy(asc(courseSessions.position), asc(courseSessions.createdAt));
  const files = await db
    .select()
    .from(courseFiles)
    .where(eq(courseFiles.courseId, course.id))
    .orderBy(asc(courseFiles.createdAt));
  const completed = new Set(
    (
      await db
        .select({ sessionId: courseProgress.sessionId })
        .from(courseProgress)
        .where(and(eq(courseProgress.userId, user.id), eq(courseProgress.courseId, course.id)))
    ).map((r) => r.sessionId),
  );
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    level: course.level as CourseDetail['level'],
    coverUrl: course.coverFileId ? fileUrl(secret, course.coverFileId, now) : null,
    sessions: sessions.length,
    completed: sessions.filter((s) => completed.has(s.id)).length,
    canEdit: mayEdit(user, course, now),
    translations: course.translations ?? null,
    sessionList: sessions.map((s) => ({
      id: s.id,
      position: s.position,
      title: s.title,
      body: s.body,
      labs: s.labs,
      files: files.filter((f) => f.sessionId === s.id).map((f) => toFile(f, secret, now)),
      completed: completed.has(s.id),
      translations: s.translations ?? null,
    })),
  };
}

export async function nextPosition(db: Db, courseId: string): Promise<number> {
  const [last] = await db
    .select({ position: courseSessions.position })
    .from(courseSessions)
    .where(eq(courseSessions.courseId, courseId))
    .orderBy(desc(courseSessions.position))
    .limit(1);
  return (last?.position ?? 0) + 1;
}

export { toFile };
