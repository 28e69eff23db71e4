/**
 * Classes: a teacher (campus account, vip 2) makes classes and student accounts for them. Every read and
 * write is scoped to the teacher who owns the class; students see none of it.
 */
import {
  ACCOUNT_TYPE_STUDENT,
  labOfPath,
  passwordDigest,
  type ClassStudent,
  type ClassSummary,
  type CreatedStudent,
} from '@ai-edu/contract';
import {
  classStudents,
  classes,
  courseProgress,
  courseSessions,
  courses,
  eduLogs,
  experienceLogs,
  users,
  type Db,
} from '@ai-edu/db';
import { and, count, desc, eq, inArray, max, ne } from 'drizzle-orm';
import { AppError, forbidden } from '../../lib/errors.ts';
import { hashPassword, temporaryPassword } from '../../lib/passwords.ts';
import { effectiveVip, type User } from '../users/accounts.ts';

export type ClassRow = typeof classes.$inferSelect;

export function requireTeacher(user: User, now: Date): void {
  if (effectiveVip(user, now) !== 2) throw new AppError('notTeacher', 403);
}

export async function ownedClass(db: Db, teacher: User, id: string): Promise<ClassRow> {
  const [row] = await db.select().from(classes).where(eq(classes.id, id));
  if (!row) throw new AppError('notFound', 404);
  if (row.ownerId !== teacher.id) throw forbidden();
  return row;
}

export async function listClasses(db: Db, teacher: User): Promise<ClassSummary[]> {
  const rows = await db
    .select({ row: classes, students: count(classStudents.userId) })
    .from(classes)
    .leftJoin(classStudents, eq(classStudents.classId, classes.id))
    .where(eq(classes.ownerId, teacher.id))
    .groupBy(classes.id)
    .orderBy(desc(classes.createdAt));
  return rows.map(({ row, students }) => ({
    id: row.id,
    name: row.name,
    schoolCode: row.schoolCode,
    students,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A school code stays with one school: another school's teachers cannot make accounts under it. */
export async function assertSchoolCodeFree(db: Db, teacher: User, schoolCode: string): Promise<void> {
  const [other] = await db
    .select({ ownerId: classes.ownerId, company: users.companyName })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.ownerId))
    .where(and(eq(classes.schoolCode, schoolCode), ne(classes.ownerId, teacher.id)))
    .limit(1);
  if (other && (!teacher.companyName || other.company !== teacher.companyName)) {
    throw new AppError('schoolCodeTaken', 409);
  }
}

export async function classStudentsOf(db: Db, classId: string): Promise<ClassStudent[]> {
  const rows = await db
    .select({ userId: users.id, account: users.account, displayName: classStudents.displayName })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.userId))
    .where(eq(classStudents.classId, classId))
    .orderBy(classStudents.createdAt, users.account);
  const ids = rows.map((r) => r.userId);
  const last = ids.length
    ? await db
        .select({ userId: experienceLogs.userId, at: max(experienceLogs.createdAt) })
        .from(experienceLogs)
        .where(inArray(experienceLogs.userId, ids))
        .groupBy(experienceLogs.userId)
    : [];
  const lastOf = new Map(last.map((r) => [r.userId, r.at]));
  return rows.map((r) => ({ ...r, lastActiveAt: lastOf.get(r.userId)?.toISOString() ?? null }));
}

/**
 * Makes one account per name, `name@schoolCode`, all or none: if any account exists already nothing is
 * created and the clashes are named. Students get vip 1, the teacher's school and a generated password.
 */
export async function createStudents(
  db: Db,
  teacher: User,
  klass: ClassRow,
  names: string[],
  now: Date,
): Promise<CreatedStudent[]> {
  const planned = names.map((name) => ({
    displayName: name,
    account: `${name.toLowerCase()}@${klass.schoolCode}`,
    password: temporaryPassword(),
  }));
  const clashes = await db
    .select({ account: users.account })
    .from(users)
    .where(
      inArray(
        users.account,
        planned.map((p) => p.account),
      ),
    );
  if (clashes.length) {
    throw new AppError('accountsExist', 409, -1, {}, clashes.map((c) => c.account).join(', '));
  }
  const hashes = await Promise.all(planned.map((p) => hashPassword(passwordDigest(p.password))));
  return db.transaction(async (tx) => {
    const created: CreatedStudent[] = [];
    for (const [i, p] of planned.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          account: p.account,
          passwordHash: hashes[i],
          vip: 1,
          accountType: ACCOUNT_TYPE_STUDENT,
          companyName: teacher.companyName,
          companyAuth: teacher.companyName ? 1 : 0,
          createdAt: now,
        })
        .returning({ id: users.id });
      await tx
        .insert(classStudents)
        .values({ classId: klass.id, userId: user!.id, displayName: p.displayName, createdAt: now });
      created.push({
        userId: user!.id,
        account: p.account,
        displayName: p.displayName,
        password: p.password,
      });
    }
    return created;
  });
}

