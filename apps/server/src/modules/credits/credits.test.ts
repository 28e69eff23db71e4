import { creditLedger, users } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../admin/service.ts';
import { applyCreditChange, InsufficientCreditsError } from './service.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function userWith(account: string, credits: number) {
  return createUser(database.db, { account, vip: 0, credits, admin: false }, new Date());
}

async function ledgerSum(userId: string) {
  const [row] = await database.db
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return row?.sum ?? 0;
}

describe('credits ledger', () => {
  it('lets exactly 50 of 100 concurrent spends of 1 through a balance of 50', async () => {
    const user = await userWith('spender@example.com', 50);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        applyCreditChange(database.db, {
          userId: user.id,
          delta: -1,
          reason: 'test spend',
          reference: `r${i}`,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(50);
    expect(refused.every((r) => r.reason instanceof InsufficientCreditsError)).toBe(true);
    const after = await balanceOf(user.id);
    expect(after).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });

  it('charges a retried request with the same idempotency key once, even when the retries race', async () => {
    const user = await userWith('retry@example.com', 10);
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        applyCreditChange(database.db, {
          userId: user.id,
          delta: -3,
          reason: 'chat',
          idempotencyKey: 'req-1',
        }),
      ),
    );
    expect(attempts.filter((a) => a.applied)).toHaveLength(1);
    expect(attempts.every((a) => a.balance === 7)).toBe(true);
    expect(await balanceOf(user.id)).toBe(7);
  });

  it('refuses a change that would go below zero and writes nothing', async () => {
    const user = await userWith('poor@example.com', 2);
    await expect(
      applyCreditChange(database.db, { userId: user.id, delta: -3, reason: 'too much' }),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await balanceOf(user.id)).toBe(2);
    expect(await ledgerSum(user.id)).toBe(2);
  });
});

async function balanceOf(userId: string) {
  const [row] = await database.db
    .select({ balance: users.creditBalance })
    .from(users)
    .where(eq(users.id, userId));
  return row?.balance;
}
