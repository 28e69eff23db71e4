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
 * The caller's recent lab visits, newest first: each enter row opens a visit on its path, the next leave
 * row on that path closes it, and API-use rows in between are counted.
 */
export async function labHistory(db: Db, userId: string, limit: number): Promise<LabVisit[]> {
  const recent = await db
    .select()
    .from(experienceLogs)
    .where(eq(experienceLogs.userId, userId))
    .orderBy(desc(experienceLogs.createdAt), desc(experienceLogs.id))
    .limit(limit * 4);
  const rows = recent.reverse();
  const open = new Map<string, LabVisit>();
  const visits: LabVisit[] = [];
  for (const row of rows) {
    const visit = open.get(row.path);
    if (row.type === 0) {
      const fresh: LabVisit = {
        path: row.path,
        lab: labOfPath(row.path) ?? null,
        enteredAt: row.createdAt.toISOString(),
        leftAt: null,
        durationMs: null,
        apiCalls: 0,
      };
      open.set(row.path, fresh);
      visits.push(fresh);
    } else if (visit && row.apiUrl) {
      visit.apiCalls += 1;
    } else if (visit) {
      visit.leftAt = row.createdAt.toISOString();
      visit.durationMs = row.createdAt.getTime() - Date.parse(visit.enteredAt);
      open.delete(row.path);
    }
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