export async function studentOfClass(db: Db, klass: ClassRow, userId: string) {
  const [row] = await db
    .select({ userId: classStudents.userId, account: users.account, displayName: classStudents.displayName })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.userId))
    .where(and(eq(classStudents.classId, klass.id), eq(classStudents.userId, userId)));
  if (!row) throw new AppError('notFound', 404);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Each student's recent lab visits (experience log), recent course activity (edu log: courses and files
 * opened) and course progress, and the class's most-used labs.
 */
export async function classDashboard(db: Db, klass: ClassRow) {
  const students = await classStudentsOf(db, klass.id);
  const ids = students.map((s) => s.userId);
  if (ids.length === 0) return { students: [], topLabs: [] };
  const visits = await db
    .select({ userId: experienceLogs.userId, path: experienceLogs.path, at: experienceLogs.createdAt })
    .from(experienceLogs)
    .where(and(inArray(experienceLogs.userId, ids), eq(experienceLogs.type, 0)))
    .orderBy(desc(experienceLogs.createdAt), desc(experienceLogs.id))
    .limit(2000);
  const progress = await db
    .select({ userId: courseProgress.userId, courseId: courseProgress.courseId, done: count() })
    .from(courseProgress)
    .where(inArray(courseProgress.userId, ids))
    .groupBy(courseProgress.userId, courseProgress.courseId);
  const courseVisits = await db
    .select({
      userId: eduLogs.userId,
      courseId: eduLogs.courseId,
      filename: eduLogs.filename,
      at: eduLogs.createdAt,
    })
    .from(eduLogs)
    .where(inArray(eduLogs.userId, ids))
    .orderBy(desc(eduLogs.createdAt), desc(eduLogs.id))
    .limit(2000);
  // Log rows carry the course id as the client sent it: only well-formed ids are looked up.
  const courseIds = [
    ...new Set([
      ...progress.map((p) => p.courseId),
      ...courseVisits.flatMap((v) => (v.courseId && UUID.test(v.courseId) ? [v.courseId] : [])),
    ]),
  ];
  const courseInfo = courseIds.length
    ? await db
        .select({
          id: courses.id,
          title: courses.title,
          translations: courses.translations,
          total: count(courseSessions.id),
        })
        .from(courses)
        .leftJoin(courseSessions, eq(courseSessions.courseId, courses.id))
        .where(inArray(courses.id, courseIds))
        .groupBy(courses.id)
    : [];
  const courseOf = new Map(courseInfo.map((c) => [c.id, c]));
  const labCounts = new Map<string, number>();
  for (const v of visits) {
    const lab = labOfPath(v.path);
    if (lab) labCounts.set(lab, (labCounts.get(lab) ?? 0) + 1);
  }
  return {
    students: students.map((s) => ({
      ...s,
      recentLabs: visits
        .filter((v) => v.userId === s.userId)
        .map((v) => ({ lab: labOfPath(v.path) ?? null, path: v.path, at: v.at.toISOString() }))
        .slice(0, 5),
      recentCourses: courseVisits
        .filter((v) => v.userId === s.userId)
        .slice(0, 5)
        .map((v) => ({
          courseId: v.courseId,
          title: (v.courseId && courseOf.get(v.courseId)?.title) || null,
          // The seeded courses' other-language titles: the page shows the viewer's language.
          translations: (v.courseId && courseOf.get(v.courseId)?.translations) || null,
          filename: v.filename,
          at: v.at.toISOString(),
        })),
      courses: progress
        .filter((p) => p.userId === s.userId)
        .map((p) => ({
          courseId: p.courseId,
          title: courseOf.get(p.courseId)?.title ?? '',
          translations: courseOf.get(p.courseId)?.translations ?? null,
          completed: p.done,
          total: courseOf.get(p.courseId)?.total ?? 0,
        })),
    })),
    topLabs: [...labCounts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([lab, visitCount]) => ({ lab, visits: visitCount })),
  };
}
