/** Event routes: the current event for everyone, rewards for the signed-in, management for admins. */
import { dropEditedTranslations, eventInputSchema, redeemSchema } from '@ai-edu/contract';
import { events, type Db } from '@ai-edu/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { forbidden } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireCaller, sessionTokenOf } from '../../plugins/session.ts';
import { audit } from '../admin/audit.ts';
import { resolveSession } from '../auth/sessions.ts';
import { checkIn, currentEvent, eventValues, findEvent, redeem, viewOf } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export interface EventRoutesOptions {
  db: Db;
  secret: string;
  limiter: RateLimiter;
  limits: Config['limits'];
  now: () => Date;
}

export const eventRoutes: FastifyPluginAsync<EventRoutesOptions> = async (
  app,
  { db, secret, limiter, limits, now },
) => {
  async function requireAdmin(request: FastifyRequest) {
    const { user } = await requireCaller(db, request, now());
    if (user.role !== 'admin') throw forbidden();
    return user;
  }

  /** Public: the navbar's event button needs it before login; the caller's own state when signed in. */
  app.get('/events/current', async (request) => {
    const event = await currentEvent(db, now());
    if (!event) return productOk(request, null);
    const token = sessionTokenOf(request);
    const caller = token ? await resolveSession(db, token, now()) : undefined;
    return productOk(request, await viewOf(db, event, caller?.user.id, now()));
  });

  app.post('/events/:id/redeem', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { code } = parseInput(redeemSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    const balance = await redeem(db, secret, await findEvent(db, id), user.id, code, now(), {
      limiter,
      perAccountHour: limits.redeemFailuresPerAccountHour,
      perIpHour: limits.redeemFailuresPerIpHour,
      ip: request.ip,
    });
    return productOk(request, { balance });
  });

  app.post('/events/:id/checkin', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    const balance = await checkIn(db, await findEvent(db, id), user.id, now());
    return productOk(request, { balance });
  });

  app.get('/admin/events', async (request) => {
    await requireAdmin(request);
    const rows = await db.select().from(events).orderBy(desc(events.startsAt));
    return productOk(request, await Promise.all(rows.map((row) => viewOf(db, row, undefined, now()))));
  });

  app.post('/admin/events', async (request) => {
    const input = parseInput(eventInputSchema, request.body);
    const admin = await requireAdmin(request);
    const [row] = await db.insert(events).values(eventValues(input, secret)).returning();
    await audit(
      db,
      {
        adminId: admin.id,
        actor: admin.account,
        action: 'event-create',
        target: row!.id,
        details: { title: input.title },
      },
      now(),
    );
    return productOk(request, await viewOf(db, row!, undefined, now()));
  });

  app.put('/admin/events/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(eventInputSchema, request.body);
    const admin = await requireAdmin(request);
    const existing = await findEvent(db, id);
    const values = eventValues(input, secret);
    // An edit without a new code keeps the old one.
    if (!input.redeemCode) values.redeemCodeHash = existing.redeemCodeHash;
    // An edited title or body makes its other-language copy stale: drop that copy.
    const translations = dropEditedTranslations(existing.translations, existing, values);
    const [row] = await db
      .update(events)
      .set({ ...values, translations })
      .where(eq(events.id, id))
      .returning();
    await audit(
      db,
      {
        adminId: admin.id,
        actor: admin.account,
        action: 'event-update',
        target: id,
        details: { title: input.title },
      },
      now(),
    );
    return productOk(request, await viewOf(db, row!, undefined, now()));
  });

  app.delete('/admin/events/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const admin = await requireAdmin(request);
    await findEvent(db, id);
    await db.delete(events).where(eq(events.id, id));
    await audit(db, { adminId: admin.id, actor: admin.account, action: 'event-delete', target: id }, now());
    return productOk(request, null);
  });
};
