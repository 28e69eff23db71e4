/**
 * The AI gateway's money path, shared by every paid call: admit (lab permission, rate limits, daily cap,
 * idempotency), reserve the cost in the ledger, and afterwards either keep the charge or refund it. A
 * request row records each call, so a retry with the same idempotency key never charges twice. A student
 * whose class has a credit budget (issue 16) is charged to the class instead of their own balance; the
 * refund and the sweeper find which from the reserve row, so credits always go back where they came from.
 */
import { randomBytes } from 'node:crypto';
import type { LabSlug } from '@ai-edu/contract';
import { aiRequests, creditLedger, type Db } from '@ai-edu/db';
import { and, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { classOfStudent, whoToAsk } from '../classes/access.ts';
import { ClassSpendRefusedError, refundReserve, spendFromClass } from '../credits/class-credits.ts';
import { startOfChinaDay } from '../credits/china-time.ts';
import { applyCreditChange, InsufficientCreditsError } from '../credits/service.ts';
import { assertLabOpen } from '../labs/access.ts';
import type { User } from '../users/accounts.ts';

export type AiRequestRow = typeof aiRequests.$inferSelect;

export interface Admission {
  request: AiRequestRow;
  /**
   * Ledger idempotency keys of this attempt (`<attempt>:reserve`, `<attempt>:refund`): each applies at most
   * once. The sweeper finds the attempt again from the reserve row, so its refund uses the same key.
   */
  attempt: string;
  /** The caller's balance after the reserve; for a student charged to their class, what is left today. */
  balance: number;
  /** The class charged instead of the caller's own balance (issue 16), when there was one. */
  classId?: string;
}

/** A finished earlier attempt with the same idempotency key: its result is answered again, free. */
export interface Replay {
  replay: AiRequestRow;
}

export { startOfChinaDay };

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
    await assertLabOpen(this.db, user, input.lab, this.now());

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

    const minute = await this.limiter
      .hit(`ai:minute:${user.id}`, this.limits.callsPerMinute, 60_000)
      .catch(async (error: unknown) => {
        // The limiter is down (Redis unavailable: 503): a reclaimed attempt must not stay pending, or every
        // retry with its key would be refused as a duplicate until the sweep.
        if (request) await this.finish(request.id, 'failed', { error: 'limiter unavailable' });
        throw error;
      });
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
      return { request, attempt, ...(await this.reserve(user, input, request.id, attempt)) };
    } catch (error) {
      const refused = error instanceof ClassSpendRefusedError;
      await this.finish(request.id, 'failed', {
        error:
          refused || error instanceof InsufficientCreditsError ? 'insufficient credits' : 'reserve failed',
      });
      if (refused) throw await this.namingWhoToAsk(error, user.id);
      throw error;
    }
  }

  /** Charges the student's class when it has a budget, else the caller's own balance. */
  private async reserve(
    user: User,
    input: { kind: string; cost: number },
    requestId: string,
    attempt: string,
  ): Promise<{ balance: number; classId?: string }> {
    const charge = { reason: `ai:${input.kind}`, reference: requestId, idempotencyKey: `${attempt}:reserve` };
    const student = await classOfStudent(this.db, user.id);
    if (student) {
      const spent = await spendFromClass(this.db, {
        ...charge,
        classId: student.klass.id,
        userId: user.id,
        cost: input.cost,
        now: this.now(),
      });
      if (spent) return { balance: spent.leftToday, classId: student.klass.id };
    }
    const { balance } = await applyCreditChange(this.db, { ...charge, userId: user.id, delta: -input.cost });
    return { balance };
  }

  /** The refusal with the class's teachers (else its school) named, so the student knows whom to ask. */
  private async namingWhoToAsk(error: ClassSpendRefusedError, userId: string): Promise<AppError> {
    const student = await classOfStudent(this.db, userId);
    const names = student ? await whoToAsk(this.db, student.klass) : [];
    return new ClassSpendRefusedError(error.key, names.join(', ') || undefined);
  }

  /**
   * Keeps the reserved charge and records what a retry should get back. Only while still pending: a
   * request the sweeper already refunded stays failed (refunded), never "succeeded" as well.
   */
  async commit(admission: Admission, result: Record<string, unknown>): Promise<void> {
    await this.db
      .update(aiRequests)
      .set({ status: 'succeeded', finishedAt: this.now(), charged: 1, result })
      .where(and(eq(aiRequests.id, admission.request.id), eq(aiRequests.status, 'pending')));
  }

  /** Gives the reserved credits back; returns the balance after. */
  async refund(admission: Admission, reason: string): Promise<number> {
    // Back on the account the reserve charged (read from its row): the caller's own, or their class's.
    const refunded = await refundReserve(this.db, {
      reserveKey: `${admission.attempt}:reserve`,
      refundKey: `${admission.attempt}:refund`,
      reason: `refund:${admission.request.kind}`,
      now: this.now(),
    });
    // No reserve row: nothing was charged, so there is nothing to give back.
    const balance = refunded?.balance ?? admission.balance;
    // A reason may quote the failed query with binary parameters: PostgreSQL text cannot hold a NUL.
    await this.finish(admission.request.id, 'failed', {
      error: reason.replaceAll('\u0000', '').slice(0, 500),
    });
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

/** How long a request may stay pending past the provider's own deadline before it is taken as lost. */
export const STALE_MARGIN_MS = 5 * 60_000;

/**
 * Finishes requests left pending by a crash (the process died between reserving and keeping or refunding):
 * every one pending since before `cutoff` is refunded and marked failed, so its idempotency key can be
 * retried. Safe with several instances sweeping at once, and with the original request finishing late:
 * the refund reuses the attempt's own ledger key (`<attempt>:refund`, found from its reserve row), so it
 * applies exactly once whoever gets there first. Refund first, then mark: a sweep that dies in between
 * leaves the row pending, and the next sweep's refund is then a no-op.
 */
export async function sweepStaleRequests(
  db: Db,
  cutoff: Date,
  now: Date,
): Promise<{ failed: number; refunded: number }> {
  // One statement, one snapshot: the reserves read belong to the stale attempt or to earlier ones (already
  // refunded, so their refund is a no-op), never to a retry that claims the key after this read.
  const rows = await db
    .select({
      id: aiRequests.id,
      userId: aiRequests.userId,
      kind: aiRequests.kind,
      reserveKey: creditLedger.idempotencyKey,
    })
    .from(aiRequests)
    .leftJoin(
      creditLedger,
      and(
        eq(creditLedger.userId, aiRequests.userId),
        eq(creditLedger.reference, sql`${aiRequests.id}::text`),
        like(creditLedger.idempotencyKey, sql`'ai:' || ${aiRequests.id}::text || ':%:reserve'`),
      ),
    )
    .where(and(eq(aiRequests.status, 'pending'), lt(aiRequests.createdAt, cutoff)))
    .limit(1000);
  let refunded = 0;
  for (const row of rows) {
    if (!row.reserveKey) continue;
    // Back on the account the reserve charged: the user's own balance or their class's (issue 16).
    const result = await refundReserve(db, {
      reserveKey: row.reserveKey,
      refundKey: `${row.reserveKey.slice(0, -':reserve'.length)}:refund`,
      reason: `refund:${row.kind}`,
      now,
    });
    if (result?.applied) refunded++;
  }
  const ids = [...new Set(rows.map((row) => row.id))];
  const marked = ids.length
    ? await db
        .update(aiRequests)
        .set({ status: 'failed', finishedAt: now, error: 'interrupted: no answer before the server stopped' })
        .where(
          and(
            inArray(aiRequests.id, ids),
            eq(aiRequests.status, 'pending'),
            lt(aiRequests.createdAt, cutoff),
          ),
        )
        .returning({ id: aiRequests.id })
    : [];
  return { failed: marked.length, refunded };
}
