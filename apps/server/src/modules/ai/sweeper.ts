/**
 * Runs the gateway's sweep of requests left pending by a crash: once at start-up, then every few minutes.
 * With several instances: one sweeps at a time (an advisory lock, lib/periodic.ts), and even without it
 * the sweep is safe. A request is only swept once it is older than the slowest provider deadline plus a
 * margin, so a call still in flight on another instance is never refunded under it; refunds are keyed
 * (`…:refund`, applied at most once) and the failed mark is a conditional `status = 'pending'` update, so
 * two sweeps never refund the same request twice. The timer never keeps the process alive and stops when
 * the app closes.
 */
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { schedulePeriodic } from '../../lib/periodic.ts';
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
  schedulePeriodic(app, {
    name: 'AI request sweep',
    everyMs: SWEEP_EVERY_MS,
    db,
    run: async () => {
      const at = now();
      const swept = await sweepStaleRequests(db, new Date(at.getTime() - staleAfterMs(ai)), at);
      if (swept.failed || swept.refunded)
        app.log.warn(swept, 'AI requests left pending by a crash: marked failed and refunded');
    },
  });
};
