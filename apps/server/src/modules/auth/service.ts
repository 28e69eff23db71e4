/** Product-API sign-in: by login token, by password (school and student accounts), by SSO; and logout. */
import { hourlySecret } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { Config } from '../../config.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { decoyHash, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { findUserByAccount, normaliseAccount } from '../users/accounts.ts';
import { createSession, revokeLoginTokens, revokeSession, useLoginToken } from './sessions.ts';
import type { SsoService } from './sso.ts';

const WINDOW_15_MIN = 15 * 60_000;

export interface AuthServiceDeps {
  db: Db;
  limiter: RateLimiter;
  limits: Config['limits'];
  clientSecret: string;
  sso: SsoService;
  now: () => Date;
}

export class AuthService {
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
   * Password login. Failures are counted per account and per address and refused past the limit; an
   * unknown account costs the same scrypt work as a known one, so timing does not reveal accounts.
   */
  async loginWithPassword(input: { account: string; digest: string; ip: string; student: boolean }) {
    const { db, limiter, limits, now } = this.deps;
    const accountKey = `login-fail:acct:${normaliseAccount(input.account)}`;
    const ipKey = `login-fail:ip:${input.ip}`;
    const [byAccount, byIp] = await Promise.all([
      limiter.peek(accountKey, limits.loginFailuresPerAccount15Min),
      limiter.peek(ipKey, limits.loginFailuresPerIp15Min),
    ]);
    if (!byAccount.allowed || !byIp.allowed) {
      throw tooManyRequests(Math.max(byAccount.retryAfterMs, byIp.retryAfterMs));
    }
    const user = await findUserByAccount(db, input.account);
    const stored = user?.passwordHash ?? (await decoyHash());
    const ok = (await verifyPassword(input.digest, stored)) && Boolean(user?.passwordHash);
    if (!ok || !user) {
      await Promise.all([
        limiter.hit(accountKey, limits.loginFailuresPerAccount15Min, WINDOW_15_MIN),
        limiter.hit(ipKey, limits.loginFailuresPerIp15Min, WINDOW_15_MIN),
      ]);
      throw new AppError(input.student ? 'studentLoginFailed' : 'loginFailed', 200);
    }
    await limiter.reset(accountKey);
    return createSession(db, user.id, now());
  }

  /** Ends this session, and every login token (uuid) of the account, so a kept uuid signs nobody back in. */
  async logout(token: string): Promise<void> {
    const { db, now } = this.deps;
    const userId = await revokeSession(db, token, now());
    if (userId) await revokeLoginTokens(db, userId, now());
  }
}
