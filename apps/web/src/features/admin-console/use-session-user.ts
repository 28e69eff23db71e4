import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@ai-edu/contract';
import { cachedUserInfo } from './api/client.ts';

/**
 * The signed-in user's info as the auth feature caches it (features may not import each other), kept up
 * to date: the console shows itself only when `role` is 'admin'.
 */
export function useSessionUser(): UserInfo | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => cachedUserInfo(queryClient));
}
