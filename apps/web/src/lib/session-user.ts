/**
 * The signed-in user as the auth feature caches it (query key 'user-info'), for features that must not
 * import the auth feature itself.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@ai-edu/contract';

export function cachedUserInfo(queryClient: QueryClient): UserInfo | undefined {
  for (const [, data] of queryClient.getQueriesData<UserInfo>({ queryKey: ['user-info'] })) {
    if (data) return data;
  }
  return undefined;
}

/** The signed-in user's info as the auth feature caches it, kept up to date. */
export function useSessionUser(): UserInfo | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => cachedUserInfo(queryClient));
}

export function isTeacher(user: UserInfo | undefined): boolean {
  return user?.authInfo.vip === 2 || user?.role === 'admin';
}
