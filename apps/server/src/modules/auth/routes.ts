/** Product-API sign-in routes (spec §7) and logout. */
import {
  getUserInfoRequestSchema,
  loginByUuidQuerySchema,
  loginSsoQuerySchema,
  loginStuRequestSchema,
  loginZmRequestSchema,
} from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { requireCaller, sessionTokenOf } from '../../plugins/session.ts';
import { userInfoFor } from '../users/user-info.ts';
import type { AuthService } from './service.ts';

export interface AuthRoutesOptions {
  db: Db;
  service: AuthService;
  clientSecret: string;
  now: () => Date;
}

/** Answers that carry a fresh session (or a one-time token in the URL) must not be cached or leak. */
function noStore(reply: FastifyReply) {
  void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { db, service, clientSecret, now },
) => {
  app.post('/login', async (request, reply) => {
    noStore(reply);
    const fromBody = (request.body as Record<string, unknown> | undefined)?.uuid;
    const { uuid } = parseInput(loginByUuidQuerySchema, {
      uuid: (request.query as Record<string, unknown>).uuid ?? fromBody,
    });
    return productOk(request, { uid: await service.loginWithToken(uuid) });
  });

  app.post('/login_sso', async (request, reply) => {
    noStore(reply);
    const { jwt } = parseInput(loginSsoQuerySchema, request.query);
    return productOk(request, { uid: await service.loginWithSso(jwt) });
  });

  app.post('/login_zm', async (request, reply) => {
    noStore(reply);
    const body = parseInput(loginZmRequestSchema, request.body);
    const uid = await service.loginWithPassword({
      account: body.account,
      digest: body.password,
      ip: request.ip,
      student: false,
    });
    return productOk(request, { uid });
  });

  app.post('/login_stu', async (request, reply) => {
    noStore(reply);
    const body = parseInput(loginStuRequestSchema, request.body);
    service.checkStudentSecret(body.secret);
    const uid = await service.loginWithPassword({
      account: body.account,
      digest: body.password,
      ip: request.ip,
      student: true,
      studentSecret: body.secret,
    });
    return productOk(request, { uid });
  });

  app.post('/logout', async (request) => {
    const token = sessionTokenOf(request);
    if (token) await service.logout(token);
    return productOk(request, null, 'loggedOut');
  });

  app.post('/user/getUserInfo', async (request, reply) => {
    noStore(reply);
    const { secret } = parseInput(getUserInfoRequestSchema, request.body);
    if (!safeEqual(secret, clientSecret)) throw forbidden();
    const caller = await requireCaller(db, request, now());
    return productOk(request, await userInfoFor(db, caller, now()));
  });
};
