/**
 * Signs a page in over HTTP, as the login form would, without driving the form: the password login request
 * goes from Node, and the session it returns is put where the app keeps it (localStorage under its root key)
 * before the app loads. The app's own start-up login check then reads it and fetches the user info, exactly
 * as after a reload. Only the tests of the sign-in UI itself (e2e/auth, the admin console's first sign-in)
 * go through the login modal; everywhere else it cost a page load and several seconds per test.
 */
import type { Page } from 'playwright-core';
import { authTypeOf, hourlySecret, isStudentAccount, passwordDigest, SESSION_TTL_MS } from '@ai-edu/contract';
import { expect } from 'vitest';
import { originOf } from './browser.ts';
import { DEMO_LEARNER, userMenu, visible, WAIT_MS } from './ui.ts';

export interface Credentials {
  account: string;
  password: string;
}

/** The web app's persisted state: root key, store version (apps/web/src/features/auth/store/auth-store.ts). */
const PERSIST_ROOT_KEY = 'ai-edu';
const PERSIST_VERSION = 1;

interface ProductReply<T> {
  status: number;
  message: string;
  data: T | null;
}

async function postForm<T>(
  origin: string,
  path: string,
  form: Record<string, string>,
): Promise<ProductReply<T>> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  expect(res.status, `POST ${path}: ${text}`).toBe(200);
  return JSON.parse(text) as ProductReply<T>;
}

/** The password login the web client makes (login-password.ts): returns the session token (uid). */
export async function passwordSession(origin: string, user: Credentials): Promise<string> {
  const password = passwordDigest(user.password);
  let reply: ProductReply<{ uid: string }>;
  if (isStudentAccount(user.account)) {
    const config = (await (await fetch(`${origin}/api/config`)).json()) as ProductReply<{
      clientSecret: string;
    }>;
    const clientSecret = config.data?.clientSecret ?? '';
    reply = await postForm(origin, '/api/login_stu', {
      account: user.account,
      password,
      secret: hourlySecret(clientSecret, new Date()),
    });
  } else {
    reply = await postForm(origin, '/api/login_zm', {
      account: user.account,
      password,
      auth_type: authTypeOf(user.account),
    });
  }
  const uid = reply.data?.uid;
  if (reply.status !== 1 || !uid) {
    throw new Error(`sign-in of ${user.account} refused: ${JSON.stringify(reply)}`);
  }
  return uid;
}

/**
 * Signs `page` in as `user` and opens `path` (by default the page it shows now, else the home page), then
 * waits until the top bar shows the account. Works on a fresh page and on one signed in as someone else.
 */
export async function signIn(
  page: Page,
  user: Credentials,
  /**
   * `apiOrigin`: where Node makes the login request when the page's own address is not one Node can use
   * (a name only Chromium resolves, an https certificate Node does not trust); the same server.
   */
  options: { path?: string; timeout?: number; apiOrigin?: string } = {},
): Promise<void> {
  const uid = await passwordSession(options.apiOrigin ?? originOf(page), user);
  await openWithSession(page, uid, user.account, options);
}

/**
 * `signIn` with a session already made (`passwordSession`): for a student account signed in on several pages,
 * as the student login accepts each account's hourly secret once a minute.
 */
export async function openWithSession(
  page: Page,
  uid: string,
  account: string,
  options: { path?: string; timeout?: number } = {},
): Promise<void> {
  const origin = originOf(page);
  const current = page.url().startsWith(origin) ? page.url().slice(origin.length) : '';
  // localStorage belongs to the origin: a blank page first loads the smallest answer the origin has.
  if (!current) await page.goto('/healthz');
  const envelope = {
    state: { users: { data: null, uuid: '', uid, accountType: '' } },
    version: PERSIST_VERSION,
    expiresAt: Date.now() + SESSION_TTL_MS,
  };
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    PERSIST_ROOT_KEY,
    JSON.stringify(envelope),
  ] as const);
  await page.goto(options.path ?? (current || '/'));
  await visible(userMenu(page).filter({ hasText: account }), options.timeout ?? WAIT_MS);
}

/** Signs in and opens a lab, waiting for its page heading. */
export async function openLabAs(
  page: Page,
  slug: string,
  title: string,
  user: Credentials = DEMO_LEARNER,
): Promise<void> {
  await signIn(page, user, { path: `/ailab/${slug}` });
  await visible(page.getByRole('heading', { name: title, level: 1 }));
}
