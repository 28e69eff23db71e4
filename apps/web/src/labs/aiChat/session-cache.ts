/**
 * The signed-in session as the auth feature caches it in TanStack Query (`['user-info', uid]`): the session
 * token for the streaming request (the API client has no streaming call) and the points balance the navbar
 * shows. Labs may not import features, so this reads and updates that cache by its key. Candidates for a
 * shared helper in `src/lib` (the textToImage lab keeps the same few lines).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@ai-edu/contract';

const USER_INFO_KEY = ['user-info'] as const;

/** The session token of the signed-in user (user info echoes it as `uid`). */
export function sessionUid(queryClient: QueryClient): string | undefined {
  for (const [, data] of queryClient.getQueriesData<UserInfo>({ queryKey: USER_INFO_KEY })) {
    if (data?.uid) return data.uid;
  }
  return undefined;
}

export function cachedBalance(queryClient: QueryClient): number | undefined {
  for (const [, data] of queryClient.getQueriesData<UserInfo>({ queryKey: USER_INFO_KEY })) {
    if (data) return data.quotaInfo.total_balance;
  }
  return undefined;
}

/** Puts the balance a paid call answered into the cached user info: the navbar rolls to it. */
export function applyBalance(queryClient: QueryClient, balance: number): void {
  queryClient.setQueriesData<UserInfo>({ queryKey: USER_INFO_KEY }, (old) =>
    old && old.quotaInfo.total_balance !== balance
      ? { ...old, quotaInfo: { ...old.quotaInfo, total_balance: balance } }
      : old,
  );
  // The settings page's ledger is stale now too.
  void queryClient.invalidateQueries({ queryKey: ['credits-history'] });
}

/** Asks the server again, for when the answer that carried the balance never arrived (stopped stream). */
export function refreshBalance(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
  void queryClient.invalidateQueries({ queryKey: ['credits-history'] });
}
