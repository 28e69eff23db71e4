/** Product-API sign-in: by login token, by password (school and student accounts), by SSO; and logout. */
import { hourlySecret } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { Config } from '../../config.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { decoyHash, verifyPassword } from '../../lib/passwords.ts';
import type { LimitSpec, RateLimiter } from '../../lib/rate-limiter.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { findUserByAccount, normaliseAccount } from '../users/accounts.ts';
import { createSession, revokeLoginTokens, revokeSession, useLoginToken } from './sessions.ts';
import type { SsoService } from './sso.ts';

const WINDOW_15_MIN = 15 * 60_000;
/**
 * A sign-in waiting for checks in flight to settle gives up (503) when no check on this server has settled
 * for ADMIT_STALL_MS (reservations left behind by a crashed instance, checks stuck), or after
 * ADMIT_WAIT_MAX_MS in all. While checks keep settling the wait is the queue for the hash workers, which the
 * request would stand in anyway; a fixed cap of a few seconds refused a class on a busy 2-core machine.
 */
const ADMIT_STALL_MS = 3_000;
const ADMIT_WAIT_MAX_MS = 15_000;
/** Longest pause between looks at the counters while waiting (checks settled by other instances). */
const ADMIT_POLL_MS = 200;

/** 429 that says how many minutes to wait, with Retry-After in seconds. */
function loginLocked(retryAfterMs: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return tooManyRequests(retryAfterMs, -6, 'loginLocked', String(minutes));
}

export interface AuthServiceDeps {
  db: Db;
  limiter: RateLimiter;
  limits: Config['limits'];
  clientSecret: string;
  sso: SsoService;
  now: () => Date;
  /** Overrides ADMIT_STALL_MS (tests). */
  admitStallMs?: number;
}

/** Lets sign-ins waiting for room on the counters look again as soon as one of this process's checks settles. */
class Wakeups {
  private readonly waiting = new Set<(woken: boolean) => void>();

  /** Resolves true at the next `wake()`, or false after `ms`, whichever comes first. */
  next(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve(woken);
      };
      const timer = setTimeout(() => done(false), ms);
      this.waiting.add(done);
    });
  }

  wake(): void {
    for (const done of [...this.waiting]) done(true);
  }
}

export class AuthService {
  private readonly settled = new Wakeups();

  constructor(private readonly deps: AuthServiceDeps) {}

  async loginWithToken(uuid: string): Promise<string> {
    const { db, now } = this.deps;
    const userId = await useLoginToken(db, uuid, now());
    if (!userId) throw new AppError('loginLinkInvalid', 200);
    return createSession(db, userId, now());
  }

  async loginWithSso(jwt: string): Promise<string> {
    const user = await this.deps.sso.userFor(jwt);
    return createSession(this.deps.db, user.id, this.deps.now());
  }

  /** The student form's `secret` proves a current client: HMAC of this or the previous hour (UTC+8). */
  checkStudentSecret(secret: string): void {
    const now = this.deps.now();
    const valid = [now, new Date(now.getTime() - 3600_000)].some((at) =>
      safeEqual(hourlySecret(this.deps.clientSecret, at), secret),
    );
    if (!valid) throw new AppError('secretInvalid', 200);
  }

  /**
   * Password login under the sign-in limits (docs/operations.md, "Sign-in limits"). The attempt is counted
   * *before* the hash check and given back when it succeeds (kept as a failure when it does not), so racing
   * requests cannot get more guesses than the limits allow. An unknown account costs the same scrypt work as
   * a known one, so timing does not reveal accounts. With `studentSecret` (login_stu) an account signs in at
   * most once a minute per secret.
   */
  async loginWithPassword(input: {
    account: string;
    digest: string;
    ip: string;
    student: boolean;
    studentSecret?: string;
  }) {
    const { db, limiter, now } = this.deps;
    const account = normaliseAccount(input.account);
    const reserved = await this.admit(account, input.ip);
    const settle = async (how: 'release' | 'commit', ...also: Promise<void>[]) => {
      try {
        await Promise.all([limiter[how](reserved), ...also]);
      } finally {
        this.settled.wake();
      }
    };
    let user: Awaited<ReturnType<typeof findUserByAccount>>;
    let ok: boolean;
    try {
      user = await findUserByAccount(db, input.account);
      const stored = user?.passwordHash ?? (await decoyHash());
      ok = (await verifyPassword(input.digest, stored)) && Boolean(user?.passwordHash);
    } catch (error) {
      // A server fault is not a guess: give the attempt back.
      await settle('release');
      throw error;
    }
    if (!ok || !user) {
      // A wrong password keeps its reservation: that is the counted failure.
      await settle('commit');
      throw new AppError(input.student ? 'studentLoginFailed' : 'loginFailed', 200);
    }
    // A success clears the pair's failures (reservations of other checks still in flight stay).
    await settle('release', limiter.reset(this.keys(account, input.ip).pair.key));
    if (input.studentSecret) await this.useStudentSecretOnce(account, input.studentSecret);
    await this.rememberAddress(account, input.ip);
    return createSession(db, user.id, now());
  }

