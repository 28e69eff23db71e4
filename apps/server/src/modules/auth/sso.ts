/**
 * Single sign-on: a school's identity provider hands the browser a JWT (`?jwt=`). We verify it with jose
 * against the configured HS256 secret or public keys, insist on exp, iss, aud, sub and jti, refuse
 * `alg: none`, and remember each jti until the token would expire so a token works once.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { usedJwtIds, users, type Db } from '@ai-edu/db';
import { and, eq, lt } from 'drizzle-orm';
import {
  createLocalJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyOptions,
} from 'jose';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { findUserByAccount, type User } from '../users/accounts.ts';
import { isEmailLike } from '@ai-edu/contract';

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

type Verify = (jwt: string, options: JWTVerifyOptions) => Promise<JWTPayload>;

/** Builds the verification function once from configuration; undefined when SSO is not set up. */
export function createSsoVerifier(sso: Config['sso']): Verify | undefined {
  if (!sso.issuer || !sso.audience) return undefined;
  if (sso.secret) {
    const key = new TextEncoder().encode(sso.secret);
    return async (jwt, options) => (await jwtVerify(jwt, key, { ...options, algorithms: ['HS256'] })).payload;
  }
  if (sso.publicKeys) {
    const text = sso.publicKeys.trim();
    if (text.startsWith('{')) {
      const jwks = createLocalJWKSet(JSON.parse(text) as Parameters<typeof createLocalJWKSet>[0]);
      return async (jwt, options) =>
        (await jwtVerify(jwt, jwks, { ...options, algorithms: ASYMMETRIC })).payload;
    }
    const keys: KeyObject[] = (text.match(/-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g) ?? []).map(
      (pem) => createPublicKey(pem),
    );
    return async (jwt, options) => {
      let last: Error = new joseErrors.JWSSignatureVerificationFailed();
      for (const key of keys) {
        try {
          return (await jwtVerify(jwt, key, { ...options, algorithms: ASYMMETRIC })).payload;
        } catch (error) {
          last = error instanceof Error ? error : new Error(String(error));
        }
      }
      throw last;
    };
  }
  return undefined;
}

export class SsoService {
  private readonly verify: Verify | undefined;

  constructor(
    private readonly db: Db,
    private readonly sso: Config['sso'],
    private readonly now: () => Date,
  ) {
    this.verify = createSsoVerifier(sso);
  }

  /** The user a valid, unused token names (made on first sight); AppError otherwise. */
  async userFor(jwt: string): Promise<User> {
    if (!this.verify) throw new AppError('ssoNotConfigured', 200);
    const invalid = new AppError('ssoInvalid', 200);
    let payload: JWTPayload;
    try {
      payload = await this.verify(jwt, {
        issuer: this.sso.issuer,
        audience: this.sso.audience,
        requiredClaims: ['exp', 'sub', 'jti'],
        currentDate: this.now(),
      });
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw invalid;
      throw error;
    }
    const { sub, jti, exp, iss } = payload;
    if (!sub || !jti || !exp || !iss) throw invalid;
    if (!(await this.claimJti(`${iss}:${jti}`, new Date(exp * 1000)))) throw invalid;
    return this.findOrCreate(iss, sub, payload);
  }

  private async claimJti(jti: string, expiresAt: Date): Promise<boolean> {
    await this.db.delete(usedJwtIds).where(lt(usedJwtIds.expiresAt, this.now()));
    const rows = await this.db
      .insert(usedJwtIds)
      .values({ jti, expiresAt })
      .onConflictDoNothing()
      .returning({ jti: usedJwtIds.jti });
    return rows.length === 1;
  }

  private async findOrCreate(issuer: string, subject: string, payload: JWTPayload): Promise<User> {
    const bySubject = async () =>
      (
        await this.db
          .select()
          .from(users)
          .where(and(eq(users.ssoIssuer, issuer), eq(users.ssoSubject, subject)))
          .limit(1)
      )[0];
    const known = await bySubject();
    if (known) return known;
    const email =
      typeof payload.email === 'string' && isEmailLike(payload.email)
        ? payload.email.toLowerCase()
        : undefined;
    // The school's identity provider vouches for the address, so an existing account with it is linked.
    const byEmail = email ? await findUserByAccount(this.db, email) : undefined;
    if (byEmail && !byEmail.ssoSubject) {
      await this.db
        .update(users)
        .set({ ssoIssuer: issuer, ssoSubject: subject })
        .where(eq(users.id, byEmail.id));
      return { ...byEmail, ssoIssuer: issuer, ssoSubject: subject };
    }
    await this.db
      .insert(users)
      .values({
        account: email && !byEmail ? email : `sso:${subject}`.slice(0, 254),
        email: email && !byEmail ? email : null,
        ssoIssuer: issuer,
        ssoSubject: subject,
      })
      .onConflictDoNothing();
    const created = await bySubject();
    if (!created) throw new AppError('ssoInvalid', 200);
    return created;
  }
}
