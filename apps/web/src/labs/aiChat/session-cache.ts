/**
 * The session token for the streaming request (the API client has no streaming call), read from the signed-in
 * user the auth feature caches in TanStack Query (user info echoes it as `uid`). Labs may not import features,
 * so this reads that cache by its key.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@ai-edu/contract';
import { USER_INFO_KEY } from '../../lib/credit-balance.ts';

export function sessionUid(queryClient: QueryClient): string | undefined {
  for (const [, data] of queryClient.getQueriesData<UserInfo>({ queryKey: USER_INFO_KEY })) {
    if (data?.uid) return data.uid;
  }
  return undefined;
}
