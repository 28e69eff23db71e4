/** Class credit budgets (issue 16): `/api/classes/:id/budget` and a student's `/api/classes/mine`. */
import { budgetInputSchema } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller, type Caller } from '../../plugins/session.ts';
import { classForStaff, staffOf } from '../classes/access.ts';
import { classBudgetOf, closeClassBudget, myClassOf, saveClassBudget } from './service.ts';

const classParams = z.object({ id: z.uuid() });

export const budgetRoutes: FastifyPluginAsync<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  /** The class's staff member (school, or a teacher of the class) and the class; 403/404 otherwise. */
  async function staffClass(request: { params: unknown }, caller: Caller) {
    const { id } = parseInput(classParams, request.params);
    const staff = await staffOf(db, caller.user, now());
    return { staff, klass: await classForStaff(db, staff, id) };
  }

  app.get('/classes/mine', async (request) => {
    const { user } = await requireCaller(db, request, now());
    return productOk(request, await myClassOf(db, user.id, now()));
  });

  app.get('/classes/:id/budget', async (request) => {
    const { klass } = await staffClass(request, await requireCaller(db, request, now()));
    return productOk(request, await classBudgetOf(db, klass, now()));
  });

  app.put('/classes/:id/budget', async (request) => {
    const caller = await requireCaller(db, request, now());
    const { staff, klass } = await staffClass(request, caller);
    const input = parseInput(budgetInputSchema, request.body);
    return productOk(request, await saveClassBudget(db, klass, staff.user.id, input, now()));
  });

  app.delete('/classes/:id/budget', async (request) => {
    const caller = await requireCaller(db, request, now());
    const { staff, klass } = await staffClass(request, caller);
    return productOk(request, { returned: await closeClassBudget(db, klass.id, staff.user.id, now()) });
  });
};
