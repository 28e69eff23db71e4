/**
 * Session lifecycle outside React: the start-up login check, finishing any login, and logout (spec §4).
 * Components reach these through hooks; keeping them plain functions makes the order of steps explicit.
 */
import type { QueryClient } from '@tanstack/react-query';
import { LOGIN_PERSIST_MINUTES, type UserInfo } from '@ai-edu/contract';
import { HttpError, httpErrorLines, httpErrorText } from '../../lib/api-client.ts';
import { retryWithBackoff } from '../../lib/backoff.ts';
import { expireCookie, setCookie } from '../../lib/cookie.ts';
import { i18n } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { getUserInfo, userInfoQuery } from './api/get-user-info.ts';
import { loginByUuid } from './api/login-by-uuid.ts';
import { loginSso } from './api/login-sso.ts';
import { logoutSession } from './api/logout.ts';
import type { LoginIntent } from './login-check.ts';
import { useAuthStore } from './store/auth-store.ts';
import { useLoginPop } from './store/login-pop-store.ts';

export const UUID_COOKIE = 'uuid';

/**
 * Whether a failed request says the session itself is invalid: the server answers 401 for an unknown, expired
 * or revoked one. Nothing else may end a session: a 429, a 5xx, no answer at all, a chunk that did not load or
 * a reply of an unexpected shape say only that the server could not be asked right now.
 */
export function sessionRejected(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

/** What to tell the user about a failed request made by a sign-in flow. */
export function failureText(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? httpErrorText(error.status);
  return i18n.t('http.unknown');
}

/** Stores a new session and loads its user info; on failure the new session is dropped and the error thrown. */
export async function completeLogin(queryClient: QueryClient, uid: string, uuid?: string): Promise<UserInfo> {
  const auth = useAuthStore.getState();
  const { users, status, role } = auth;
  auth.setSession(uid, uuid);
  if (uuid) setCookie(UUID_COOKIE, uuid, LOGIN_PERSIST_MINUTES);
  try {
    const info = await queryClient.fetchQuery(userInfoQuery(uid));
    auth.setUserInfo(info);
    auth.setStatus('authenticated');
    return info;
  } catch (error) {
    // The new login fails visibly (the modal says why and stays open for another try) rather than retrying in
    // the background, since the user is there waiting. A session that was signed in before it (e.g. changing
    // one's password from the settings page) is put back: this failure, often a network hiccup, says nothing
    // about that session, and only a 401 to it may end it.
    if (status === 'authenticated') {
      useAuthStore.setState({ users, status, role });
    } else {
      auth.clearSession();
      auth.setStatus('unauthenticated');
    }
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

export async function runLoginCheck(
  queryClient: QueryClient,
  intent: LoginIntent,
  /** Injectable for tests. */
  wait?: (ms: number) => Promise<void>,
): Promise<void> {
  const auth = useAuthStore.getState();
  auth.setStatus('loading');

  if (intent.kind === 'none') {
    auth.setStatus('unauthenticated');
    return;
  }
  if (intent.kind === 'jwt' || intent.kind === 'uuid') {
    const uid = await loginWithLink(intent);
    if (!uid) {
      // Spec §4: a failed link login leaves no session, not even an older stored one. The link asked for a new
      // identity (on a shared school computer, maybe another person's); falling back to the previous user
      // would sign the visitor in as someone they did not ask to be.
      auth.clearSession();
      auth.setStatus('unauthenticated');
      return;
    }
    auth.setSession(uid, intent.kind === 'uuid' ? intent.uuid : '');
    if (intent.kind === 'uuid') setCookie(UUID_COOKIE, intent.uuid, LOGIN_PERSIST_MINUTES);
  }

  const uid = useAuthStore.getState().users.uid;
  // Another flow (a 401 to some other request, a new login) may take the session over meanwhile; then it is theirs.
  const stillCurrent = () => useAuthStore.getState().users.uid === uid;
  try {
    const info = await retryWithBackoff(
      // Quiet: the retry notice speaks for a failed attempt, and a 401 is answered below.
      () =>
        queryClient.fetchQuery({
          ...userInfoQuery(uid),
          queryFn: () => getUserInfo({ toastHttpErrors: false }),
        }),
      {
        shouldRetry: (error) => stillCurrent() && !sessionRejected(error),
        retryAfterMs: (error) => (error instanceof HttpError ? error.retryAfterMs : null),
        onRetry: (error, delayMs) => {
          console.warn(`login check failed, retrying in ${delayMs} ms`, error);
          auth.setRetrying(true);
        },
        wait,
      },
    );
    if (!stillCurrent()) return;
    auth.setUserInfo(info);
    auth.setStatus('authenticated');
  } catch {
    if (!stillCurrent()) return;
    // A session the server no longer knows (401): forget it and offer the login modal.
    toast(httpErrorLines(401));
    auth.clearSession();
    useLoginPop.getState().openLoginModal();
    auth.setStatus('unauthenticated');
  } finally {
    auth.setRetrying(false);
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
