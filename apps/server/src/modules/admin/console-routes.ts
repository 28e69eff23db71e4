/**
 * The admin console's API (`/api/admin/*`, role admin only). Thin handlers over the same services as the
 * CLI; every change is written to the audit log with the admin who made it.
 */
import { contactListSchema, displayNameSchema, labListSchema, passwordDigest } from '@ai-edu/contract';
import { users, type Db } from '@ai-edu/db';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { hashPassword, temporaryPassword } from '../../lib/passwords.ts';
import { requireCaller } from '../../plugins/session.ts';
import { syncTeachersWithSchool } from '../classes/teachers.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { readContacts, replaceContacts } from '../contacts/service.ts';
import { ledgerOf } from '../credits/routes.ts';
import { applyCreditChange } from '../credits/service.ts';
import { allowedLabs, deniedLabs, setDeniedLabs } from '../labs/access.ts';
import { findUserById } from '../users/accounts.ts';
import { audit, auditPage } from './audit.ts';
import {
  accountTypeForVip,
  AdminCommandError,
  adminCommandSchemas,
  createUser,
  describeUser,
} from './service.ts';

const DAY_MS = 86_400_000;
const idParams = z.object({ id: z.uuid() });
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});

export const adminConsoleRoutes: FastifyPluginAsync<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  async function requireAdmin(request: FastifyRequest) {
    const { user } = await requireCaller(db, request, now());
    if (user.role !== 'admin') throw forbidden();
    return user;
  }
  async function targetOf(request: FastifyRequest) {
    const { id } = parseInput(idParams, request.params);
    const user = await findUserById(db, id);
    if (!user) throw new AppError('notFound', 404);
    return user;
  }
  const summary = (user: NonNullable<Awaited<ReturnType<typeof findUserById>>>) => ({
    ...describeUser(user, now()),
    disabled: Boolean(user.disabledAt),
    createdAt: user.createdAt.toISOString(),
  });
  /** Admin-command mistakes are the admin's input errors: 400 with the message. */
  function asBadRequest(error: unknown): never {
    if (error instanceof AdminCommandError) throw badRequest(error.message);
    throw error;
  }

  app.get('/admin/users', async (request) => {
    await requireAdmin(request);
    const q = parseInput(
      z.object({
        q: z.string().trim().max(100).default(''),
        page: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
      }),
      request.query,
    );
    const where = q.q
      ? or(ilike(users.account, `%${q.q}%`), ilike(users.companyName, `%${q.q}%`))
      : undefined;
    const [total] = await db.select({ n: count() }).from(users).where(where);
    const rows = await db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return productOk(request, { total: total?.n ?? 0, items: rows.map(summary) });
  });

  app.post('/admin/users', async (request) => {
    const admin = await requireAdmin(request);
    const input = parseInput(adminCommandSchemas['create-user'], request.body);
    const created = await createUser(db, input, now()).catch(asBadRequest);
    await audit(
      db,
      {
        adminId: admin.id,
        actor: admin.account,
        action: 'create-user',
        target: created.account,
        details: {
          vip: input.vip,
          days: input.days,
          company: input.company,
          credits: input.credits,
          admin: input.admin,
        },
      },
      now(),
    );
    return productOk(request, created);
  });

  app.patch('/admin/users/:id', async (request) => {
    const admin = await requireAdmin(request);
    const target = await targetOf(request);
    const patch = parseInput(
      z
        .object({
          vip: z.number().int().min(0).max(2).optional(),
          /** Days from now; null removes the end date. */
          days: z.number().int().min(1).max(36500).nullable().optional(),
          company: displayNameSchema(200).optional(),
          disabled: z.boolean().optional(),
          // The web's HTTP client adds the caller's uid to every body; identity comes from the session.
          user_id: z.string().optional(),
        })
        .strict(),
      request.body,
    );
    if (patch.disabled && target.id === admin.id) {
      throw badRequest('you cannot disable your own account');
    }
    const at = now();
    const [updated] = await db
      .update(users)
      .set({
        ...(patch.vip !== undefined ? { vip: patch.vip, accountType: accountTypeForVip(patch.vip) } : {}),
        ...(patch.days !== undefined
          ? { validUntil: patch.days === null ? null : new Date(at.getTime() + patch.days * DAY_MS) }
          : {}),
        ...(patch.company !== undefined
          ? { companyName: patch.company, companyAuth: patch.company ? 1 : 0 }
          : {}),
        ...(patch.disabled !== undefined ? { disabledAt: patch.disabled ? at : null } : {}),
        updatedAt: at,
      })
      .where(eq(users.id, target.id))
      .returning();
    if (patch.disabled) await revokeAllSessions(db, target.id, at);
    // A school's teachers carry its authorization: a renewal or a new end date reaches them too.
    await syncTeachersWithSchool(db, updated!, at);
    await audit(
      db,
      {
        adminId: admin.id,
        actor: admin.account,
        action: 'update-user',
        target: target.account,
        details: patch,
      },
      at,
    );
    return productOk(request, summary(updated!));
  });

  app.post('/admin/users/:id/password', async (request) => {
    const admin = await requireAdmin(request);
    const target = await targetOf(request);
    const password = temporaryPassword();
    const at = now();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(passwordDigest(password)), updatedAt: at })
      .where(eq(users.id, target.id));
    await revokeAllSessions(db, target.id, at);
    await audit(
      db,
      { adminId: admin.id, actor: admin.account, action: 'reset-password', target: target.account },
      at,
    );
    return productOk(request, { password });
  });

  app.post('/admin/users/:id/credits', async (request) => {
    const admin = await requireAdmin(request);
    const target = await targetOf(request);
    const input = parseInput(
      z.object({
        delta: z
          .number()
          .int()
          .min(-100_000_000)
          .max(100_000_000)
          .refine((n) => n !== 0, 'must not be 0'),
        reason: z.string().trim().min(1).max(200),
      }),
      request.body,
    );
    const { balance } = await applyCreditChange(db, {
      userId: target.id,
      delta: input.delta,
      reason: `admin: ${input.reason}`,
      reference: admin.id,
    });
    await audit(
      db,
      { adminId: admin.id, actor: admin.account, action: 'credits', target: target.account, details: input },
      now(),
    );
    return productOk(request, { balance });
  });

  app.get('/admin/users/:id/ledger', async (request) => {
    await requireAdmin(request);
    const target = await targetOf(request);
    const { limit, before } = parseInput(pageQuery, request.query);
    return productOk(request, {
      balance: target.creditBalance,
      entries: await ledgerOf(db, target.id, limit, before),
    });
  });

  const scopeQuery = z
    .object({ account: z.uuid().optional(), company: z.string().trim().min(1).max(200).optional() })
    .refine(
      (v) => Boolean(v.account) !== Boolean(v.company),
      'give exactly one of account (a user id) or company',
    );

  app.get('/admin/lab-access', async (request) => {
    await requireAdmin(request);
    const scope = parseInput(scopeQuery, request.query);
    if (scope.account) {
      const user = await findUserById(db, scope.account);
      if (!user) throw new AppError('notFound', 404);
      return productOk(request, {
        denied: await deniedLabs(db, { scope: 'account', userId: user.id }),
        allowed: await allowedLabs(db, user),
      });
    }
    return productOk(request, {
      denied: await deniedLabs(db, { scope: 'company', company: scope.company! }),
    });
  });

  app.put('/admin/lab-access', async (request) => {
    const admin = await requireAdmin(request);
    const body = parseInput(
      z.object({
        account: z.uuid().optional(),
        company: z.string().trim().min(1).max(200).optional(),
        deny: z
          .array(z.string())
          .max(100)
          .transform((list) => list.join(','))
          .pipe(labListSchema),
      }),
      request.body,
    );
    const scope = parseInput(scopeQuery, body);
    const at = now();
    if (scope.account) {
      const user = await findUserById(db, scope.account);
      if (!user) throw new AppError('notFound', 404);
      await setDeniedLabs(db, { scope: 'account', userId: user.id }, body.deny, at);
    } else {
      await setDeniedLabs(db, { scope: 'company', company: scope.company! }, body.deny, at);
    }
    await audit(
      db,
      {
        adminId: admin.id,
        actor: admin.account,
        action: 'lab-access',
        target: scope.account ?? scope.company,
        details: { deny: body.deny },
      },
      at,
    );
    return productOk(request, { denied: body.deny });
  });

  app.get('/admin/contacts', async (request) => {
    await requireAdmin(request);
    return productOk(request, await readContacts(db));
  });

  app.put('/admin/contacts', async (request) => {
    const admin = await requireAdmin(request);
    const { contacts } = parseInput(z.object({ contacts: contactListSchema }), request.body);
    await replaceContacts(db, contacts, now());
    await audit(
      db,
      { adminId: admin.id, actor: admin.account, action: 'contacts', details: { contacts: contacts.length } },
      now(),
    );
    return productOk(request, contacts);
  });

  app.get('/admin/audit', async (request) => {
    await requireAdmin(request);
    const { limit, before } = parseInput(pageQuery, request.query);
    return productOk(request, await auditPage(db, limit, before));
  });
};
