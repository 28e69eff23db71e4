import { queryOptions } from '@tanstack/react-query';
import type { UserInfo } from '@ai-edu/contract';
import { getRuntimeConfig } from '../../../config/runtime-config.ts';
import { requestAndParse } from '../../../lib/api-client.ts';
import { loadAuthSchemas } from './reply-schemas.ts';

export class UserInfoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserInfoError';
  }
}

/**
 * POST /api/user/getUserInfo for the session in the store (the client adds user_id). The login check asks
 * with `toastHttpErrors: false`: it says itself what went wrong.
 */
export async function getUserInfo(options: { toastHttpErrors?: boolean } = {}): Promise<UserInfo> {
  const reply = await requestAndParse(
    '/api/user/getUserInfo',
    { form: { secret: getRuntimeConfig().clientSecret }, toastHttpErrors: options.toastHttpErrors },
    async () => (await loadAuthSchemas()).userInfoSchema,
  );
  if (!reply.data) throw new UserInfoError(reply.message);
  return reply.data;
}

/** Keyed by uid so a new session never sees the previous user's data. */
export function userInfoQuery(uid: string) {
  return queryOptions({
    queryKey: ['user-info', uid],
    queryFn: () => getUserInfo(),
    retry: false,
    staleTime: 60_000,
  });
}
