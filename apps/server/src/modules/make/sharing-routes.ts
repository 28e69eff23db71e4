/**
 * The studio's sharing routes (packages/contract/src/make.ts lists them; sharing.ts says who may read what).
 * Who asks comes from the session only; the token, ids and the toggle are checked with zod here.
 */
import { makeClassShareSchema, makeShareTokenSchema } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import {
  classGallery,
  createShareLink,
  readReadable,
  readSharedLink,
  remixReadable,
  remixSharedLink,
  revokeShareLink,
  setClassShare,
  teachingList,
} from './sharing.ts';

const projectParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tokenParams = z.object({ token: z.string() });

/** A token that cannot be one of ours is the same 404 as a revoked one: the link just does not work. */
export function tokenOf(request: FastifyRequest): string {
  const { token } = parseInput(tokenParams, request.params);
  if (!makeShareTokenSchema.safeParse(token).success) throw new AppError('makeShareLinkGone', 404);
  return token;
}

export function registerSharingRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  const callerOf = async (request: FastifyRequest) => (await requireCaller(db, request, now())).user;

  app.post('/make/projects/:id/share-link', async (request) => {
    const { id } = parseInput(projectParams, request.params);
    const user = await callerOf(request);
    return productOk(request, await createShareLink(db, user.id, id));
  });

  app.delete('/make/projects/:id/share-link', async (request) => {
    const { id } = parseInput(projectParams, request.params);
    const user = await callerOf(request);
    await revokeShareLink(db, user.id, id);
    return productOk(request, null);
  });

  app.put('/make/projects/:id/class-share', async (request) => {
    const { id } = parseInput(projectParams, request.params);
    const user = await callerOf(request);
    const { shared } = parseInput(makeClassShareSchema, request.body);
    return productOk(request, await setClassShare(db, user.id, id, shared));
  });

  app.get('/make/shared/:token', async (request) => {
    const token = tokenOf(request);
    await callerOf(request);
    return productOk(request, await readSharedLink(db, token));
  });

  app.post('/make/shared/:token/remix', async (request) => {
    const token = tokenOf(request);
    const user = await callerOf(request);
    return productOk(request, await remixSharedLink(db, user.id, token, now()));
  });

  app.get('/make/gallery', async (request) => {
    const user = await callerOf(request);
    return productOk(request, { items: await classGallery(db, user.id) });
  });

  app.get('/make/teaching', async (request) => {
    const user = await callerOf(request);
    return productOk(request, await teachingList(db, user, now()));
  });

  app.get('/make/readable/:id', async (request) => {
    const { id } = parseInput(projectParams, request.params);
    const user = await callerOf(request);
    return productOk(request, await readReadable(db, user, id, now()));
  });

  app.post('/make/readable/:id/remix', async (request) => {
    const { id } = parseInput(projectParams, request.params);
    const user = await callerOf(request);
    return productOk(request, await remixReadable(db, user, id, now()));
  });
}
