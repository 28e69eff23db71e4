/**
 * Who is calling. The spec's client sends its session token (`uid`) as `user_id` in every POST body; we
 * also take `Authorization: Bearer`. Either way the token is looked up here, server-side: a user id the
 * client sends is never believed.
 */
import type { LabSlug } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.ts';
import { resolveSession } from '../modules/auth/sessions.ts';
import type { User } from '../modules/users/accounts.ts';

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const fromBody = (request.body as Record<string, unknown> | undefined)?.user_id;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.user_id;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
}

export interface Caller {
  user: User;
  token: string;
  /** Lab slugs the account may open (the route-permission check). */
  labs: LabSlug[];
}

/** The signed-in caller, or a 401. */
export async function requireCaller(db: Db, request: FastifyRequest, now: Date): Promise<Caller> {
  const token = sessionTokenOf(request);
  if (!token || token.length > 200) throw unauthorized();
  const caller = await resolveSession(db, token, now);
  if (!caller) throw unauthorized();
  return { ...caller, token };
}
