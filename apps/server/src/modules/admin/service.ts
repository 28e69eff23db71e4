/**
 * Administrative commands (create accounts, set vip, grant credits). The CLI runs them directly on the
 * database, or through the running server when that server holds the embedded database.
 */
import {
  ACCOUNT_TYPE_CAMPUS,
  ACCOUNT_TYPE_PERSONAL,
  ACCOUNT_TYPE_STUDENT,
  isEmailLike,
  normaliseMainlandMobile,
  passwordDigest,
  displayNameSchema,
  labListSchema,
  passwordProblem,
} from '@ai-edu/contract';
import { users, type Db } from '@ai-edu/db';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword } from '../../lib/passwords.ts';
import { ContactListError, parseContactList, replaceContacts } from '../contacts/service.ts';
import { applyCreditChange, InsufficientCreditsError } from '../credits/service.ts';
import { syncTeachersWithSchool } from '../classes/teachers.ts';
import { audit } from './audit.ts';
import { allowedLabs, setDeniedLabs } from '../labs/access.ts';
import { daysLeft, effectiveVip, findUserByAccount, normaliseAccount, type User } from '../users/accounts.ts';

/** A mistake in an admin command: printed as is, exit code 1. */
export class AdminCommandError extends Error {}

const DAY_MS = 86_400_000;

export function accountTypeForVip(vip: number): string {
  return vip === 2 ? ACCOUNT_TYPE_CAMPUS : vip === 1 ? ACCOUNT_TYPE_STUDENT : ACCOUNT_TYPE_PERSONAL;
}

export function describeUser(user: User, now: Date) {
  return {
    id: user.id,
    account: user.account,
    role: user.role,
    vip: effectiveVip(user, now),
    accountType: user.accountType,
    validUntil: user.validUntil?.toISOString() ?? null,
    leftValidDays: daysLeft(user, now),
    companyName: user.companyName,
    credits: user.creditBalance,
    hasPassword: Boolean(user.passwordHash),
  };
}
export type UserSummary = ReturnType<typeof describeUser>;

const vipSchema = z.coerce.number().int().min(0).max(2);
const daysSchema = z.coerce.number().int().min(1).max(36500);

export const adminCommandSchemas = {
  'create-user': z.object({
    account: z.string().trim().min(1).max(254),
    password: z.string().optional(),
    vip: vipSchema.default(0),
    days: daysSchema.optional(),
    company: displayNameSchema(200).optional(),
    credits: z.coerce.number().int().min(0).max(100_000_000).optional(),
    admin: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((v) => v === true || v === 'true'),
  }),
  'set-vip': z.object({
    account: z.string().trim().min(1),
    vip: vipSchema,
    days: daysSchema.optional(),
  }),
  'lab-access': z
    .object({
      account: z.string().trim().min(1).optional(),
      company: displayNameSchema(200).min(1).optional(),
      deny: z.string().default('').pipe(labListSchema),
    })
    .refine((v) => Boolean(v.account) !== Boolean(v.company), 'give exactly one of --account or --company'),
  contacts: z.object({ document: z.string().min(1) }),
  grant: z.object({
    account: z.string().trim().min(1),
    credits: z.coerce
      .number()
      .int()
      .min(-100_000_000)
      .max(100_000_000)
      .refine((n) => n !== 0, 'must not be 0'),
    reason: z.string().trim().min(1).max(200).default('admin grant'),
  }),
} as const;
export type AdminCommand = keyof typeof adminCommandSchemas;

export function isAdminCommand(name: string): name is AdminCommand {
  return Object.hasOwn(adminCommandSchemas, name);
}

async function mustFind(db: Db, account: string): Promise<User> {
  const user = await findUserByAccount(db, account);
  if (!user) throw new AdminCommandError(`No account '${account}'.`);
  return user;
}

export async function createUser(
  db: Db,
  input: z.infer<(typeof adminCommandSchemas)['create-user']>,
  now: Date,
) {
  const account = normaliseAccount(input.account);
  if (await findUserByAccount(db, account))
    throw new AdminCommandError(`Account '${account}' already exists.`);
  let passwordHash: string | null = null;
  if (input.password !== undefined) {
    const problem = passwordProblem(input.password);
    if (problem) {
      throw new AdminCommandError(
        'The password must be 8 to 12 characters, letters and digits only, with at least one of each.',
      );
    }
    passwordHash = await hashPassword(passwordDigest(input.password));
  }
  const mobile = normaliseMainlandMobile(account);
  const [created] = await db
    .insert(users)
    .values({
      account,
      email: isEmailLike(account) ? account : null,
      mobile,
      passwordHash,
      vip: input.vip,
      accountType: accountTypeForVip(input.vip),
      validUntil: input.days ? new Date(now.getTime() + input.days * DAY_MS) : null,
      companyName: input.company ?? '',
      companyAuth: input.company ? 1 : 0,
      role: input.admin ? 'admin' : 'user',
    })
    .returning();
  if (!created) throw new Error('insert returned no row');
  if (input.credits) {
    await applyCreditChange(db, { userId: created.id, delta: input.credits, reason: 'initial credits' });
  }
  return describeUser(await mustFind(db, account), now);
}

