/**
 * The only writer of the credits ledger. A change is one transaction: the ledger row (skipped when its
 * idempotency key was seen before) and a conditional balance update that cannot go below zero, so there
 * is no read-then-write race however many requests spend at once.
 */
import { creditLedger, users, type Db } from '@ai-edu/db';
import { and, eq, gte, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';

export interface CreditChange {
  userId: string;
  delta: number;
  reason: string;
  reference?: string;
  idempotencyKey?: string;
}

export interface CreditResult {
  balance: number;
  /** false when the idempotency key had already been applied: nothing changed this time. */
  applied: boolean;
}

export class InsufficientCreditsError extends AppError {
  constructor() {
    super('insufficientCredits', 402, -1);
  }
}

export async function applyCreditChange(db: Db, change: CreditChange): Promise<CreditResult> {
  try {
    return await applyOnce(db, change);
  } catch (error) {
    // Two requests with the same key raced: the loser's insert hit the unique index and rolled back whole.
    if (change.idempotencyKey && isUniqueViolation(error)) return applyOnce(db, change);
    throw error;
  }
}

/** Whether a database error (or one it caused) broke a unique index: PostgreSQL's 23505. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function applyOnce(db: Db, change: CreditChange): Promise<CreditResult> {
  if (!Number.isInteger(change.delta) || change.delta === 0)
    throw new Error('credit delta must be a non-zero integer');
  return db.transaction(async (tx) => {
    if (change.idempotencyKey) {
      const [seen] = await tx
        .select({ userId: creditLedger.userId })
        .from(creditLedger)
        .where(eq(creditLedger.idempotencyKey, change.idempotencyKey))
        .limit(1);
      if (seen) {
        const [user] = await tx
          .select({ balance: users.creditBalance })
          .from(users)
          .where(eq(users.id, seen.userId));
        return { balance: user?.balance ?? 0, applied: false };
      }
    }
    const [updated] = await tx
      .update(users)
      .set({ creditBalance: sql`${users.creditBalance} + ${change.delta}` })
      .where(and(eq(users.id, change.userId), gte(sql`${users.creditBalance} + ${change.delta}`, 0)))
      .returning({ balance: users.creditBalance });
    if (!updated) throw new InsufficientCreditsError();
    await tx.insert(creditLedger).values({
      userId: change.userId,
      delta: change.delta,
      balanceAfter: updated.balance,
      reason: change.reason,
      reference: change.reference,
      idempotencyKey: change.idempotencyKey,
    });
    return { balance: updated.balance, applied: true };
  });
}
