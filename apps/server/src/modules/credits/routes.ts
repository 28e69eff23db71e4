/**
 * The caller's own credits ledger, newest first, paged by id. Rows that moved a class's allocation (a
 * student's spend from their class, a teacher's allocation) belong to the class's balance, not the caller's.
 */
import { creditLedger, type Db } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';

const querySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});

export async function ledgerOf(db: Db, userId: string, limit: number, before?: number) {
  const rows = await db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        isNull(creditLedger.classId),
        before ? lt(creditLedger.id, before) : undefined,
      ),
    )
    .orderBy(desc(creditLedger.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    delta: r.delta,
    balanceAfter: r.balanceAfter,
    reason: r.reason,
    reference: r.reference,
    createdAt: r.createdAt.toISOString(),
  }));
}

export const creditRoutes: FastifyPluginAsync<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.get('/credits/history', async (request) => {
    const { limit, before } = parseInput(querySchema, request.query);
    const { user } = await requireCaller(db, request, now());
    return productOk(request, {
      balance: user.creditBalance,
      entries: await ledgerOf(db, user.id, limit, before),
    });
  });
};
