/**
 * Retention of the review's records: each school keeps its students' AI use for its own number of days
 * (school_settings.retention_days, 180 when never set); older records are deleted by a periodic sweep, in
 * bounded batches so one sweep never holds a long lock or a large transaction.
 */
import { COCKPIT_LIMITS } from '@ai-edu/contract';
import { aiUseRecords, classes, schoolSettings, type Db } from '@ai-edu/db';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schedulePeriodic } from '../../lib/periodic.ts';

export const RETENTION_SWEEP_EVERY_MS = 3600_000;
const BATCH = 1000;
/** Batches in one sweep; what is left waits for the next one. */
const MAX_BATCHES = 50;

/** Deletes records older than their school's retention; returns how many. */
export async function sweepAiUseRecords(
  db: Db,
  now: Date,
  limits: { batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const batch = limits.batch ?? BATCH;
  const maxBatches = limits.maxBatches ?? MAX_BATCHES;
  const days = sql`coalesce(${schoolSettings.retentionDays}, ${COCKPIT_LIMITS.retentionDaysDefault})`;
  let deleted = 0;
  for (let i = 0; i < maxBatches; i++) {
    const expired = await db
      .select({ id: aiUseRecords.id })
      .from(aiUseRecords)
      .innerJoin(classes, eq(classes.id, aiUseRecords.classId))
      .leftJoin(schoolSettings, eq(schoolSettings.schoolId, classes.ownerId))
      .where(
        lt(aiUseRecords.createdAt, sql`${now.toISOString()}::timestamptz - make_interval(days => ${days})`),
      )
      .limit(batch);
    if (!expired.length) break;
    const ids = expired.map((row) => row.id);
    await db.delete(aiUseRecords).where(inArray(aiUseRecords.id, ids));
    deleted += ids.length;
    if (ids.length < batch) break;
  }
  return deleted;
}

/** Sweeps once the app is ready, then hourly (see schedulePeriodic). */
export function scheduleRetentionSweep(app: FastifyInstance, db: Db, now: () => Date): void {
  schedulePeriodic(app, {
    name: 'AI-use retention sweep',
    everyMs: RETENTION_SWEEP_EVERY_MS,
    db,
    run: async () => {
      const deleted = await sweepAiUseRecords(db, now());
      if (deleted) app.log.info({ deleted }, 'AI-use records past their retention deleted');
    },
  });
}