export async function setVip(db: Db, input: z.infer<(typeof adminCommandSchemas)['set-vip']>, now: Date) {
  const user = await mustFind(db, input.account);
  const validUntil = input.days
    ? new Date(now.getTime() + input.days * DAY_MS)
    : input.vip === 0
      ? null
      : user.validUntil;
  await db
    .update(users)
    .set({ vip: input.vip, accountType: accountTypeForVip(input.vip), validUntil, updatedAt: now })
    .where(eq(users.id, user.id));
  const updated = await mustFind(db, input.account);
  // A school's teachers carry its authorization: a renewal or a new end date reaches them too.
  await syncTeachersWithSchool(db, updated, now);
  return describeUser(updated, now);
}

export async function grant(db: Db, input: z.infer<(typeof adminCommandSchemas)['grant']>, now: Date) {
  const user = await mustFind(db, input.account);
  try {
    await applyCreditChange(db, { userId: user.id, delta: input.credits, reason: input.reason });
  } catch (error) {
    if (error instanceof InsufficientCreditsError) {
      throw new AdminCommandError(`The balance is ${user.creditBalance}; it cannot go below 0.`);
    }
    throw error;
  }
  return describeUser(await mustFind(db, input.account), now);
}

/** Switches labs off for an account or a school (an empty --deny switches them all back on). */
export async function labAccess(
  db: Db,
  input: z.infer<(typeof adminCommandSchemas)['lab-access']>,
  now: Date,
) {
  if (input.account) {
    const user = await mustFind(db, input.account);
    await setDeniedLabs(db, { scope: 'account', userId: user.id }, input.deny, now);
    return { ...describeUser(user, now), deniedLabs: input.deny, labs: await allowedLabs(db, user) };
  }
  const company = input.company!;
  await setDeniedLabs(db, { scope: 'company', company }, input.deny, now);
  return { company, deniedLabs: input.deny };
}

/** Replaces the contact list whole, or keeps the old one and says why the new one was refused. */
export async function contacts(db: Db, input: z.infer<(typeof adminCommandSchemas)['contacts']>, now: Date) {
  let list;
  try {
    list = parseContactList(input.document);
  } catch (error) {
    if (error instanceof ContactListError) throw new AdminCommandError(error.message);
    throw error;
  }
  await replaceContacts(db, list, now);
  return { contacts: list.length, areas: [...new Set(list.map((c) => c.area))] };
}

/** Validates the flags of a command, runs it and writes it to the audit log (actor: the command line). */
export async function runAdminCommand(
  db: Db,
  command: string,
  flags: Record<string, unknown>,
  now = new Date(),
) {
  const result = await dispatch(db, command, flags, now);
  // Secrets and whole documents stay out of the audit log: it records what was done.
  const { password: _password, document: _document, ...details } = flags;
  await audit(
    db,
    {
      adminId: null,
      actor: 'cli',
      action: command,
      target: typeof flags.account === 'string' ? flags.account : undefined,
      details,
    },
    now,
  );
  return result;
}

async function dispatch(db: Db, command: string, flags: Record<string, unknown>, now: Date) {
  if (!isAdminCommand(command)) {
    throw new AdminCommandError(
      `Unknown command '${command}'. Commands: ${Object.keys(adminCommandSchemas).join(', ')}.`,
    );
  }
  const parsed = adminCommandSchemas[command].safeParse(flags);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ');
    throw new AdminCommandError(`Invalid flags for ${command}: ${reasons}`);
  }
  switch (command) {
    case 'create-user':
      return createUser(db, parsed.data as z.infer<(typeof adminCommandSchemas)['create-user']>, now);
    case 'set-vip':
      return setVip(db, parsed.data as z.infer<(typeof adminCommandSchemas)['set-vip']>, now);
    case 'grant':
      return grant(db, parsed.data as z.infer<(typeof adminCommandSchemas)['grant']>, now);
    case 'lab-access':
      return labAccess(db, parsed.data as z.infer<(typeof adminCommandSchemas)['lab-access']>, now);
    case 'contacts':
      return contacts(db, parsed.data as z.infer<(typeof adminCommandSchemas)['contacts']>, now);
  }
}
