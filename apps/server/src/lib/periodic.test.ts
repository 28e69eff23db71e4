import { createTestDatabase, testEngine, type TestDatabase } from '@ai-edu/db/testing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulePeriodic } from './periodic.ts';

/** Resolves when `check` holds, polling (a condition, not a duration). */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('a periodic job scheduled by two instances on one database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('runs on one instance at a time on PostgreSQL (on the embedded database, one process: no lock)', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let runs = 0;
    const job = {
      name: `test job ${Math.random()}`,
      everyMs: 3_600_000,
      db: database.db,
      run: async () => {
        runs++;
        await gate;
      },
    };
    const a = Fastify();
    const b = Fastify();
    schedulePeriodic(a, job);
    schedulePeriodic(b, job);
    try {
      const aReady = a.ready();
      await until(() => runs === 1);
      if (testEngine() === 'postgres') {
        // B's first run finds A's run holding the job's lock and is skipped: B is ready while A still runs.
        await b.ready();
        expect(runs).toBe(1);
        open();
      } else {
        const bReady = b.ready();
        await until(() => runs === 2);
        open();
        await bReady;
      }
      await aReady;
      // The lock went with A's run: the next run (on either) goes ahead.
      const c = Fastify();
      schedulePeriodic(c, job);
      await c.ready();
      expect(runs).toBe(testEngine() === 'postgres' ? 2 : 3);
      await c.close();
    } finally {
      open();
      await Promise.all([a.close(), b.close()]);
    }
  });
});
