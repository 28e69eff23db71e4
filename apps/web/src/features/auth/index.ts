/** Public surface of the auth feature; the app composes it, other features never import it. */
export { AuthEntry } from './components/auth-entry.tsx';
export { LoginModal } from './components/login-modal/lazy-login-modal.tsx';
export { SessionRetryNotice } from './components/session-retry-notice.tsx';
export { useAuth } from './hooks/use-auth.ts';
export { useUserInfo } from './hooks/use-user-info.ts';
export { useCurrentUser } from './hooks/use-current-user.ts';
export { useLogout } from './hooks/use-logout.ts';
export { captureLoginParams, decideLoginIntent, type LoginParams } from './login-check.ts';
export { runLoginCheck } from './session.ts';
export { PERSIST_ROOT_KEY, rehydrateAuthStore, useAuthStore } from './store/auth-store.ts';
export { useLoginPop } from './store/login-pop-store.ts';
