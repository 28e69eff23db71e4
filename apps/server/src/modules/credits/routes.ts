/**
 * The caller's own credits ledger, newest first, paged by id. Rows that moved a class's allocation (a
 * student's spend from their class, a teacher's allocation) belong to the class's balance, not the caller's.
 */
import { TRANSLATION_LANGUAGES, type Translations } from '@ai-edu/contract';
import { creditLedger, events, type Db } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
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
  const rewardEvents = await eventsOf(db, rows);
  return rows.map((r) => ({
    id: r.id,
    delta: r.delta,
    balanceAfter: r.balanceAfter,
    reason: r.reason,
    reference: r.reference,
    translations: rewardTranslations(r, rewardEvents),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The reasons an event's reward is written with (events/service.ts): the code, then the event's title. */
const EVENT_REASON = /^(event|check-in): (.*)$/s;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type LedgerRow = { reason: string; reference: string | null };
type RewardEvent = { title: string; translations: Translations<'title' | 'body'> | null };

/** The events the rows' rewards came from, by id. */
async function eventsOf(db: Db, rows: LedgerRow[]): Promise<Map<string, RewardEvent>> {
  const ids = [
    ...new Set(
      rows.flatMap((r) =>
        r.reference && UUID.test(r.reference) && EVENT_REASON.test(r.reason) ? [r.reference] : [],
      ),
    ),
  ];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: events.id, title: events.title, translations: events.translations })
    .from(events)
    .where(inArray(events.id, ids));
  return new Map(found.map(({ id, ...event }) => [id, event]));
}

/**
 * An event reward's reason holds the event's title as stored (the demo event's is Chinese); the event's
 * other-language titles, as `{ en: { detail: … } }`, let the page show the reason in its language. Only while
 * the recorded title is still the event's title: an edited event keeps its history as it was written.
 */
function rewardTranslations(
  row: LedgerRow,
  rewardEvents: Map<string, RewardEvent>,
): Translations<'detail'> | null {
  const event = row.reference ? rewardEvents.get(row.reference) : undefined;
  const detail = EVENT_REASON.exec(row.reason)?.[2];
  if (!event?.translations || detail !== event.title) return null;
  const translations: Translations<'detail'> = {};
  for (const language of TRANSLATION_LANGUAGES) {
    const title = event.translations[language]?.title;
    if (title) translations[language] = { detail: title };
  }
  return Object.keys(translations).length > 0 ? translations : null;
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
