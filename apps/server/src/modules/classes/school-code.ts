/**
 * One code per school (issue 25): the part after the at-sign of every login its classes and teachers get
 * (`zhangsan@demo`). Set once, in school settings or with the school's first class; a class or teacher never
 * types it again. A school with classes from before has its first class's code.
 */
import { classes, schoolSettings, users, type Db } from '@ai-edu/db';
import { and, asc, eq, ne } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { User } from '../users/accounts.ts';

/** The school's code: the one it set, else its first class's; null when it has neither yet. */
export async function schoolCodeOf(db: Db, schoolId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: schoolSettings.schoolCode })
    .from(schoolSettings)
    .where(eq(schoolSettings.schoolId, schoolId));
  if (row?.code) return row.code;
  const [first] = await db
    .select({ code: classes.schoolCode })
    .from(classes)
    .where(eq(classes.ownerId, schoolId))
    .orderBy(asc(classes.createdAt), asc(classes.id))
    .limit(1);
  return first?.code ?? null;
}

/**
 * A code stays with one school: another school's staff cannot make accounts under it (a school's several
 * campus accounts, with the same company name, may share one).
 */
export async function assertSchoolCodeFree(db: Db, school: User, schoolCode: string): Promise<void> {
  const [byClass, bySetting] = await Promise.all([
    db
      .select({ company: users.companyName })
      .from(classes)
      .innerJoin(users, eq(users.id, classes.ownerId))
      .where(and(eq(classes.schoolCode, schoolCode), ne(classes.ownerId, school.id))),
    db
      .select({ company: users.companyName })
      .from(schoolSettings)
      .innerJoin(users, eq(users.id, schoolSettings.schoolId))
      .where(and(eq(schoolSettings.schoolCode, schoolCode), ne(schoolSettings.schoolId, school.id))),
  ]);
  const owners = [...byClass, ...bySetting];
  if (owners.some((o) => !school.companyName || o.company !== school.companyName)) {
    throw new AppError('schoolCodeTaken', 409);
  }
}

/**
 * The code for a new class or login: the school's; a code given must be that one. While the school has none,
 * the given code becomes the school's (checked free first).
 */
export async function settleSchoolCode(db: Db, school: User, given: string | undefined, now: Date) {
  const current = await schoolCodeOf(db, school.id);
  if (current) {
    if (given !== undefined && given !== current) throw new AppError('schoolCodeSet', 409, -1, {}, current);
    return current;
  }
  if (given === undefined) throw new AppError('schoolCodeNeeded', 400);
  await setSchoolCode(db, school, given, now);
  return given;
}

/** Sets the school's code once; the same code again is a no-op, another one a 409 naming the code. */
export async function setSchoolCode(db: Db, school: User, schoolCode: string, now: Date): Promise<string> {
  const current = await schoolCodeOf(db, school.id);
  if (current === schoolCode) {
    await remember(db, school.id, schoolCode, now);
    return current;
  }
  if (current) throw new AppError('schoolCodeSet', 409, -1, {}, current);
  await assertSchoolCodeFree(db, school, schoolCode);
  await remember(db, school.id, schoolCode, now);
  return schoolCode;
}

async function remember(db: Db, schoolId: string, schoolCode: string, now: Date) {
  await db
    .insert(schoolSettings)
    .values({ schoolId, schoolCode, updatedAt: now })
    .onConflictDoUpdate({ target: schoolSettings.schoolId, set: { schoolCode, updatedAt: now } });
}
