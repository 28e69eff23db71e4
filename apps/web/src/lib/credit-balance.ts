/**
 * The points balance in the auth feature's cached user info (`['user-info', uid]`): a paid AI call answers
 * the new balance and the navbar rolls to it. Labs may not import features, so this reads and updates that
 * cache by its key. Used by every lab that spends credits (aiChat, textToImage, textKnow's cloud reader).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@ai-edu/contract';

export const USER_INFO_KEY = ['user-info'] as const;

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
