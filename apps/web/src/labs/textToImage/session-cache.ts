/**
 * The points balance in the auth feature's cached user info (`['user-info', uid]`): a painting answers the
 * new balance and the navbar rolls to it. Labs may not import features, so this updates that cache by its
 * key; the same few lines live in the aiChat lab (candidates for a shared helper in `src/lib`).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@ai-edu/contract';

const USER_INFO_KEY = ['user-info'] as const;

export function applyBalance(queryClient: QueryClient, balance: number): void {
  queryClient.setQueriesData<UserInfo>({ queryKey: USER_INFO_KEY }, (old) =>
    old && old.quotaInfo.total_balance !== balance
      ? { ...old, quotaInfo: { ...old.quotaInfo, total_balance: balance } }
      : old,
  );
  // The settings page's ledger is stale now too.
  void queryClient.invalidateQueries({ queryKey: ['credits-history'] });
}
