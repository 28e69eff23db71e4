/**
 * Teacher accounts (issue 16): a school makes them, assigns them classes, resets their passwords and removes
 * them. A teacher is a users row (vip 2, ACCOUNT_TYPE_TEACHER, the school's authorization copied) plus a
 * `school_teachers` row naming its school; `class_teachers` says which classes it looks after. Another
 * school's teacher is answered as if it did not exist (404).
 */
import {
  ACCOUNT_TYPE_TEACHER,
  passwordDigest,
  type CreatedTeacher,
  type TeacherSummary,
  type teacherInputSchema,
} from '@ai-edu/contract';
import { classes, classTeachers, experienceLogs, schoolTeachers, users, type Db } from '@ai-edu/db';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, temporaryPassword } from '../../lib/passwords.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { keepClassHistory } from '../credits/class-credits.ts';
import { findUserByAccount, type User } from '../users/accounts.ts';
import type { Staff } from './access.ts';
import { settleSchoolCode } from './school-code.ts';

export type SchoolStaff = Staff & { kind: 'school' };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The school's teachers, oldest first, each with its classes and when it last used a lab. */
export async function listTeachers(db: Db, schoolId: string): Promise<TeacherSummary[]> {
  const rows = await db
    .select({
      userId: schoolTeachers.userId,
      name: schoolTeachers.name,
      account: users.account,
      createdAt: schoolTeachers.createdAt,
    })
    .from(schoolTeachers)
    .innerJoin(users, eq(users.id, schoolTeachers.userId))
    .where(eq(schoolTeachers.schoolId, schoolId))
    .orderBy(asc(schoolTeachers.createdAt), asc(users.account));
  return summaries(db, rows);
}

/** One teacher of this school, or 404 (also for another school's teacher: its existence stays private). */
export async function teacherOfSchool(db: Db, schoolId: string, userId: string): Promise<TeacherSummary> {
  const rows = await db
    .select({
      userId: schoolTeachers.userId,
      name: schoolTeachers.name,
      account: users.account,
      createdAt: schoolTeachers.createdAt,
    })
    .from(schoolTeachers)
    .innerJoin(users, eq(users.id, schoolTeachers.userId))
    .where(and(eq(schoolTeachers.userId, userId), eq(schoolTeachers.schoolId, schoolId)));
  const [found] = await summaries(db, rows);
  if (!found) throw new AppError('notFound', 404);
  return found;
}

async function summaries(
  db: Db,
  rows: { userId: string; name: string; account: string; createdAt: Date }[],
): Promise<TeacherSummary[]> {
  const ids = rows.map((r) => r.userId);
  if (!ids.length) return [];
  const [assigned, last] = await Promise.all([
    db
      .select({ teacherId: classTeachers.teacherId, classId: classTeachers.classId })
      .from(classTeachers)
      .where(inArray(classTeachers.teacherId, ids))
      .orderBy(asc(classTeachers.createdAt)),
    db
      .select({ userId: experienceLogs.userId, at: max(experienceLogs.createdAt) })
      .from(experienceLogs)
      .where(inArray(experienceLogs.userId, ids))
      .groupBy(experienceLogs.userId),
  ]);
  const lastOf = new Map(last.map((r) => [r.userId, r.at]));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    account: r.account,
    classIds: assigned.filter((a) => a.teacherId === r.userId).map((a) => a.classId),
    createdAt: r.createdAt.toISOString(),
    lastActiveAt: lastOf.get(r.userId)?.toISOString() ?? null,
  }));
}

/** Every id must be a class of this school: 404 for one that does not exist, 403 for another school's. */
export async function assertSchoolClasses(db: Db, schoolId: string, classIds: string[]): Promise<string[]> {
  const unique = [...new Set(classIds)];
  if (!unique.length) return [];
  const found = await db
    .select({ id: classes.id, ownerId: classes.ownerId })
    .from(classes)
    .where(inArray(classes.id, unique));
  if (found.length !== unique.length) throw new AppError('notFound', 404);
  if (found.some((c) => c.ownerId !== schoolId)) throw new AppError('forbidden', 403);
  return unique;
}

async function assign(tx: Tx, teacherId: string, classIds: string[], now: Date) {
  if (!classIds.length) return;
  await tx
    .insert(classTeachers)
    .values(classIds.map((classId) => ({ classId, teacherId, createdAt: now })))
    .onConflictDoNothing();
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Makes the teacher's account, its school row and its class assignments in one transaction: all or nothing.
 * The password is the digest the form sent, or one the server makes and answers once. The login's code (after
 * the @) is the school's own (school-code.ts): never another school's.
 */
