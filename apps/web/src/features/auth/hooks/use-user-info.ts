import { useQuery } from '@tanstack/react-query';
import { userInfoQuery } from '../api/get-user-info.ts';
import { useAuthStore } from '../store/auth-store.ts';

/** Fresh user info (points balance, authorization) for the signed-in session; idle when logged out. */
export function useUserInfo() {
  const uid = useAuthStore((s) => s.users.uid);
  return useQuery({ ...userInfoQuery(uid), enabled: Boolean(uid) });
}
