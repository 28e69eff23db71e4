/** Activity logs: rows written for the signed-in caller only; a person's lab history read back from them. */
import { labOfPath, type EduLogRequest, type ExperienceLogRequest, type LabVisit } from '@ai-edu/contract';
import { eduLogs, experienceLogs, type Db } from '@ai-edu/db';
import { asc, desc, eq } from 'drizzle-orm';

export async function writeExperienceLog(db: Db, userId: string, entry: ExperienceLogRequest, now: Date) {
  await db.insert(experienceLogs).values({
    userId,
    type: entry.type,
    path: entry.path,
    apiUrl: entry.api_url ?? null,
    method: entry.method ?? null,
    clientTimestamp: entry.timestamp ?? null,
    createdAt: now,
  });
}

export async function writeEduLog(db: Db, userId: string, entry: EduLogRequest, now: Date) {
  await db.insert(eduLogs).values({
    userId,
    type: entry.type,
    filename: entry.filename ?? null,
    courseId: entry.course_id ?? null,
    sessionId: entry.session_id ?? null,
    createdAt: now,
  });
}

/**
 * How long a visit without a leave row may stay quiet (no API use) before it counts as ended: longer than a
 * lesson spent in one lab. A leave row can go missing (a closed tab, a crashed browser, a lost connection),
 * and the history must not show such a visit "still in progress" for ever (issue 25).
 */
export const VISIT_IDLE_MS = 60 * 60_000;

interface OpenVisit {
  visit: LabVisit;
  /** Its enter row or its last API use, in ms. */
  lastActivity: number;
}

/** Ends a visit that has no leave row: at `at` (the next activity, or now), at most VISIT_IDLE_MS after its last. */
function endWithoutLeave({ visit, lastActivity }: OpenVisit, at: number) {
  const end = Math.min(at, lastActivity + VISIT_IDLE_MS);
  visit.leftAt = new Date(end).toISOString();
  visit.durationMs = end - Date.parse(visit.enteredAt);
}

/**
 * The caller's recent lab visits, newest first: each enter row opens a visit on its path, the next leave
 * row on that path closes it, and API-use rows in between are counted. A visit whose leave row never came
 * ends at the caller's next activity elsewhere (or a new enter on its path), or VISIT_IDLE_MS after its own
 * last activity, whichever is first; only a visit active within VISIT_IDLE_MS of `now` is still in progress.
 */
export async function labHistory(db: Db, userId: string, limit: number, now: Date): Promise<LabVisit[]> {
  const recent = await db
    .select()
    .from(experienceLogs)
    .where(eq(experienceLogs.userId, userId))
    .orderBy(desc(experienceLogs.createdAt), desc(experienceLogs.id))
    .limit(limit * 4);
  const rows = recent.reverse();
  const open = new Map<string, OpenVisit>();
  const visits: LabVisit[] = [];
  for (const row of rows) {
    const at = row.createdAt.getTime();
    for (const [path, other] of open) {
      if (path === row.path) continue;
      endWithoutLeave(other, at);
      open.delete(path);
    }
    const current = open.get(row.path);
    if (row.type === 0) {
      if (current) endWithoutLeave(current, at);
      const fresh: LabVisit = {
        path: row.path,
        lab: labOfPath(row.path) ?? null,
        enteredAt: row.createdAt.toISOString(),
        leftAt: null,
        durationMs: null,
        apiCalls: 0,
      };
      open.set(row.path, { visit: fresh, lastActivity: at });
      visits.push(fresh);
    } else if (current && row.apiUrl) {
      current.visit.apiCalls += 1;
      current.lastActivity = at;
    } else if (current) {
      current.visit.leftAt = row.createdAt.toISOString();
      current.visit.durationMs = at - Date.parse(current.visit.enteredAt);
      open.delete(row.path);
    }
  }
  for (const still of open.values()) {
    if (now.getTime() - still.lastActivity > VISIT_IDLE_MS) endWithoutLeave(still, now.getTime());
  }
  return visits.reverse().slice(0, limit);
}

export async function eduHistory(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(eduLogs)
    .where(eq(eduLogs.userId, userId))
    .orderBy(desc(eduLogs.createdAt), asc(eduLogs.id))
    .limit(limit);
}
