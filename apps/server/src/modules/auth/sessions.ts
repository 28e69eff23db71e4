/**
 * Product-API sessions and account-service login tokens. Both are opaque random tokens handed out once and
 * stored as SHA-256, so a database leak does not leak live sessions.
 */
import {
  ACCOUNT_CODE,
  LOGIN_TOKEN_MAX_USES,
  LOGIN_TOKEN_TTL_MS,
  PASSWORD_SET_WINDOW_MS,
  SESSION_TTL_MS,
  type LabSlug,
} from '@ai-edu/contract';
import { AppError } from '../../lib/errors.ts';
import { labAccessRules, loginTokens, sessions, users, writeClockOf, type Db } from '@ai-edu/db';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { labsWithout } from '../labs/access.ts';
import type { User } from '../users/accounts.ts';

/** Refuses to hand a disabled account a session or a login token. */
async function assertEnabled(db: Db, userId: string): Promise<void> {
  const [row] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
  if (!row || row.disabledAt) throw new AppError('accountDisabled', 200, ACCOUNT_CODE.accountDisabled);
}

export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  await assertEnabled(db, userId);
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/** A live session's account and the labs it may open, as one row. */
export interface SessionCaller {
  user: User;
  labs: LabSlug[];
}

/**
 * The hot path of every signed-in request: the session, its account and the account's denied labs in one
 * prepared statement (built once per database), so a request costs one round trip and no query building.
 */
function callerStatement(db: Db) {
  const denied = sql<string[] | null>`(
    select array_agg(d) from ${labAccessRules} r, unnest(r.denied) d
    where (r.scope = 'account' and r.subject = ${users.id}::text)
       or (r.scope = 'company' and ${users.companyName} <> '' and r.subject = ${users.companyName})
  )`;
  return db
    .select({ user: users, denied, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare('resolve_session_caller');
}
const callerStatements = new WeakMap<Db, ReturnType<typeof callerStatement>>();

/**
 * The signed-in caller behind a session token. On the embedded database the answer is cached until the
 * next write of any kind (see `writeClockOf`): a logout, a password reset, a disabled account or a credit
 * change is seen by the very next request. PostgreSQL is shared by other instances whose writes this one
 * cannot see, so there it always asks the database.
 */
export async function resolveSession(db: Db, token: string, now: Date): Promise<SessionCaller | undefined> {
  const tokenHash = hashToken(token);
  const clock = writeClockOf(db);
  const cache = clock && callerCacheOf(db);
  const hit = cache?.get(tokenHash);
  if (hit && hit.generation === clock?.generation && hit.expiresAt > now.getTime()) return copyOf(hit.caller);

  const generation = clock?.generation;
  let statement = callerStatements.get(db);
  if (!statement) callerStatements.set(db, (statement = callerStatement(db)));
  const [row] = await statement.execute({ tokenHash, now });
  if (!row) return undefined;
  const caller = { user: row.user, labs: labsWithout(row.denied ?? []) };
  // Only an answer no write overlapped is kept.
  if (cache && clock && generation === clock.generation) {
    cache.set(tokenHash, { caller, generation, expiresAt: row.expiresAt.getTime() });
  }
  return copyOf(caller);
}

/** Routes get their own copy: a cached caller must never change under another request. */
const copyOf = (caller: SessionCaller): SessionCaller => ({
  user: { ...caller.user },
  labs: [...caller.labs],
});

interface CachedCaller {
  caller: SessionCaller;
  generation: number;
  expiresAt: number;
}

/** A bounded map: past the bound the oldest entries go first (insertion order). */
class CallerCache {
  private static readonly MAX = 10_000;
  private readonly map = new Map<string, CachedCaller>();

  get(key: string): CachedCaller | undefined {
    return this.map.get(key);
  }

  set(key: string, value: CachedCaller) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > CallerCache.MAX) this.map.delete(this.map.keys().next().value!);
  }
}

const callerCaches = new WeakMap<Db, CallerCache>();

/** The caller cache of an embedded database, made on first use. */
function callerCacheOf(db: Db): CallerCache {
  let cache = callerCaches.get(db);
  if (!cache) callerCaches.set(db, (cache = new CallerCache()));
  return cache;
}

/** Ends one session; answers its account (undefined when it was not live). */
export async function revokeSession(db: Db, token: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return row?.userId;
}

export async function revokeAllSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The `uuid` a successful code login returns: exchanged for a session by /api/login, briefly. */
export async function createLoginToken(db: Db, userId: string, now: Date): Promise<string> {
  await assertEnabled(db, userId);
  const token = newToken();
  await db.insert(loginTokens).values({
    tokenHash: hashToken(token),
    userId,
    verifiedAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_TOKEN_TTL_MS),
  });
  return token;
}

const liveLoginToken = (token: string, now: Date) =>
  and(
    eq(loginTokens.tokenHash, hashToken(token)),
    gt(loginTokens.expiresAt, now),
    isNull(loginTokens.revokedAt),
  );

export async function resolveLoginToken(db: Db, token: string, now: Date) {
  const [row] = await db.select().from(loginTokens).where(liveLoginToken(token, now)).limit(1);
  return row;
}

/**
 * Counts one sign-in on a live login token and answers its account, or undefined when the token is
 * unknown, expired, revoked or used up. One UPDATE, so concurrent exchanges never exceed the cap.
 */
export async function useLoginToken(db: Db, token: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(loginTokens)
    .set({ uses: sql`${loginTokens.uses} + 1` })
    .where(and(liveLoginToken(token, now), lt(loginTokens.uses, LOGIN_TOKEN_MAX_USES)))
    .returning({ userId: loginTokens.userId });
  return row?.userId;
}

/** Logout and password reset: no login token of the account signs anyone in again (but `keep`, if given). */
export async function revokeLoginTokens(db: Db, userId: string, now: Date, keep?: string): Promise<void> {
  const conditions = [eq(loginTokens.userId, userId), isNull(loginTokens.revokedAt)];
  if (keep) conditions.push(ne(loginTokens.tokenHash, hashToken(keep)));
  await db
    .update(loginTokens)
    .set({ revokedAt: now })
    .where(and(...conditions));
}

/** A login token may set a password once, within a short window after its code was checked. */
export function mayStillSetPassword(row: { verifiedAt: Date; passwordSetAt: Date | null }, now: Date) {
  return row.passwordSetAt === null && now.getTime() - row.verifiedAt.getTime() <= PASSWORD_SET_WINDOW_MS;
}
