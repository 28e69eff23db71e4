/**
 * Runs the gateway's sweep of requests left pending by a crash: once at start-up, then every few minutes
 * (several instances may sweep at once; the sweep is safe for that). The timer never keeps the process
 * alive and stops when the app closes.
 */
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { STALE_MARGIN_MS, sweepStaleRequests } from './gateway.ts';

export const SWEEP_EVERY_MS = 5 * 60_000;

/** A request pending longer than the slowest provider's deadline plus a margin can no longer finish. */
export function staleAfterMs(ai: Config['ai']): number {
  // A speech recognition task may stay pending (polled) up to speechTimeoutMs.
  return (
    Math.max(ai.chatTimeoutMs, ai.imageTimeoutMs, ai.visionTimeoutMs, ai.speechTimeoutMs) + STALE_MARGIN_MS
  );
}

export const aiSweeper: FastifyPluginAsync<{ db: Db; ai: Config['ai']; now: () => Date }> = async (
  app,
  { db, ai, now },
) => {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= (async () => {
      try {
        const at = now();
        const swept = await sweepStaleRequests(db, new Date(at.getTime() - staleAfterMs(ai)), at);
        if (swept.failed || swept.refunded)
          app.log.warn(swept, 'AI requests left pending by a crash: marked failed and refunded');
      } catch (error) {
        app.log.error({ err: error }, 'AI request sweep failed; the next one retries');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};
