/** How accounts are found and made: one normal form per account so 'Ann@Example.com' is 'ann@example.com'. */
import {
  ACCOUNT_TYPE_PERSONAL,
  isEmailLike,
  normaliseMainlandMobile,
  type UserInfo,
  type VipLevel,
} from '@ai-edu/contract';
import { users, type Db } from '@ai-edu/db';
import { eq, or } from 'drizzle-orm';

export type User = typeof users.$inferSelect;

export function normaliseAccount(account: string): string {
  const trimmed = account.trim();
  if (isEmailLike(trimmed)) return trimmed.toLowerCase();
  return normaliseMainlandMobile(trimmed) ?? trimmed.toLowerCase();
}

export async function findUserByAccount(db: Db, account: string): Promise<User | undefined> {
  const normal = normaliseAccount(account);
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.account, normal), eq(users.email, normal), eq(users.mobile, normal)))
    .limit(1);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/**
 * The account behind a verified email or mobile, registering it (vip 0) on first use. Concurrent first
 * logins for the same address both end with the one row the unique index lets in.
 */
export async function findOrRegister(db: Db, channel: 'email' | 'mobile', address: string): Promise<User> {
  const existing = await findUserByAccount(db, address);
  if (existing) return existing;
  await db
    .insert(users)
    .values({
      account: address,
      email: channel === 'email' ? address : null,
      mobile: channel === 'mobile' ? address : null,
      accountType: ACCOUNT_TYPE_PERSONAL,
    })
    .onConflictDoNothing();
  const user = await findUserByAccount(db, address);
  if (!user) throw new Error(`registration of ${channel} account failed`);
  return user;
}

const DAY_MS = 24 * 3600 * 1000;

/** An authorization past its end date counts as none: the account falls back to vip 0. */
export function effectiveVip(user: User, now: Date): VipLevel {
  if (user.validUntil && user.validUntil.getTime() <= now.getTime()) return 0;
  return Math.min(2, Math.max(0, user.vip)) as VipLevel;
}

export function daysLeft(user: User, now: Date): number {
  if (!user.validUntil) return 0;
  return Math.max(0, Math.ceil((user.validUntil.getTime() - now.getTime()) / DAY_MS));
}

/** The getUserInfo payload of spec §3. `uid` echoes the caller's own session token. */
export function toUserInfo(user: User, uid: string, labs: string[], now: Date): UserInfo {
  return {
    account: user.account,
    uid,
    accountType: user.accountType,
    authInfo: {
      vip: effectiveVip(user, now),
      account_type: user.accountType,
      left_valid_time: daysLeft(user, now),
      company_name: user.companyName,
    },
    company_auth: user.companyAuth,
    company_name: user.companyName,
    quotaInfo: { total_balance: user.creditBalance },
    role: user.role === 'admin' ? 'admin' : 'user',
    labs,
  };
}
