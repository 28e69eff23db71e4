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
  type SuggestedLogin,
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
import { and, asc, count, desc, eq, inArray, like, max, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { readablePassword } from '../../lib/readable-password.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { closeClassBudget } from '../class-budgets/service.ts';
import { keepClassHistory } from '../credits/class-credits.ts';
import type { User } from '../users/accounts.ts';
import type { ClassRow, Staff } from './access.ts';
import { schoolCodeOf, settleSchoolCode } from './school-code.ts';
import { suggestLogins } from './student-logins.ts';

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
 * A new class, owned by the staff member's school; a teacher who makes one is assigned to it at once. Its
 * logins end in the school's code (school-code.ts): a code given must be that one, or becomes it while the
 * school has none.
 */
export async function createClass(
  db: Db,
  staff: Staff,
  input: { name: string; schoolCode?: string | undefined },
  now: Date,
): Promise<ClassSummary> {
  const schoolCode = await settleSchoolCode(db, staff.school, input.schoolCode, now);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(classes)
      .values({ name: input.name, schoolCode, ownerId: staff.schoolId, createdAt: now })
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

/** The logins (before the at-sign) already taken under the school's code. */
async function loginsTaken(db: Db, schoolCode: string): Promise<Set<string>> {
  const suffix = `@${schoolCode}`;
  const rows = await db
    .select({ account: users.account })
    .from(users)
    .where(like(users.account, `%${suffix.replace(/[\\%_]/g, '\\$&')}`));
  return new Set(rows.map((r) => r.account.slice(0, -suffix.length)));
}

/** The logins the school's code would give these names now: romanised, numbered when taken. */
export async function suggestStudentLogins(db: Db, school: User, names: string[]): Promise<SuggestedLogin[]> {
  const schoolCode = await schoolCodeOf(db, school.id);
  if (!schoolCode) throw new AppError('schoolCodeNeeded', 400);
  const logins = suggestLogins(names, await loginsTaken(db, schoolCode));
  return names.map((name, i) => ({ name, login: logins[i]!, account: `${logins[i]}@${schoolCode}` }));
}

/**
 * Makes one account per student, `login@schoolCode` (the school's code), all or none: a login the teacher
 * typed is used as it is, and if any such account exists already nothing is created and the clashes are
 * named; a login left out is made from the name (student-logins.ts). Display names stay as typed. Students get
 * vip 1, their school's name and a password a child can type (readable-password.ts).
 */
export async function createStudents(
  db: Db,
  school: User,
  klass: ClassRow,
  students: { name: string; login?: string | undefined }[],
  now: Date,
): Promise<CreatedStudent[]> {
  const schoolCode = (await schoolCodeOf(db, school.id)) ?? klass.schoolCode;
  const taken = await loginsTaken(db, schoolCode);
  const typed = students.flatMap((s) => (s.login ? [s.login] : []));
  const clashes = typed.filter((login) => taken.has(login));
  if (clashes.length) {
    throw new AppError('accountsExist', 409, -1, {}, clashes.map((l) => `${l}@${schoolCode}`).join(', '));
  }
  const untyped = students.filter((s) => !s.login);
  const made = suggestLogins(
    untyped.map((s) => s.name),
    new Set([...taken, ...typed]),
  );
  const planned = students.map((s) => ({
    displayName: s.name,
    account: `${s.login ?? made[untyped.indexOf(s)]}@${schoolCode}`,
    password: readablePassword(),
  }));
  const hashes = await Promise.all(planned.map((p) => hashPassword(passwordDigest(p.password))));
  try {
    return await db.transaction(async (tx) => {
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
  } catch (error) {
    // Another request took one of the logins meanwhile: the unique index lets one in, this one hears it.
    if (isUniqueViolation(error)) throw new AppError('accountsExist', 409, -1, {}, '');
    throw error;
  }
}

/**
 * Gives the student another login under the school's code (the teacher edits what was made from the name);
 * 409 when it is taken. The password and sessions stay.
 */
export async function renameStudent<T extends { userId: string; account: string }>(
  db: Db,
  school: User,
  student: T,
  login: string,
  now: Date,
): Promise<T> {
  const schoolCode = (await schoolCodeOf(db, school.id)) ?? student.account.split('@')[1]!;
  const account = `${login}@${schoolCode}`;
  if (account === student.account) return student;
  const exists = () => new AppError('accountsExist', 409, -1, {}, account);
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.account, account));
  if (other) throw exists();
  try {
    await db.update(users).set({ account, updatedAt: now }).where(eq(users.id, student.userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
  return { ...student, account };
}

/** A unique index refused the row (PostgreSQL's 23505, wherever the driver wraps it). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
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

/** A new password a child can type, answered once; the student's open sessions end. */
export async function resetStudentPassword<T extends { userId: string }>(
  db: Db,
  student: T,
  now: Date,
): Promise<T & { password: string }> {
  const password = readablePassword();
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
