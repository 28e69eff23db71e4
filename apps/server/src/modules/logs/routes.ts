/** Activity-log routes (spec §7). The user is the session's, never the body's `user_id`. */
import { eduLogRequestSchema, experienceLogRequestSchema } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import { labHistory, writeEduLog, writeExperienceLog } from './service.ts';

const historyQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const logRoutes: FastifyPluginAsync<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.post('/log/experience', async (request) => {
    const entry = parseInput(experienceLogRequestSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    await writeExperienceLog(db, user.id, entry, now());
    return productOk(request, null);
  });

  app.post('/log/edu', async (request) => {
    const entry = parseInput(eduLogRequestSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    await writeEduLog(db, user.id, entry, now());
    return productOk(request, null);
  });

  app.get('/log/experience/mine', async (request) => {
    const { limit } = parseInput(historyQuerySchema, request.query);
    const { user } = await requireCaller(db, request, now());
    return productOk(request, await labHistory(db, user.id, limit, now()));
  });
};
