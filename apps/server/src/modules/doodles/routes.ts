/**
 * The school's doodle set (quickDraw), under /api/doodles: GET the set (the school's students and the school
 * account), POST a finished game's drawings (with the student's consent, rate limited per user), DELETE the
 * whole set or one drawing (the school account only). Every route needs the quickDraw lab open to the caller.
 */
import { DOODLE_SET, shareDoodlesRequestSchema, type DoodleSet } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireCaller } from '../../plugins/session.ts';
import { assertLabOpen } from '../labs/access.ts';
import {
  addDoodles,
  clearDoodles,
  doodleSet,
  removeDoodle,
  requireSchoolAccount,
  schoolOf,
} from './service.ts';

export const doodleShareLimitKey = (userId: string) => `doodles:share:${userId}`;
/** Deletions per school account per minute: a click at a time, never a loop. */
const DELETES_PER_MINUTE = 60;

export interface DoodleRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  now: () => Date;
}

const doodleParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const doodleRoutes: FastifyPluginAsync<DoodleRoutesOptions> = async (app, { db, limiter, now }) => {
  /** The signed-in caller with the lab open, and their school (null when they have none). */
  async function callerOf(request: FastifyRequest) {
    const { user } = await requireCaller(db, request, now());
    await assertLabOpen(db, user, 'quickDraw', now());
    return { user, school: await schoolOf(db, user, now()) };
  }

  async function limit(key: string, perMinute: number) {
    const hit = await limiter.hit(key, perMinute, 60_000);
    if (!hit.allowed) throw tooManyRequests(hit.retryAfterMs);
  }

  app.get('/doodles', async (request) => {
    const { user, school } = await callerOf(request);
    const empty: DoodleSet = {
      membership: 'none',
      school: '',
      limit: DOODLE_SET.maxPerSchool,
      total: 0,
      labels: [],
      drawings: [],
    };
    return productOk(request, school ? await doodleSet(db, school, user) : empty);
  });

  app.post('/doodles', async (request) => {
    const body = parseInput(shareDoodlesRequestSchema, request.body);
    const { user, school } = await callerOf(request);
    if (!school) throw new AppError('doodleNoSchool', 403);
    await limit(doodleShareLimitKey(user.id), DOODLE_SET.sharesPerMinute);
    return productOk(request, await addDoodles(db, school, user, body.drawings, now()));
  });

  app.delete('/doodles', async (request) => {
    const { school } = await callerOf(request);
    const own = requireSchoolAccount(school);
    await limit(`doodles:delete:${own.schoolId}`, DELETES_PER_MINUTE);
    return productOk(request, { removed: await clearDoodles(db, own) });
  });

  app.delete('/doodles/:id', async (request) => {
    const { id } = parseInput(doodleParams, request.params);
    const { school } = await callerOf(request);
    const own = requireSchoolAccount(school);
    await limit(`doodles:delete:${own.schoolId}`, DELETES_PER_MINUTE);
    await removeDoodle(db, own, id);
    return productOk(request, { removed: 1 });
  });
};
