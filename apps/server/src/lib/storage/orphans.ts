/**
 * Removes stored objects no database row names any more: what a cascade (a deleted user's rows) or a crash
 * between storing an object and writing its row leaves behind. Only objects older than `olderThanMs` are
 * candidates, so an object whose row is still being written is spared. Safe with several instances sweeping
 * at once (deleting a missing object is fine); scheduled hourly under the periodic job's lock.
 */
import type { Db } from '@ai-edu/db';
import type { FastifyInstance } from 'fastify';
import { schedulePeriodic } from '../periodic.ts';
import type { BlobStore } from './types.ts';

export const ORPHAN_AGE_MS = 10 * 60_000;
export const ORPHAN_SWEEP_EVERY_MS = 3600_000;
/** Names looked up in one query. */
const BATCH = 500;

export interface OrphanRule {
  /** The area swept, e.g. "files/". */
  prefix: string;
  /** Only names our code makes: anything else under the prefix is not ours to remove. */
  ownName?: RegExp;
  /** Of these names (the key without the prefix), those a row still names. */
  stillNamed(names: string[]): Promise<Set<string>>;
}

/** Returns how many objects it removed. Object times are the wall clock's, so this compares with Date.now(). */
export async function sweepOrphanObjects(
  storage: BlobStore,
  rule: OrphanRule,
  olderThanMs = ORPHAN_AGE_MS,
): Promise<number> {
  const old: string[] = [];
  for await (const object of storage.list(rule.prefix)) {
    const name = object.key.slice(rule.prefix.length);
    if (rule.ownName && !rule.ownName.test(name)) continue;
    if (Date.now() - object.modifiedAt.getTime() >= olderThanMs) old.push(name);
  }
  let removed = 0;
  for (let i = 0; i < old.length; i += BATCH) {
    const names = old.slice(i, i + BATCH);
    const kept = await rule.stillNamed(names);
    const orphans = names.filter((name) => !kept.has(name)).map((name) => `${rule.prefix}${name}`);
    if (orphans.length) await storage.delete(orphans);
    removed += orphans.length;
  }
  return removed;
}

/** Sweeps once the app is ready, then hourly, logging what it removed. */
export function scheduleOrphanSweep(
  app: FastifyInstance,
  db: Db,
  job: { name: string; sweep: () => Promise<number> },
): void {
  schedulePeriodic(app, {
    name: job.name,
    everyMs: ORPHAN_SWEEP_EVERY_MS,
    db,
    run: async () => {
      const removed = await job.sweep();
      if (removed) app.log.info({ removed }, `${job.name}: stored files no row names removed`);
    },
  });
}
