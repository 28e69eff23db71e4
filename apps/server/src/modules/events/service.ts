/**
 * Limited-time events. Rewards go through the credits ledger with idempotency keys built from the event,
 * the account and (for check-ins) the day, so no retry or double click can pay twice.
 */
import { createHmac } from 'node:crypto';
import type { EventInput, EventState, EventView } from '@ai-edu/contract';
import { creditLedger, events, type Db } from '@ai-edu/db';
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { applyCreditChange } from '../credits/service.ts';
import { startOfChinaDay } from '../ai/gateway.ts';

export type EventRow = typeof events.$inferSelect;

export function redeemCodeHash(secret: string, code: string): string {
  return createHmac('sha256', secret).update(`redeem:${code.trim().toUpperCase()}`).digest('hex');
}

export function stateOf(event: EventRow, now: Date): EventState {
  if (now < event.startsAt) return 'upcoming';
  return now < event.endsAt ? 'active' : 'ended';
}

const redeemKey = (eventId: string, userId: string) => `event:${eventId}:redeem:${userId}`;
const checkinKey = (eventId: string, userId: string, now: Date) =>
  `event:${eventId}:checkin:${userId}:${startOfChinaDay(now).toISOString().slice(0, 10)}`;

/** The event the navbar links to: the running one (latest start), else the next, else the last. */
export async function currentEvent(db: Db, now: Date): Promise<EventRow | undefined> {
  const [running] = await db
    .select()
    .from(events)
    .where(and(lte(events.startsAt, now), gt(events.endsAt, now)))
    .orderBy(desc(events.startsAt))
    .limit(1);
  if (running) return running;
  const [next] = await db
    .select()
    .from(events)
    .where(gt(events.startsAt, now))
    .orderBy(asc(events.startsAt))
    .limit(1);
  if (next) return next;
  const [last] = await db.select().from(events).orderBy(desc(events.endsAt)).limit(1);
  return last;
}

export async function viewOf(
  db: Db,
  event: EventRow,
  userId: string | undefined,
  now: Date,
): Promise<EventView> {
  let redeemed = false;
  let checkedInToday = false;
  if (userId) {
    const keys = [redeemKey(event.id, userId), checkinKey(event.id, userId, now)];
    const rows = await db
      .select({ key: creditLedger.idempotencyKey })
      .from(creditLedger)
      .where(inArray(creditLedger.idempotencyKey, keys));
    const seen = new Set(rows.map((r) => r.key));
    redeemed = seen.has(keys[0]!);
    checkedInToday = seen.has(keys[1]!);
  }
  return {
    id: event.id,
    title: event.title,
    body: event.body,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    state: stateOf(event, now),
    hasRedeemCode: Boolean(event.redeemCodeHash),
    redeemCredits: event.redeemCredits,
    checkinCredits: event.checkinCredits,
    redeemed,
    checkedInToday,
    translations: event.translations ?? null,
  };
}

function assertActive(event: EventRow, now: Date) {
  if (stateOf(event, now) !== 'active') throw new AppError('eventNotActive', 409);
}

/** Wrong redeem codes allowed per account and per client address in an hour (config `limits`). */
export interface RedeemGuard {
  limiter: RateLimiter;
  perAccountHour: number;
  perIpHour: number;
  ip: string;
}

const HOUR = 3600_000;

/**
 * Pays the event's redeem credits once per account. Each try is reserved on the wrong-code counters before
 * the code is compared and given back when it is right, so racing requests cannot guess past the limits.
 */
export async function redeem(
  db: Db,
  secret: string,
  event: EventRow,
  userId: string,
  code: string,
  now: Date,
  guard: RedeemGuard,
) {
  assertActive(event, now);
  const specs = [
    { key: `redeem-fail:acct:${userId}`, limit: guard.perAccountHour, windowMs: HOUR },
    { key: `redeem-fail:ip:${guard.ip}`, limit: guard.perIpHour, windowMs: HOUR },
  ];
  const reserved = await guard.limiter.reserve(specs);
  if (!reserved.allowed) throw tooManyRequests(reserved.retryAfterMs, -6, 'tooFrequent');
  const keys = specs.map((s) => s.key);
  if (!event.redeemCodeHash || !safeEqual(redeemCodeHash(secret, code), event.redeemCodeHash)) {
    // Kept as a failure (no longer in flight), so the limit refuses with the window's time left.
    await guard.limiter.commit(keys);
    throw new AppError('wrongRedeemCode', 400);
  }
  await guard.limiter.release(keys);
  const result = await applyCreditChange(db, {
    userId,
    delta: event.redeemCredits,
    reason: `event: ${event.title}`.slice(0, 200),
    reference: event.id,
    idempotencyKey: redeemKey(event.id, userId),
  });
  if (!result.applied) throw new AppError('alreadyRedeemed', 409);
  return result.balance;
}

export async function checkIn(db: Db, event: EventRow, userId: string, now: Date) {
  assertActive(event, now);
  if (event.checkinCredits <= 0) throw new AppError('notFound', 404);
  const result = await applyCreditChange(db, {
    userId,
    delta: event.checkinCredits,
    reason: `check-in: ${event.title}`.slice(0, 200),
    reference: event.id,
    idempotencyKey: checkinKey(event.id, userId, now),
  });
  if (!result.applied) throw new AppError('alreadyCheckedIn', 409);
  return result.balance;
}

export function eventValues(input: EventInput & { startsAt: string; endsAt: string }, secret: string) {
  return {
    title: input.title,
    body: input.body ?? '',
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    redeemCodeHash: input.redeemCode ? redeemCodeHash(secret, input.redeemCode) : null,
    redeemCredits: input.redeemCredits ?? 0,
    checkinCredits: input.checkinCredits ?? 0,
  };
}

export async function findEvent(db: Db, id: string) {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) throw new AppError('notFound', 404);
  return row;
}
