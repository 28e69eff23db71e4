/**
 * Classes: a school (campus account, vip 2) and the teachers it makes look after classes and the student
 * accounts in them. Every class is owned by its school; a teacher reaches only the classes assigned to it
 * (access.ts decides who may); students see none of it.
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
  classTeachers,
  classes,
  courseProgress,
  courseSessions,
  courses,
  eduLogs,
  experienceLogs,
  schoolTeachers,
  users,
  type Db,
} from '@ai-edu/db';
import { and, asc, count, desc, eq, inArray, max, ne, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, temporaryPassword } from '../../lib/passwords.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { closeClassBudget } from '../class-budgets/service.ts';
import { keepClassHistory } from '../credits/class-credits.ts';
import type { User } from '../users/accounts.ts';
import type { ClassRow, Staff } from './access.ts';

export type { ClassRow } from './access.ts';

/** The classes this staff member looks after (all of the school's for the school), newest first. */
export async function listClasses(db: Db, staff: Staff): Promise<ClassSummary[]> {
  const mine: SQL =
    staff.kind === 'school'
      ? eq(classes.ownerId, staff.schoolId)
      : and(
          eq(classes.ownerId, staff.schoolId),
          inArray(
            classes.id,
            db
              .select({ id: classTeachers.classId })
              .from(classTeachers)
              .where(eq(classTeachers.teacherId, staff.user.id)),
          ),
        )!;
  const rows = await db
    .select({ row: classes, students: count(classStudents.userId) })
    .from(classes)
    .leftJoin(classStudents, eq(classStudents.classId, classes.id))
    .where(mine)
    .groupBy(classes.id)
    .orderBy(desc(classes.createdAt));
  const teachers = await teachersOfClasses(
    db,
    rows.map((r) => r.row.id),
  );
  return rows.map(({ row, students }) => toSummary(row, students, teachers.get(row.id) ?? []));
}

export function toSummary(row: ClassRow, students: number, teachers: ClassSummary['teachers']): ClassSummary {
  return {
    id: row.id,
    name: row.name,
    schoolCode: row.schoolCode,
    students,
    createdAt: row.createdAt.toISOString(),
    teachers,
  };
}

/** Each class's teachers by name, in the order they were assigned. */
export async function teachersOfClasses(
  db: Db,
  classIds: string[],
): Promise<Map<string, ClassSummary['teachers']>> {
  const byClass = new Map<string, ClassSummary['teachers']>();
  if (!classIds.length) return byClass;
  const rows = await db
    .select({ classId: classTeachers.classId, userId: classTeachers.teacherId, name: schoolTeachers.name })
    .from(classTeachers)
    .innerJoin(schoolTeachers, eq(schoolTeachers.userId, classTeachers.teacherId))
    .where(inArray(classTeachers.classId, classIds))
    .orderBy(asc(classTeachers.createdAt), asc(schoolTeachers.name));
  for (const { classId, userId, name } of rows) {
    byClass.set(classId, [...(byClass.get(classId) ?? []), { userId, name }]);
  }
  return byClass;
}

/**
 * A new class, owned by the staff member's school; a teacher who makes one is assigned to it at once.
 * The school code must be free (see assertSchoolCodeFree), judged for the school, never the teacher.
 */
export async function createClass(
  db: Db,
  staff: Staff,
  input: { name: string; schoolCode: string },
  now: Date,
): Promise<ClassSummary> {
  await assertSchoolCodeFree(db, staff.school, input.schoolCode);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(classes)
      .values({ ...input, ownerId: staff.schoolId, createdAt: now })
      .returning();
    if (staff.kind === 'teacher') {
      await tx
        .insert(classTeachers)
        .values({ classId: created!.id, teacherId: staff.user.id, createdAt: now });
    }
    return created!;
  });
  return toSummary(row, 0, staff.kind === 'teacher' ? [{ userId: staff.user.id, name: staff.name }] : []);
}

/** A school code stays with one school: another school's staff cannot make accounts under it. */
export async function assertSchoolCodeFree(db: Db, school: User, schoolCode: string): Promise<void> {
  const [other] = await db
    .select({ ownerId: classes.ownerId, company: users.companyName })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.ownerId))
    .where(and(eq(classes.schoolCode, schoolCode), ne(classes.ownerId, school.id)))
    .limit(1);
  if (other && (!school.companyName || other.company !== school.companyName)) {
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
 * created and the clashes are named. Students get vip 1, their school's name and a generated password.
 */
export async function createStudents(
  db: Db,
  school: User,
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
          companyName: school.companyName,
          companyAuth: school.companyName ? 1 : 0,
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

/** A new generated password for the student, answered once; the student's open sessions end. */
export async function resetStudentPassword<T extends { userId: string }>(
  db: Db,
  student: T,
  now: Date,
): Promise<T & { password: string }> {
  const password = temporaryPassword();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(passwordDigest(password)), updatedAt: now })
    .where(eq(users.id, student.userId));
  await revokeAllSessions(db, student.userId, now);
  return { ...student, password };
}

/** Removes the student's account: it was made for this class and belongs to no one else. */
export async function removeStudent(db: Db, klass: ClassRow, student: { userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await keepClassHistory(tx, student.userId, klass.ownerId);
    await tx.delete(users).where(eq(users.id, student.userId));
  });
}

/**
 * Deletes the class with its students' accounts (made for it alone); its teachers keep their accounts. Its
 * credit budget is closed first, outside the delete's transaction, so what is left goes back to the school.
 */
export async function deleteClass(db: Db, klass: ClassRow, actorId: string, now: Date): Promise<void> {
  await closeClassBudget(db, klass.id, actorId, now);
  const students = await classStudentsOf(db, klass.id);
  await db.transaction(async (tx) => {
    for (const s of students) {
      await keepClassHistory(tx, s.userId, klass.ownerId);
      await tx.delete(users).where(eq(users.id, s.userId));
    }
    await tx.delete(classes).where(eq(classes.id, klass.id));
  });
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
