/**
 * Removes stored paintings that no row names any more. Deleting a user (a class's student, a school's
 * teacher) removes their paintings' rows by the database's cascade, which cannot reach storage; and a crash
 * between storing a painting and writing its row leaves an object behind. Only objects older than
 * `olderThanMs` are candidates, so a painting whose row is still being written is spared. Safe with several
 * instances sweeping at once (deleting a missing object is fine).
 */
import { aiImages, type Db } from '@ai-edu/db';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schedulePeriodic } from '../../lib/periodic.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { PAINTINGS_PREFIX } from './store.ts';

export const PAINTING_ORPHAN_AGE_MS = 10 * 60_000;
export const PAINTING_SWEEP_EVERY_MS = 3600_000;
/** Keys looked up in one query. */
const BATCH = 500;

/** Returns how many objects it removed. Object times are the wall clock's, so this compares with Date.now(). */
export async function sweepOrphanPaintings(
  db: Db,
  storage: BlobStore,
  olderThanMs = PAINTING_ORPHAN_AGE_MS,
): Promise<number> {
  const old: string[] = [];
  for await (const object of storage.list(PAINTINGS_PREFIX)) {
    if (Date.now() - object.modifiedAt.getTime() >= olderThanMs) old.push(object.key);
  }
  let removed = 0;
  for (let i = 0; i < old.length; i += BATCH) {
    const keys = old.slice(i, i + BATCH);
    const named = await db
      .select({ key: aiImages.storageKey })
      .from(aiImages)
      .where(inArray(aiImages.storageKey, keys));
    const kept = new Set(named.map((row) => row.key));
    const orphans = keys.filter((key) => !kept.has(key));
    if (orphans.length) await storage.delete(orphans);
    removed += orphans.length;
  }
  return removed;
}

/** Sweeps once the app is ready, then hourly (see schedulePeriodic). */
export function schedulePaintingSweep(app: FastifyInstance, db: Db, storage: BlobStore): void {
  schedulePeriodic(app, {
    name: 'stored paintings sweep',
    everyMs: PAINTING_SWEEP_EVERY_MS,
    db,
    run: async () => {
      const removed = await sweepOrphanPaintings(db, storage);
      if (removed) app.log.info({ removed }, 'stored paintings with no gallery entry removed');
    },
  });
}
