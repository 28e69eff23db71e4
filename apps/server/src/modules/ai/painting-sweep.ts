/**
 * Stored paintings no gallery row names any more: deleting a user (a class's student, a school's teacher)
 * removes their paintings' rows by the database's cascade, which cannot reach storage.
 */
import { aiImages, type Db } from '@ai-edu/db';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../lib/storage/index.ts';
import { scheduleOrphanSweep, sweepOrphanObjects } from '../../lib/storage/orphans.ts';
import { PAINTINGS_PREFIX } from './store.ts';

/** Returns how many objects it removed (see lib/storage/orphans.ts). */
export function sweepOrphanPaintings(db: Db, storage: BlobStore, olderThanMs?: number): Promise<number> {
  return sweepOrphanObjects(
    storage,
    {
      prefix: PAINTINGS_PREFIX,
      stillNamed: async (names) => {
        const keys = names.map((name) => `${PAINTINGS_PREFIX}${name}`);
        const rows = await db
          .select({ key: aiImages.storageKey })
          .from(aiImages)
          .where(inArray(aiImages.storageKey, keys));
        return new Set(rows.map((row) => row.key!.slice(PAINTINGS_PREFIX.length)));
      },
    },
    olderThanMs,
  );
}

export function schedulePaintingSweep(app: FastifyInstance, db: Db, storage: BlobStore): void {
  scheduleOrphanSweep(app, db, {
    name: 'stored paintings sweep',
    sweep: () => sweepOrphanPaintings(db, storage),
  });
}
