/**
 * Session lifecycle outside React: the start-up login check, finishing any login, and logout (spec §4).
 * Components reach these through hooks; keeping them plain functions makes the order of steps explicit.
 */
import type { QueryClient } from '@tanstack/react-query';
import { LOGIN_PERSIST_MINUTES, type UserInfo } from '@ai-edu/contract';
import { HttpError, httpErrorText } from '../../lib/api-client.ts';
import { expireCookie, setCookie } from '../../lib/cookie.ts';
import { i18n } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { userInfoQuery } from './api/get-user-info.ts';
import { loginByUuid } from './api/login-by-uuid.ts';
import { loginSso } from './api/login-sso.ts';
import { logoutSession } from './api/logout.ts';
import type { LoginIntent } from './login-check.ts';
import { useAuthStore } from './store/auth-store.ts';
import { useLoginPop } from './store/login-pop-store.ts';

export const UUID_COOKIE = 'uuid';

/** What to tell the user about a failed request made by a sign-in flow. */
export function failureText(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? httpErrorText(error.status);
  return i18n.t('http.unknown');
}

/** Stores a new session and loads its user info; on failure the session is dropped again and the error thrown. */
export async function completeLogin(queryClient: QueryClient, uid: string, uuid?: string): Promise<UserInfo> {
  const auth = useAuthStore.getState();
  auth.setSession(uid, uuid);
  if (uuid) setCookie(UUID_COOKIE, uuid, LOGIN_PERSIST_MINUTES);
  try {
    const info = await queryClient.fetchQuery(userInfoQuery(uid));
    auth.setUserInfo(info);
    auth.setStatus('authenticated');
    return info;
  } catch (error) {
    auth.clearSession();
    auth.setStatus('unauthenticated');
    throw error;
  }
}

async function loginWithLink(intent: Extract<LoginIntent, { kind: 'jwt' | 'uuid' }>): Promise<string | null> {
  try {
    const reply = intent.kind === 'jwt' ? await loginSso(intent.jwt) : await loginByUuid(intent.uuid);
    if (reply.data) return reply.data.uid;
    toast(reply.message || i18n.t('auth.loginFailed'), 'warning');
  } catch (error) {
    toast(failureText(error), 'warning');
  }
  return null;
}

export async function runLoginCheck(queryClient: QueryClient, intent: LoginIntent): Promise<void> {
  const auth = useAuthStore.getState();
  auth.setStatus('loading');

  if (intent.kind === 'none') {
    auth.setStatus('unauthenticated');
    return;
  }
  if (intent.kind === 'jwt' || intent.kind === 'uuid') {
    const uid = await loginWithLink(intent);
    if (!uid) {
      auth.clearSession();
      auth.setStatus('unauthenticated');
      return;
    }
    auth.setSession(uid, intent.kind === 'uuid' ? intent.uuid : '');
    if (intent.kind === 'uuid') setCookie(UUID_COOKIE, intent.uuid, LOGIN_PERSIST_MINUTES);
  }

  const uid = useAuthStore.getState().users.uid;
  try {
    const info = await queryClient.fetchQuery(userInfoQuery(uid));
    auth.setUserInfo(info);
    auth.setStatus('authenticated');
  } catch {
    // A session the server no longer knows: forget it and offer the login modal.
    auth.clearSession();
    useLoginPop.getState().openLoginModal();
    auth.setStatus('unauthenticated');
  }
}

export async function logout(
  queryClient: QueryClient,
  navigateHome: () => Promise<void> | void,
): Promise<void> {
  try {
    await logoutSession();
  } catch (error) {
    // The client forgets the session anyway; the server expires it on its own.
    console.error('logout request failed', error);
  }
  // Leave a protected page before the session goes: its guard would otherwise offer the login modal.
  await navigateHome();
  expireCookie(UUID_COOKIE);
  useAuthStore.getState().clearSession();
  useAuthStore.getState().setStatus('unauthenticated');
  // Nothing of this user may show under the next one: balances, histories, user info.
  queryClient.removeQueries();
  useLoginPop.getState().closeLoginModal();
  toast(i18n.t('auth.loggedOut'), 'info');
}
