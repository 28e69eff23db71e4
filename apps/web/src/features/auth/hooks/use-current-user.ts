import type { UserInfo } from '@ai-edu/contract';
import { useAuthStore } from '../store/auth-store.ts';
import { useUserInfo } from './use-user-info.ts';

/** The freshest user info at hand: the live query (balance, lab access) or, until it answers, the saved one. */
export function useCurrentUser(): UserInfo | null {
  const saved = useAuthStore((s) => s.users.data);
  const status = useAuthStore((s) => s.status);
  const { data } = useUserInfo();
  if (status !== 'authenticated') return null;
  return data ?? saved;
}