export async function createTeacher(
  db: Db,
  staff: SchoolStaff,
  input: z.output<typeof teacherInputSchema>,
  now: Date,
): Promise<CreatedTeacher> {
  const classIds = await assertSchoolClasses(db, staff.schoolId, input.classIds);
  // The login's code is the school's (set once): given here while the school has none, it becomes it.
  await settleSchoolCode(db, staff.school, input.account.slice(input.account.indexOf('@') + 1), now);
  const exists = () => new AppError('accountsExist', 409, -1, {}, input.account);
  if (await findUserByAccount(db, input.account)) throw exists();
  const password = input.password ? undefined : temporaryPassword();
  const passwordHash = await hashPassword(input.password ?? passwordDigest(password!));
  let userId: string;
  try {
    userId = await insertTeacher(db, staff.school, { ...input, classIds, passwordHash }, now);
  } catch (error) {
    // Two schools racing for one login: the unique index lets one in, the other hears it exists.
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
  const created = await teacherOfSchool(db, staff.schoolId, userId);
  return password ? { ...created, password } : created;
}

/**
 * The teacher's rows, in one transaction: its account (vip 2 with the school's name and authorization), its
 * school and its classes. No checks: callers have made them (createTeacher; the demo seed).
 */
export async function insertTeacher(
  db: Db,
  school: User,
  teacher: { account: string; name: string; passwordHash: string; classIds: string[] },
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        account: teacher.account,
        passwordHash: teacher.passwordHash,
        vip: 2,
        accountType: ACCOUNT_TYPE_TEACHER,
        companyName: school.companyName,
        companyAuth: school.companyAuth,
        validUntil: school.validUntil,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    await tx
      .insert(schoolTeachers)
      .values({ userId: user!.id, schoolId: school.id, name: teacher.name, createdAt: now });
    await assign(tx, user!.id, teacher.classIds, now);
    return user!.id;
  });
}

/**
 * Copies the school's name and authorization end to its teachers, whose accounts carry a copy made when they
 * were created: call it wherever a school's authorization changes (an admin renewing it), or its teachers
 * would lapse on the old date. Answers how many teacher accounts it updated.
 */
export async function syncTeachersWithSchool(db: Db, school: User, now: Date): Promise<number> {
  const updated = await db
    .update(users)
    .set({
      validUntil: school.validUntil,
      companyName: school.companyName,
      companyAuth: school.companyAuth,
      updatedAt: now,
    })
    .where(
      inArray(
        users.id,
        db
          .select({ id: schoolTeachers.userId })
          .from(schoolTeachers)
          .where(eq(schoolTeachers.schoolId, school.id)),
      ),
    )
    .returning({ id: users.id });
  return updated.length;
}

/** Replaces the teacher's classes with exactly these (each a class of the school). */
export async function setTeacherClasses(
  db: Db,
  schoolId: string,
  teacherId: string,
  classIds: string[],
  now: Date,
): Promise<TeacherSummary> {
  await teacherOfSchool(db, schoolId, teacherId);
  const wanted = await assertSchoolClasses(db, schoolId, classIds);
  await db.transaction(async (tx) => {
    await tx.delete(classTeachers).where(eq(classTeachers.teacherId, teacherId));
    await assign(tx, teacherId, wanted, now);
  });
  return teacherOfSchool(db, schoolId, teacherId);
}

/** A new generated password, answered once; the teacher's open sessions end (as a student's reset does). */
export async function resetTeacherPassword(
  db: Db,
  schoolId: string,
  teacherId: string,
  now: Date,
): Promise<CreatedTeacher> {
  const teacher = await teacherOfSchool(db, schoolId, teacherId);
  const password = temporaryPassword();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(passwordDigest(password)), updatedAt: now })
    .where(eq(users.id, teacherId));
  await revokeAllSessions(db, teacherId, now);
  return { ...teacher, password };
}

/** Removes the teacher's account (its assignments go with it; the classes stay with the school). */
export async function deleteTeacher(db: Db, schoolId: string, teacherId: string): Promise<void> {
  await teacherOfSchool(db, schoolId, teacherId);
  await db.transaction(async (tx) => {
    await keepClassHistory(tx, teacherId, schoolId);
    await tx.delete(users).where(eq(users.id, teacherId));
  });
}
