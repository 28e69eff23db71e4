/**
 * The AI gateway's money path, shared by every paid call: admit (lab permission, rate limits, daily cap,
 * idempotency), reserve the cost in the ledger, and afterwards either keep the charge or refund it. A
 * request row records each call, so a retry with the same idempotency key never charges twice.
 */
import { randomBytes } from 'node:crypto';
import type { LabSlug } from '@ai-edu/contract';
import { aiRequests, type Db } from '@ai-edu/db';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { applyCreditChange, InsufficientCreditsError } from '../credits/service.ts';
import { allowedLabs } from '../labs/access.ts';
import type { User } from '../users/accounts.ts';

export type AiRequestRow = typeof aiRequests.$inferSelect;

export interface Admission {
  request: AiRequestRow;
  /** Ledger idempotency keys of this attempt: reserve and refund each apply at most once. */
  attempt: string;
  balance: number;
}

/** A finished earlier attempt with the same idempotency key: its result is answered again, free. */
export interface Replay {
  replay: AiRequestRow;
}

/** Start of the current day in China Standard Time (UTC+8), where the daily cap resets. */
export function startOfChinaDay(now: Date): Date {
  const shifted = new Date(now.getTime() + 8 * 3600_000);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - 8 * 3600_000);
}

export class AiGateway {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly limits: Pick<Config['ai'], 'callsPerMinute' | 'callsPerDay'>,
    private readonly now: () => Date,
  ) {}

  async admit(
    user: User,
    input: { lab: LabSlug; kind: string; cost: number; idempotencyKey?: string },
  ): Promise<Admission | Replay> {
    if (!(await allowedLabs(this.db, user)).includes(input.lab)) throw new AppError('labDenied', 403);

    let request: AiRequestRow | undefined;
    if (input.idempotencyKey) {
      const [earlier] = await this.db
        .select()
        .from(aiRequests)
        .where(and(eq(aiRequests.userId, user.id), eq(aiRequests.idempotencyKey, input.idempotencyKey)));
      if (earlier?.status === 'succeeded') return { replay: earlier };
      if (earlier?.status === 'pending') throw new AppError('duplicateRequest', 409);
      if (earlier) {
        // A failed (refunded) attempt may be tried again: claim it back atomically.
        [request] = await this.db
          .update(aiRequests)
          .set({ status: 'pending', error: null, createdAt: this.now(), finishedAt: null })
          .where(and(eq(aiRequests.id, earlier.id), eq(aiRequests.status, 'failed')))
          .returning();
        if (!request) throw new AppError('duplicateRequest', 409);
      }
    }

    const minute = await this.limiter.hit(`ai:minute:${user.id}`, this.limits.callsPerMinute, 60_000);
    if (!minute.allowed) {
      if (request) await this.finish(request.id, 'failed', { error: 'rate limited' });
      throw tooManyRequests(minute.retryAfterMs);
    }
    const [today] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(aiRequests)
      .where(and(eq(aiRequests.userId, user.id), gte(aiRequests.createdAt, startOfChinaDay(this.now()))));
    if ((today?.n ?? 0) - (request ? 1 : 0) >= this.limits.callsPerDay) {
      if (request) await this.finish(request.id, 'failed', { error: 'daily cap' });
      throw new AppError('aiDailyCap', 429);
    }

    if (!request) {
      [request] = await this.db
        .insert(aiRequests)
        .values({
          userId: user.id,
          kind: input.kind,
          idempotencyKey: input.idempotencyKey ?? null,
          cost: input.cost,
          createdAt: this.now(),
        })
        .onConflictDoNothing()
        .returning();
      // Lost a race with the same key: the other request is in flight.
      if (!request) throw new AppError('duplicateRequest', 409);
    }

    const attempt = `ai:${request.id}:${randomBytes(6).toString('hex')}`;
    try {
      const { balance } = await applyCreditChange(this.db, {
        userId: user.id,
        delta: -input.cost,
        reason: `ai:${input.kind}`,
        reference: request.id,
        idempotencyKey: `${attempt}:reserve`,
      });
      return { request, attempt, balance };
    } catch (error) {
      await this.finish(request.id, 'failed', {
        error: error instanceof InsufficientCreditsError ? 'insufficient credits' : 'reserve failed',
      });
      throw error;
    }
  }

  /** Keeps the reserved charge and records what a retry should get back. */
  async commit(admission: Admission, result: Record<string, unknown>): Promise<void> {
    await this.finish(admission.request.id, 'succeeded', { charged: 1, result });
  }

  /** Gives the reserved credits back; returns the balance after. */
  async refund(admission: Admission, reason: string): Promise<number> {
    const { balance } = await applyCreditChange(this.db, {
      userId: admission.request.userId,
      delta: admission.request.cost,
      reason: `refund:${admission.request.kind}`,
      reference: admission.request.id,
      idempotencyKey: `${admission.attempt}:refund`,
    });
    await this.finish(admission.request.id, 'failed', { error: reason.slice(0, 500) });
    return balance;
  }

  private async finish(
    id: string,
    status: 'succeeded' | 'failed',
    fields: { charged?: number; result?: Record<string, unknown>; error?: string },
  ) {
    await this.db
      .update(aiRequests)
      .set({ status, finishedAt: this.now(), ...fields })
      .where(eq(aiRequests.id, id));
  }
}
