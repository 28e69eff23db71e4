/**
 * Lab access: every lab is open unless an admin denied it for the account or for its school. The user
 * info carries the allowed slugs (the web's route-permission check); paid AI calls check it again here.
 */
import { LAB_SLUGS, type LabSlug } from '@ai-edu/contract';
import { classLessons, classStudents, labAccessRules, type Db } from '@ai-edu/db';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { User } from '../users/accounts.ts';

export type AccessScope = { scope: 'account'; userId: string } | { scope: 'company'; company: string };

const subjectOf = (target: AccessScope) => (target.scope === 'account' ? target.userId : target.company);

export async function allowedLabs(db: Db, user: Pick<User, 'id' | 'companyName'>): Promise<LabSlug[]> {
  const conditions = [and(eq(labAccessRules.scope, 'account'), eq(labAccessRules.subject, user.id))];
  if (user.companyName) {
    conditions.push(and(eq(labAccessRules.scope, 'company'), eq(labAccessRules.subject, user.companyName)));
  }
  const rules = await db
    .select({ denied: labAccessRules.denied })
    .from(labAccessRules)
    .where(or(...conditions));
  return labsWithout(rules.flatMap((r) => r.denied));
}

/** Every lab but the denied ones, in catalogue order. */
export function labsWithout(denied: readonly string[]): LabSlug[] {
  if (denied.length === 0) return [...LAB_SLUGS];
  const set = new Set(denied);
  return LAB_SLUGS.filter((slug) => !set.has(slug));
}

export async function deniedLabs(db: Db, target: AccessScope): Promise<string[]> {
  const [row] = await db
    .select({ denied: labAccessRules.denied })
    .from(labAccessRules)
    .where(and(eq(labAccessRules.scope, target.scope), eq(labAccessRules.subject, subjectOf(target))));
  return row?.denied ?? [];
}

/** Replaces the denied list of an account or a school; an empty list opens every lab again. */
export async function setDeniedLabs(db: Db, target: AccessScope, denied: readonly string[], now: Date) {
  const subject = subjectOf(target);
  if (denied.length === 0) {
    await db
      .delete(labAccessRules)
      .where(and(eq(labAccessRules.scope, target.scope), eq(labAccessRules.subject, subject)));
    return;
  }
  await db
    .insert(labAccessRules)
    .values({ scope: target.scope, subject, denied: [...new Set(denied)], updatedAt: now })
    .onConflictDoUpdate({
      target: [labAccessRules.scope, labAccessRules.subject],
      set: { denied: [...new Set(denied)], updatedAt: now },
    });
}

/**
 * The running lesson of the class a user studies in (the first class, as `classOfStudent` picks it): one
 * prepared statement per database, since getUserInfo and every paid call ask it. No row for anyone who is
 * not a student, or whose class has no lesson running now.
 */
function lessonStatement(db: Db) {
  const firstClass = sql`(
    select ${classStudents.classId} from ${classStudents}
    where ${classStudents.userId} = ${sql.placeholder('userId')}
    order by ${classStudents.createdAt} asc limit 1
  )`;
  return db
    .select({ labs: classLessons.labs, lockOthers: classLessons.lockOthers })
    .from(classLessons)
    .where(
      and(
        eq(classLessons.classId, firstClass),
        lte(classLessons.startsAt, sql.placeholder('now')),
        gt(classLessons.endsAt, sql.placeholder('now')),
        isNull(classLessons.endedAt),
      ),
    )
    .orderBy(desc(classLessons.startsAt))
    .limit(1)
    .prepare('running_lesson_of_student');
}
const lessonStatements = new WeakMap<Db, ReturnType<typeof lessonStatement>>();

/**
 * The labs open to this account right now: the admin's rules (already applied to `adminAllowed`, the
 * session's list) and, for a student, a running lesson that locks the other labs (issue 16): then only the
 * lesson's labs the admin allows. Time-bound, so it is asked per request and never cached with the session.
 */
export async function labsOpenNow(
  db: Db,
  user: Pick<User, 'id'>,
  adminAllowed: readonly LabSlug[],
  now: Date,
): Promise<LabSlug[]> {
  let statement = lessonStatements.get(db);
  if (!statement) lessonStatements.set(db, (statement = lessonStatement(db)));
  const [lesson] = await statement.execute({ userId: user.id, now });
  if (!lesson || lesson.lockOthers !== 1) return [...adminAllowed];
  const opened = new Set(lesson.labs);
  return adminAllowed.filter((slug) => opened.has(slug));
}

/**
 * The server's route-permission check for one lab (spec §2): 403 `labDenied` when an admin switched it off,
 * `labLockedByLesson` while the student's teacher has locked it for a lesson.
 */
export async function assertLabOpen(db: Db, user: Pick<User, 'id' | 'companyName'>, lab: LabSlug, now: Date) {
  const adminAllowed = await allowedLabs(db, user);
  if (!adminAllowed.includes(lab)) throw new AppError('labDenied', 403);
  if (!(await labsOpenNow(db, user, adminAllowed, now)).includes(lab))
    throw new AppError('labLockedByLesson', 403);
}
