/**
 * A clean-up job run once when the app is ready, then every `everyMs`: never two runs at once, a failure
 * logged (the next run retries), the timer never keeps the process alive, and closing the app waits for a
 * run in progress. Safe with several instances running the same job (each job is written to be).
 */
import type { FastifyInstance } from 'fastify';

export function schedulePeriodic(
  app: FastifyInstance,
  job: { name: string; everyMs: number; run: () => Promise<void> },
): void {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= (async () => {
      try {
        await job.run();
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