  /** The counters of one attempt: (account, address), account, address. */
  private keys(account: string, ip: string): Record<'pair' | 'account' | 'ip', LimitSpec> {
    const { limits } = this.deps;
    return {
      pair: {
        key: `login-fail:pair:${account}:${ip}`,
        limit: limits.loginFailuresPerAccountIp15Min,
        windowMs: WINDOW_15_MIN,
      },
      account: {
        key: `login-fail:acct:${account}`,
        limit: limits.loginFailuresPerAccount15Min,
        windowMs: WINDOW_15_MIN,
      },
      ip: { key: `login-fail:ip:${ip}`, limit: limits.loginFailuresPerIp15Min, windowMs: WINDOW_15_MIN },
    };
  }

  /**
   * Reserves one failure on the counters this attempt answers to and returns their keys, or throws 429 with
   * the minutes to wait. Refused attempts reserve nothing, so a pupil hammering a locked account does not
   * use up the school address's allowance.
   *
   * Only failures that happened refuse. A counter that is full because of checks still in flight (reserved,
   * not yet known right or wrong) makes the attempt wait for them to settle and look again: they may well
   * succeed and give their reservations back (a class signing in to one shared account at 8:00). Nothing is
   * checked without a reservation, so the failure limits stay exact. The wait is bounded (ADMIT_STALL_MS
   * without progress, ADMIT_WAIT_MAX_MS in all, then 503 "busy" with Retry-After) and comes before any
   * database work, so it holds no connection.
   */
  private async admit(account: string, ip: string): Promise<string[]> {
    const start = performance.now();
    const stallMs = this.deps.admitStallMs ?? ADMIT_STALL_MS;
    let progressAt = start;
    for (let pause = 10; ; pause = Math.min(2 * pause, ADMIT_POLL_MS)) {
      const reserved = await this.tryAdmit(account, ip);
      if (reserved !== 'busy') return reserved;
      const left = Math.min(progressAt + stallMs, start + ADMIT_WAIT_MAX_MS) - performance.now();
      if (left <= 0) throw new AppError('serviceBusy', 503, -1, { 'retry-after': '2' });
      if (await this.settled.next(Math.min(pause, left))) progressAt = performance.now();
    }
  }

  /** One look at the counters: the keys reserved, or 'busy' (full of checks in flight); throws when refused. */
  private async tryAdmit(account: string, ip: string): Promise<string[] | 'busy'> {
    const k = this.keys(account, ip);
    // An address this account signed in from before answers only to its own pair count: a stranger who
    // locks the account from elsewhere does not lock its owner out at school or at home.
    if (await this.isKnownAddress(account, ip)) return this.reserveOrRefuse([k.pair]);
    const first = await this.deps.limiter.reserve([k.pair, k.account, k.ip]);
    if (first.allowed) return [k.pair.key, k.account.key, k.ip.key];
    // Over the address's limit, an account with no failure of its own still gets its try (limit 1 on the
    // account counter): the rest of a class behind one NAT keeps signing in while a neighbour mistypes,
    // and an address spraying guesses gets at most one per account per window.
    if (first.blocked.length === 1 && first.blocked[0] === k.ip.key) {
      return this.reserveOrRefuse([k.pair, { ...k.account, limit: 1 }]);
    }
    if (first.blocked.length > 0) throw loginLocked(first.retryAfterMs);
    return 'busy';
  }

  private async reserveOrRefuse(specs: LimitSpec[]): Promise<string[] | 'busy'> {
    const result = await this.deps.limiter.reserve(specs);
    if (result.allowed) return specs.map((s) => s.key);
    if (result.blocked.length > 0) throw loginLocked(result.retryAfterMs);
    return 'busy';
  }

  private async isKnownAddress(account: string, ip: string): Promise<boolean> {
    return (await this.deps.limiter.peek(`login-ok:${account}:${ip}`, 1)).count > 0;
  }

  /** Trusts this address for the account for the configured days from this success. */
  private async rememberAddress(account: string, ip: string): Promise<void> {
    const key = `login-ok:${account}:${ip}`;
    await this.deps.limiter.reset(key);
    await this.deps.limiter.hit(key, 1, this.deps.limits.loginRememberAddressDays * 86_400_000);
  }

  /**
   * Each (account, secret) signs in at most once a minute. Only *successful* uses count: the web client
   * sends the same hourly secret when a pupil retries after a mistyped password, and that retry must work
   * (failures are bounded by the failure counters already). What is refused is a replay, within the minute,
   * of a request that signed in.
   */
  private async useStudentSecretOnce(account: string, secret: string): Promise<void> {
    const use = await this.deps.limiter.hit(`login-stu-secret:${account}:${secret}`, 1, 60_000);
    if (!use.allowed) throw tooManyRequests(use.retryAfterMs, -6, 'tooFrequent');
  }

  /** Ends this session, and every login token (uuid) of the account, so a kept uuid signs nobody back in. */
  async logout(token: string): Promise<void> {
    const { db, now } = this.deps;
    const userId = await revokeSession(db, token, now());
    if (userId) await revokeLoginTokens(db, userId, now());
  }
}
