/**
 * The live view of a class (issue 16): for each student whether they are active, signed in or away, the
 * lab they are in now, the studio project they are building (issue 26), when they were last active and what
 * they spent today. Polled every LIVE_REFRESH_MS
 * by the teacher's page, so it is one statement for the whole class whatever its size (each student's part
 * a handful of index lookups), plus the running lesson.
 */
import {
  labOfPath,
  MAKE_BUILDING_WITHIN_MS,
  LIVE_ACTIVE_WINDOW_MS,
  LIVE_REFRESH_MS,
  type LiveClass,
  type LiveStudent,
} from '@ai-edu/contract';
import {
  aiRequests,
  classStudents,
  creditLedger,
  experienceLogs,
  makeProjects,
  sessions,
  users,
  type Db,
} from '@ai-edu/db';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { startOfChinaDay } from '../ai/gateway.ts';
import type { ClassRow } from '../classes/access.ts';
import { activeLessonFor } from './service.ts';

/**
 * A session counts as "signed in" only if it was made within this long. Sessions live 30 days and most
 * pupils never log out, so a merely unexpired session says little about today; a school day is shorter
 * than 12 hours, so a session from the last 12 hours means the student signed in for this day's lessons.
 */
export const SIGNED_IN_WITHIN_MS = 12 * 3600_000;
/** A lab entered longer ago than this without a leave row is treated as left (a closed tab logs nothing). */
export const IN_LAB_WITHIN_MS = 3600_000;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Every student's live row of a class, in roster order: one statement. */
async function liveRows(db: Db, classId: string, now: Date) {
  const student = classStudents.userId;
  // The student's latest lab entry within the hour, and whether a leave of that page came after it.
  const enter = db
    .select({ id: experienceLogs.id, path: experienceLogs.path, at: experienceLogs.createdAt })
    .from(experienceLogs)
    .where(
      and(
        eq(experienceLogs.userId, student),
        eq(experienceLogs.type, 0),
        gte(experienceLogs.createdAt, new Date(now.getTime() - IN_LAB_WITHIN_MS)),
      ),
    )
    .orderBy(desc(experienceLogs.createdAt), desc(experienceLogs.id))
    .limit(1)
    .as('enter');
  // The studio project the student changed last, if recently: what they are building (autosave keeps it fresh).
  // Built apart from `db`: a part of the one statement below, not a statement of its own.
  const making = new QueryBuilder()
    .select({ name: makeProjects.name, at: makeProjects.updatedAt })
    .from(makeProjects)
    .where(
      and(
        eq(makeProjects.ownerId, student),
        gte(makeProjects.updatedAt, new Date(now.getTime() - MAKE_BUILDING_WITHIN_MS)),
      ),
    )
    .orderBy(desc(makeProjects.updatedAt), desc(makeProjects.id))
    .limit(1)
    .as('making');
  const leave = alias(experienceLogs, 'leave');
  // Type 1 with an API url records a call made inside the lab; without one it is the leave.
  const leftSince = sql<boolean>`exists (
    select 1 from ${experienceLogs} ${leave}
    where ${leave.userId} = ${student} and ${leave.type} = 1 and ${leave.apiUrl} is null
      and ${leave.path} = ${enter.path} and (${leave.createdAt}, ${leave.id}) > (${enter.at}, ${enter.id})
  )`.mapWith(Boolean);
  const lastLogAt = sql`(
    select max(${experienceLogs.createdAt}) from ${experienceLogs} where ${experienceLogs.userId} = ${student}
  )`.mapWith(experienceLogs.createdAt);
  const lastAiAt = sql`(
    select max(${aiRequests.createdAt}) from ${aiRequests} where ${aiRequests.userId} = ${student}
  )`.mapWith(aiRequests.createdAt);
  const signedIn = sql<boolean>`exists (
    select 1 from ${sessions}
    where ${sessions.userId} = ${student} and ${sessions.revokedAt} is null
      and ${sessions.expiresAt} > ${at(now)}
      and ${sessions.createdAt} >= ${at(new Date(now.getTime() - SIGNED_IN_WITHIN_MS))}
  )`.mapWith(Boolean);
  // Paid calls less their refunds since midnight in China, from the student's own balance or their class's
  // allocation alike: both kinds of row name the student as `user_id`.
  const creditsToday = sql<number>`(
    select coalesce(-sum(${creditLedger.delta}), 0) from ${creditLedger}
    where ${creditLedger.userId} = ${student} and ${creditLedger.createdAt} >= ${at(startOfChinaDay(now))}
      and (${creditLedger.reason} like 'ai:%' or ${creditLedger.reason} like 'refund:%')
  )`.mapWith(Number);

  return db
    .select({
      userId: student,
      displayName: classStudents.displayName,
      account: users.account,
      enteredPath: enter.path,
      leftSince,
      lastLogAt,
      lastAiAt,
      signedIn,
      creditsToday,
      makingName: making.name,
      makingAt: making.at,
    })
    .from(classStudents)
    .innerJoin(users, eq(users.id, student))
    .leftJoinLateral(enter, sql`true`)
    .leftJoinLateral(making, sql`true`)
    .where(eq(classStudents.classId, classId))
    .orderBy(classStudents.createdAt, users.account);
}

const latest = (...dates: (Date | null)[]) =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);

export async function liveClass(db: Db, klass: ClassRow, now: Date): Promise<LiveClass> {
  const [rows, lesson] = await Promise.all([liveRows(db, klass.id, now), activeLessonFor(db, klass.id, now)]);
  const activeSince = now.getTime() - LIVE_ACTIVE_WINDOW_MS;
  const students = rows.map((row): LiveStudent => {
    // A save in the studio is activity too (the studio logs no lab entries).
    const lastActive = latest(row.lastLogAt, row.lastAiAt, row.makingAt);
    return {
      userId: row.userId,
      displayName: row.displayName,
      account: row.account,
      status:
        lastActive && lastActive.getTime() >= activeSince ? 'active' : row.signedIn ? 'signedIn' : 'offline',
      lab: row.enteredPath && !row.leftSince ? (labOfPath(row.enteredPath) ?? null) : null,
      lastActiveAt: lastActive?.toISOString() ?? null,
      creditsToday: row.creditsToday,
      making:
        row.makingName !== null && row.makingAt !== null
          ? { projectName: row.makingName, updatedAt: row.makingAt.toISOString() }
          : null,
    };
  });
  return { at: now.toISOString(), refreshMs: LIVE_REFRESH_MS, lesson, students };
}
