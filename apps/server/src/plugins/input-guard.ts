/**
 * One rule for every route: no NUL character anywhere in the parsed input (path, query, body, keys and
 * values). PostgreSQL text cannot hold one, so without this a NUL reached the database as a 500. It runs
 * as a preHandler, after every body parser (multipart forms included) and before any handler or charge.
 * Uploads read their form fields inside the handler and check them with the same `findNul`.
 */
import { findNul } from '@ai-edu/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/** A 400 naming where the NUL was (`body.account`). */
export function nulError(where: string): AppError {
  return new AppError('nulCharacter', 400, -1, {}, where);
}

export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    const where =
      findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
    if (where) throw nulError(where);
  });
});
