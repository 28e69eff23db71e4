import { queryOptions } from '@tanstack/react-query';
import { userInfoSchema, type UserInfo } from '@ai-edu/contract';
import { getRuntimeConfig } from '../../../config/runtime-config.ts';
import { apiRequest, parseProductReply } from '../../../lib/api-client.ts';

export class UserInfoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserInfoError';
  }
}

/** POST /api/user/getUserInfo for the session in the store (the client adds user_id). */
export async function getUserInfo(): Promise<UserInfo> {
  const body = await apiRequest('/api/user/getUserInfo', {
    form: { secret: getRuntimeConfig().clientSecret },
  });
  const reply = parseProductReply(body, userInfoSchema);
  if (!reply.data) throw new UserInfoError(reply.message);
  return reply.data;
}

/** Keyed by uid so a new session never sees the previous user's data. */
export function userInfoQuery(uid: string) {
  return queryOptions({
    queryKey: ['user-info', uid],
    queryFn: getUserInfo,
    retry: false,
    staleTime: 60_000,
  });
}
