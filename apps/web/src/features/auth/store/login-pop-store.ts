/** Spec §3 `loginPop`: whether the login modal is open. Anything may open it (top bar, guards, 401s). */
import { create } from 'zustand';

/** Opens the modal straight in password recovery for a known account (changing one's password). */
export interface LoginPopIntent {
  mode: 'forget';
  account: string;
}

interface LoginPopState {
  isLoginModalOpen: boolean;
  intent: LoginPopIntent | null;
  /**
   * Where a logged-out visitor was going (path, query and hash, e.g. a shared lab preset) before the guard
   * sent them home to log in; the login modal returns them there after a successful login.
   */
  returnTo: string | null;
  openLoginModal: (intent?: LoginPopIntent) => void;
  /** Opens the modal for a visitor stopped on the way to `returnTo`. */
  openLoginModalFor: (returnTo: string) => void;
  closeLoginModal: () => void;
}

export const useLoginPop = create<LoginPopState>()((set) => ({
  isLoginModalOpen: false,
  intent: null,
  returnTo: null,
  openLoginModal: (intent) => set({ isLoginModalOpen: true, intent: intent ?? null }),
  openLoginModalFor: (returnTo) => set({ isLoginModalOpen: true, intent: null, returnTo }),
  closeLoginModal: () => set({ isLoginModalOpen: false, intent: null, returnTo: null }),
}));
