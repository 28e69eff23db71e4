/**
 * Removes stored course files that no `course_files` row names: a crash between storing an upload and
 * writing its row leaves one behind (every delete path removes the object itself). Only objects older than
 * `olderThanMs` are candidates, so an upload whose row is still being written is spared. Safe with several
 * instances sweeping at once (deleting a missing object is fine).
 */
import { courseFiles, type Db } from '@ai-edu/db';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schedulePeriodic } from '../../lib/periodic.ts';
import type { BlobStore } from '../../lib/storage/index.ts';

export const COURSE_ORPHAN_AGE_MS = 10 * 60_000;
export const COURSE_SWEEP_EVERY_MS = 3600_000;
const PREFIX = 'files/';
/** Only names the upload code makes: anything else under files/ is not ours to remove. */
const ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Ids looked up in one query. */
const BATCH = 500;

/** Returns how many objects it removed. Object times are the wall clock's, so this compares with Date.now(). */
export async function sweepOrphanCourseFiles(
  db: Db,
  storage: BlobStore,
  olderThanMs = COURSE_ORPHAN_AGE_MS,
): Promise<number> {
  const old: string[] = [];
  for await (const object of storage.list(PREFIX)) {
    const id = object.key.slice(PREFIX.length);
    if (ID_RE.test(id) && Date.now() - object.modifiedAt.getTime() >= olderThanMs) old.push(id);
  }
  let removed = 0;
  for (let i = 0; i < old.length; i += BATCH) {
    const ids = old.slice(i, i + BATCH);
    const named = await db
      .select({ id: courseFiles.id })
      .from(courseFiles)
      .where(inArray(courseFiles.id, ids));
    const kept = new Set(named.map((row) => row.id));
    const orphans = ids.filter((id) => !kept.has(id)).map((id) => `${PREFIX}${id}`);
    if (orphans.length) await storage.delete(orphans);
    removed += orphans.length;
  }
  return removed;
}

/** Sweeps once the app is ready, then hourly (see schedulePeriodic). */
export function scheduleCourseFileSweep(app: FastifyInstance, db: Db, storage: BlobStore): void {
  schedulePeriodic(app, {
    name: 'stored course files sweep',
    everyMs: COURSE_SWEEP_EVERY_MS,
    db,
    run: async () => {
      const removed = await sweepOrphanCourseFiles(db, storage);
      if (removed) app.log.info({ removed }, 'stored course files with no row removed');
    },
  });
}
