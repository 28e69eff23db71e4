/**
 * The account service: send a code, log in (and register) with it, set a password. Every refusal is an
 * AppError carrying the spec's account-service code; nothing is written when a step fails.
 */
import {
  ACCOUNT_CODE,
  isEmailLike,
  LOGIN_TOKEN_MAX_USES,
  normaliseMainlandMobile,
  type Language,
  type VerifyLoginData,
} from '@ai-edu/contract';
import { loginTokens, users, type Db } from '@ai-edu/db';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { hashToken } from '../../lib/tokens.ts';
import { findOrRegister, findUserByAccount } from '../users/accounts.ts';
import {
  createLoginToken,
  mayStillSetPassword,
  resolveLoginToken,
  revokeAllSessions,
  revokeLoginTokens,
} from '../auth/sessions.ts';
import type { CodeStore } from './codes.ts';
import type { Channel, CodePurpose, CodeSender } from './delivery/index.ts';

const HOUR = 3600_000;

export interface AccountServiceDeps {
  db: Db;
  codes: CodeStore;
  sender: CodeSender;
  limiter: RateLimiter;
  limits: Config['limits'];
  now: () => Date;
  log: { error(obj: unknown, msg: string): void };
}

/** The normal form of an address, or null when it is not a valid one for the channel. */
export function normaliseAddress(channel: Channel, raw: string): string | null {
  if (channel === 'email') return isEmailLike(raw) ? raw.trim().toLowerCase() : null;
  return normaliseMainlandMobile(raw);
}

const destinationOf = (channel: Channel, address: string) => `${channel}:${address}`;

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async sendCode(input: {
    channel: Channel;
    address: string;
    language: Language;
    purpose: CodePurpose;
    ip: string;
  }): Promise<void> {
    const { codes, limiter, limits } = this.deps;
    const tooFrequent = new AppError(
      'tooFrequent',
      200,
      input.channel === 'sms' ? ACCOUNT_CODE.smsTooFrequent : ACCOUNT_CODE.emailTooFrequent,
    );
    const address = normaliseAddress(input.channel, input.address);
    if (!address) throw new AppError('invalidDestination', 200, ACCOUNT_CODE.invalidDestination);
    const ipHit = await limiter.hit(`send:ip:${input.ip}`, limits.sendPerIpHour, HOUR);
    if (!ipHit.allowed) throw tooManyRequests(ipHit.retryAfterMs);
    const destination = destinationOf(input.channel, address);
    if (!(await codes.claimCooldown(destination))) throw tooFrequent;
    const destinationHit = await limiter.hit(`send:to:${destination}`, limits.sendPerDestinationHour, HOUR);
    if (!destinationHit.allowed) throw tooFrequent;
    const issued = await codes.issue(destination, input.channel);
    try {
      await this.deps.sender.send({
        channel: input.channel,
        to: address,
        code: issued.code,
        purpose: input.purpose,
        language: input.language,
      });
    } catch (error) {
      // Nothing half-done: the undelivered code is removed and the cooldown released.
      await codes.discard(issued.id);
      await codes.releaseCooldown(destination);
      this.deps.log.error({ err: error, channel: input.channel }, 'verification code delivery failed');
      throw new AppError('sendFailed', 502, ACCOUNT_CODE.sendFailed);
    }
  }

  /**
   * Checks the code and answers a login token. The first success registers the account. In recovery mode
   * an unknown account fails exactly like a wrong code, after the same work, so it tells nothing.
   */
  async verifyLogin(input: {
    account: string;
    authType: 'email' | 'mobile';
    code: string;
    forget: boolean;
    ip: string;
  }): Promise<VerifyLoginData> {
    const { db, codes, limiter, limits, now } = this.deps;
    const ipHit = await limiter.hit(`verify:ip:${input.ip}`, limits.verifyPerIp10Min, 10 * 60_000);
    if (!ipHit.allowed) throw tooManyRequests(ipHit.retryAfterMs);
    const codeError = new AppError('codeError', 200, ACCOUNT_CODE.codeError);
    const channel: Channel = input.authType === 'email' ? 'email' : 'sms';
    const address = normaliseAddress(channel, input.account);
    if (!address) throw codeError;
    const ok = await codes.consume(destinationOf(channel, address), input.code);
    if (!ok) throw codeError;
    const user = input.forget
      ? await findUserByAccount(db, address)
      : await findOrRegister(db, input.authType, address);
    if (!user) throw codeError;
    const uuid = await createLoginToken(db, user.id, now());
    return { uuid, passwordStatus: user.passwordHash ? 1 : 0 };
  }

  /** Sets the password of the account behind a fresh login token; other sessions and login tokens end. */
  async setPassword(input: { uuid: string; password: string }): Promise<void> {
    const { db, now } = this.deps;
    const at = now();
    const token = await resolveLoginToken(db, input.uuid, at);
    if (!token || !mayStillSetPassword(token, at)) {
      throw new AppError('uuidInvalid', 200, ACCOUNT_CODE.uuidInvalid);
    }
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, token.userId));
      // This uuid may still sign in once (the spec logs the user in right after a reset); no other may.
      await tx
        .update(loginTokens)
        .set({ passwordSetAt: at, uses: sql`greatest(${loginTokens.uses}, ${LOGIN_TOKEN_MAX_USES - 1})` })
        .where(eq(loginTokens.tokenHash, hashToken(input.uuid)));
      await revokeLoginTokens(tx, token.userId, at, input.uuid);
      await revokeAllSessions(tx, token.userId, at);
    });
  }
}
