/**
 * Stored course files no `course_files` row names: a crash between storing an upload and writing its row
 * leaves one behind (every delete path removes the object itself).
 */
import { courseFiles, type Db } from '@ai-edu/db';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../lib/storage/index.ts';
import { scheduleOrphanSweep, sweepOrphanObjects } from '../../lib/storage/orphans.ts';

const PREFIX = 'files/';
const ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Returns how many objects it removed (see lib/storage/orphans.ts). */
export function sweepOrphanCourseFiles(db: Db, storage: BlobStore, olderThanMs?: number): Promise<number> {
  return sweepOrphanObjects(
    storage,
    {
      prefix: PREFIX,
      ownName: ID_RE,
      stillNamed: async (ids) => {
        const rows = await db
          .select({ id: courseFiles.id })
          .from(courseFiles)
          .where(inArray(courseFiles.id, ids));
        return new Set(rows.map((row) => row.id));
      },
    },
    olderThanMs,
  );
}

export function scheduleCourseFileSweep(app: FastifyInstance, db: Db, storage: BlobStore): void {
  scheduleOrphanSweep(app, db, {
    name: 'stored course files sweep',
    sweep: () => sweepOrphanCourseFiles(db, storage),
  });
}
