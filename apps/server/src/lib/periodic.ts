/**
 * A clean-up job run once when the app is ready, then every `everyMs`: never two runs at once, a failure
 * logged (the next run retries), the timer never keeps the process alive, and closing the app waits for a
 * run in progress.
 *
 * With several instances on one PostgreSQL every instance schedules the same jobs. Each job must be safe
 * for that on its own (conditional updates, idempotent refunds); given `db`, a run also takes a PostgreSQL
 * advisory lock named after the job and is skipped when another instance's run holds it, so normally only
 * one instance works at a time. The embedded database has one process by construction: no lock there.
 */
import { writeClockOf, type Db } from '@ai-edu/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export function schedulePeriodic(
  app: FastifyInstance,
  job: { name: string; everyMs: number; run: () => Promise<void>; db?: Db },
): void {
  const { db } = job;
  const run = db && !writeClockOf(db) ? () => runAlone(db, job.name, job.run) : job.run;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= (async () => {
      try {
        await run();
      } catch (error) {
        app.log.error({ err: error }, `${job.name} failed; the next run retries`);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await tick();
    timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * Runs `work` while holding a transaction-scoped advisory lock keyed on the job's name, or not at all when
 * another session holds it. The lock's transaction only carries the lock (the job's own statements run on
 * other connections), and ends with the run, also when the run fails or the connection drops.
 */
async function runAlone(db: Db, name: string, work: () => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const lock = sql`select pg_try_advisory_xact_lock(hashtextextended(${`periodic:${name}`}, 0)) as got`;
    const result: unknown = await tx.execute(lock);
    if ((result as { rows: { got: boolean }[] }).rows[0]?.got) await work();
  });
}
