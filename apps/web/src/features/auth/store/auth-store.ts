/**
 * Sign-in state. Only `users` is persisted (spec §3), under one localStorage root key; the status and role are
 * recomputed by the login check at every start.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { ACCOUNT_TYPE_CAMPUS, PERSIST_TIMEOUT_MS, SESSION_TTL_MS, type UserInfo } from '@ai-edu/contract';
import { safeStorage } from '../../../lib/storage.ts';
import { createExpiringStorage, rehydrateWithin } from './expiring-storage.ts';

export const PERSIST_ROOT_KEY = 'ai-edu';

export interface Users {
  data: UserInfo | null;
  /** The verified uuid of the last code or link login (also kept in the `uuid` cookie). */
  uuid: string;
  /** The session token the server issued; empty when logged out. */
  uid: string;
  accountType: string;
}

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
/** Spec §6: campus accounts ('zhongming') and everyone else (student). */
export type Role = 'campus' | 'student';

export const emptyUsers: Users = { data: null, uuid: '', uid: '', accountType: '' };

export function roleOf(accountType: string): Role {
  return accountType === ACCOUNT_TYPE_CAMPUS ? 'campus' : 'student';
}

interface AuthState {
  users: Users;
  status: AuthStatus;
  role: Role | null;
  /**
   * The login check could not reach the server (a network error, a 5xx, a 429 …) and is waiting to try again.
   * The stored session is kept and the status stays 'loading' meanwhile: only a 401 ends a session.
   */
  retrying: boolean;
  setSession: (uid: string, uuid?: string) => void;
  setUserInfo: (info: UserInfo) => void;
  clearSession: () => void;
  setStatus: (status: AuthStatus) => void;
  setRetrying: (retrying: boolean) => void;
}

type PersistedAuth = Pick<AuthState, 'users'>;

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      users: emptyUsers,
      status: 'loading',
      role: null,
      retrying: false,
      // A new session replaces everything: user data of the previous one must never show under it.
      setSession: (uid, uuid = '') => set({ users: { ...emptyUsers, uid, uuid } }),
      setUserInfo: (info) =>
        set((s) => ({
          users: { ...s.users, data: info, accountType: info.accountType },
          role: roleOf(info.accountType),
        })),
      clearSession: () => set({ users: emptyUsers, role: null }),
      setStatus: (status) => set({ status }),
      setRetrying: (retrying) => set({ retrying }),
    }),
    {
      name: PERSIST_ROOT_KEY,
      version: 1,
      storage: createExpiringStorage<PersistedAuth>({
        store: safeStorage,
        ttlMs: SESSION_TTL_MS,
        sessionOf: (state) => state.users?.uid ?? '',
      }),
      partialize: (s): PersistedAuth => ({ users: s.users }),
      // Rehydrated explicitly at boot, under a timeout, before the login check reads the stored uid.
      skipHydration: true,
    },
  ),
);

export function rehydrateAuthStore(timeoutMs: number = PERSIST_TIMEOUT_MS) {
  return rehydrateWithin(() => useAuthStore.persist.rehydrate(), timeoutMs);
}
