/** Lesson mode and the live view of a class (issue 16): `/api/classes/:id/lesson`, `/api/classes/:id/live`. */
import { lessonInputSchema } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import { classForStaff, staffOf } from '../classes/access.ts';
import { liveClass } from './live.ts';
import { activeLessonFor, endLesson, startLesson } from './service.ts';

const classParams = z.object({ id: z.uuid() });

export const lessonRoutes: FastifyPluginAsync<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  /** The class if the caller is its school or one of its teachers (403/404 otherwise). */
  async function staffClass(request: FastifyRequest) {
    const { id } = parseInput(classParams, request.params);
    const { user } = await requireCaller(db, request, now());
    const staff = await staffOf(db, user, now());
    return { staff, klass: await classForStaff(db, staff, id) };
  }

  app.get('/classes/:id/lesson', async (request) => {
    const { klass } = await staffClass(request);
    return productOk(request, await activeLessonFor(db, klass.id, now()));
  });

  app.post('/classes/:id/lesson', async (request) => {
    const input = parseInput(lessonInputSchema, request.body);
    const { staff, klass } = await staffClass(request);
    return productOk(request, await startLesson(db, staff, klass, input, now()));
  });

  app.delete('/classes/:id/lesson', async (request) => {
    const { klass } = await staffClass(request);
    await endLesson(db, klass, now());
    return productOk(request, null);
  });

  app.get('/classes/:id/live', async (request, reply) => {
    const { klass } = await staffClass(request);
    // Polled every few seconds: never a cached answer from the browser or a proxy.
    reply.header('cache-control', 'no-store');
    return productOk(request, await liveClass(db, klass, now()));
  });
};
