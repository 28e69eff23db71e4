/**
 * The school's own doodle set (quickDraw). A school is a campus account (vip 2); its students are the
 * accounts in the classes it owns. Students share a finished game's drawings with their consent; the set
 * is read by the school's students and the school account (whose page teaches the school's model from it),
 * and cleared by the school account only. Drawings are the network's 28×28 input, never a photo or a name.
 */
import {
  DOODLE_SET,
  normaliseDoodleLabel,
  type DoodleMembership,
  type DoodleSet,
  type SchoolDoodle,
} from '@ai-edu/contract';
import { classStudents, classes, schoolDoodles, users, type Db } from '@ai-edu/db';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { effectiveVip, type User } from '../users/accounts.ts';

export interface SchoolOfCaller {
  membership: Exclude<DoodleMembership, 'none'>;
  schoolId: string;
  /** The school's name as its account gives it (may be empty). */
  name: string;
}

/**
 * The caller's school: the caller itself when it is a school account, else the owner of the first class the
 * caller was added to. Null for learners in no class (and for a school account whose authorisation ended).
 */
export async function schoolOf(db: Db, user: User, now: Date): Promise<SchoolOfCaller | null> {
  if (effectiveVip(user, now) === 2) {
    return { membership: 'school', schoolId: user.id, name: user.companyName };
  }
  const [row] = await db
    .select({ schoolId: classes.ownerId, name: users.companyName })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .innerJoin(users, eq(users.id, classes.ownerId))
    .where(eq(classStudents.userId, user.id))
    .orderBy(asc(classStudents.createdAt))
    .limit(1);
  return row ? { membership: 'student', schoolId: row.schoolId, name: row.name } : null;
}

const CATEGORY_BY_NAME = new Map(
  DOODLE_CATEGORIES.flatMap((c) =>
    [c.id, c.en, c.zh].map((name) => [normaliseDoodleLabel(name), c.id] as const),
  ),
);

/** A label as kept: a category the model knows by any of its names becomes its id ('猫', 'Cat' → 'cat'). */
export function storedLabel(label: string): string {
  const normal = normaliseDoodleLabel(label);
  return CATEGORY_BY_NAME.get(normal) ?? normal;
}

export interface NewDoodle {
  label: string;
  /** The 28×28 input, base64 (checked by the contract's schema). */
  pixels: string;
}

/**
 * Adds drawings to the school's set, all or none: the school's row is locked while counting, so two shares
 * at once cannot pass the cap together.
 */
export async function addDoodles(
  db: Db,
  school: SchoolOfCaller,
  user: User,
  drawings: readonly NewDoodle[],
  now: Date,
): Promise<{ added: number; total: number; limit: number }> {
  const rows = drawings.map((d) => {
    const pixels = Buffer.from(d.pixels, 'base64');
    if (pixels.length !== DOODLE_SET.pixels) throw new AppError('doodlePixels', 400);
    return {
      schoolId: school.schoolId,
      userId: user.id,
      label: storedLabel(d.label),
      pixels,
      createdAt: now,
    };
  });
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, school.schoolId)).for('update');
    const [kept] = await tx
      .select({ n: count() })
      .from(schoolDoodles)
      .where(eq(schoolDoodles.schoolId, school.schoolId));
    const total = kept?.n ?? 0;
    if (total + rows.length > DOODLE_SET.maxPerSchool) throw new AppError('doodleSetFull', 409);
    await tx.insert(schoolDoodles).values(rows);
    return { added: rows.length, total: total + rows.length, limit: DOODLE_SET.maxPerSchool };
  });
}

/** The school's whole set, oldest first, with a count per label (most drawn first). */
export async function doodleSet(db: Db, school: SchoolOfCaller, caller: User): Promise<DoodleSet> {
  const rows = await db
    .select({
      id: schoolDoodles.id,
      label: schoolDoodles.label,
      pixels: schoolDoodles.pixels,
      createdAt: schoolDoodles.createdAt,
      userId: schoolDoodles.userId,
      // The class roster's name when there is one, else the account.
      by: sql<string>`coalesce((select ${classStudents.displayName} from ${classStudents} where ${classStudents.userId} = ${schoolDoodles.userId} limit 1), ${users.account})`,
    })
    .from(schoolDoodles)
    .innerJoin(users, eq(users.id, schoolDoodles.userId))
    .where(eq(schoolDoodles.schoolId, school.schoolId))
    .orderBy(asc(schoolDoodles.id));
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.label, (counts.get(row.label) ?? 0) + 1);
  const drawings: SchoolDoodle[] = rows.map((row) => ({
    id: row.id,
    label: row.label,
    pixels: row.pixels.toString('base64'),
    createdAt: row.createdAt.toISOString(),
    mine: row.userId === caller.id,
    // Students see the drawings, not who made them.
    by: school.membership === 'school' ? row.by : null,
  }));
  return {
    membership: school.membership,
    school: school.name,
    limit: DOODLE_SET.maxPerSchool,
    total: rows.length,
    labels: [...counts.entries()]
      .map(([label, n]) => ({ label, count: n }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    drawings,
  };
}

export function requireSchoolAccount(school: SchoolOfCaller | null): SchoolOfCaller {
  if (school?.membership !== 'school') throw new AppError('notTeacher', 403);
  return school;
}

/** Removes the school's whole set; answers how many drawings went. */
export async function clearDoodles(db: Db, school: SchoolOfCaller): Promise<number> {
  const removed = await db
    .delete(schoolDoodles)
    .where(eq(schoolDoodles.schoolId, school.schoolId))
    .returning({ id: schoolDoodles.id });
  return removed.length;
}

/** Removes one drawing of the school's set (404 when the school has no such drawing). */
export async function removeDoodle(db: Db, school: SchoolOfCaller, id: number): Promise<void> {
  const removed = await db
    .delete(schoolDoodles)
    .where(and(eq(schoolDoodles.schoolId, school.schoolId), eq(schoolDoodles.id, id)))
    .returning({ id: schoolDoodles.id });
  if (removed.length === 0) throw new AppError('notFound', 404);
}
