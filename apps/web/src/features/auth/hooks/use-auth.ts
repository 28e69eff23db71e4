import { useShallow } from 'zustand/react/shallow';
import { useAuthStore } from '../store/auth-store.ts';

/** The signed-in state components read: status, role and the saved user. */
export function useAuth() {
  return useAuthStore(
    useShallow((s) => ({
      status: s.status,
      role: s.role,
      uid: s.users.uid,
      user: s.users.data,
      isAuthenticated: s.status === 'authenticated',
    })),
  );
}
