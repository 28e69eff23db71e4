/**
 * Who may look after which class (issue 16). A school (vip 2 campus account) sees every class it owns; a
 * teacher account it made sees only the classes assigned to it, and only while the school's authorization
 * lasts. Everything in the class area asks here first: the client never says whose a class is.
 */
import { classes, classStudents, classTeachers, schoolTeachers, users, type Db } from '@ai-edu/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { effectiveVip, findUserById, type User } from '../users/accounts.ts';

export type ClassRow = typeof classes.$inferSelect;

export type Staff =
  | { kind: 'school'; user: User; schoolId: string; school: User; name: string }
  | { kind: 'teacher'; user: User; schoolId: string; school: User; name: string };

/** The school's name as students and teachers see it: its company name, else its account. */
export const schoolNameOf = (school: Pick<User, 'companyName' | 'account'>) =>
  school.companyName || school.account;

/**
 * The caller as class-area staff, or 403 `notTeacher`. A teacher counts only while its own account and its
 * school's are both at vip 2 (an expired school takes its teachers with it).
 */
export async function staffOf(db: Db, user: User, now: Date): Promise<Staff> {
  if (effectiveVip(user, now) !== 2) throw new AppError('notTeacher', 403);
  const [teacher] = await db.select().from(schoolTeachers).where(eq(schoolTeachers.userId, user.id));
  if (!teacher) return { kind: 'school', user, schoolId: user.id, school: user, name: schoolNameOf(user) };
  const school = await findUserById(db, teacher.schoolId);
  if (!school || school.disabledAt || effectiveVip(school, now) !== 2) throw new AppError('notTeacher', 403);
  return { kind: 'teacher', user, schoolId: school.id, school, name: teacher.name };
}

/** School-only actions (teachers, the word list, deleting a class): 403 `notSchool` for a teacher. */
export function requireSchool(staff: Staff): asserts staff is Staff & { kind: 'school' } {
  if (staff.kind !== 'school') throw new AppError('notSchool', 403);
}

/** Whether this staff member looks after the class (its school, or one of its teachers). */
export async function staffHasClass(db: Db, staff: Staff, klass: ClassRow): Promise<boolean> {
  if (klass.ownerId !== staff.schoolId) return false;
  if (staff.kind === 'school') return true;
  const [row] = await db
    .select({ classId: classTeachers.classId })
    .from(classTeachers)
    .where(and(eq(classTeachers.classId, klass.id), eq(classTeachers.teacherId, staff.user.id)));
  return Boolean(row);
}

/** The class if this staff member looks after it: 404 when there is none, 403 when it is someone else's. */
export async function classForStaff(db: Db, staff: Staff, classId: string): Promise<ClassRow> {
  const [row] = await db.select().from(classes).where(eq(classes.id, classId));
  if (!row) throw new AppError('notFound', 404);
  if (!(await staffHasClass(db, staff, row))) throw new AppError('forbidden', 403);
  return row;
}

/** The class a student belongs to (the first, should there be several), with its school. */
export interface StudentClass {
  klass: ClassRow;
  displayName: string;
  schoolId: string;
}

export async function classOfStudent(db: Db, userId: string): Promise<StudentClass | undefined> {
  const [row] = await db
    .select({ klass: classes, displayName: classStudents.displayName })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(eq(classStudents.userId, userId))
    .orderBy(asc(classStudents.createdAt))
    .limit(1);
  return row && { klass: row.klass, displayName: row.displayName, schoolId: row.klass.ownerId };
}

/** Who a student should ask: the class's teachers by name, else the school's name. */
export async function whoToAsk(db: Db, klass: ClassRow): Promise<string[]> {
  const teachers = await db
    .select({ name: schoolTeachers.name })
    .from(classTeachers)
    .innerJoin(schoolTeachers, eq(schoolTeachers.userId, classTeachers.teacherId))
    .where(eq(classTeachers.classId, klass.id))
    .orderBy(asc(classTeachers.createdAt));
  if (teachers.length) return teachers.map((t) => t.name);
  const [school] = await db
    .select({ companyName: users.companyName, account: users.account })
    .from(users)
    .where(eq(users.id, klass.ownerId));
  return school ? [schoolNameOf(school)] : [];
}
