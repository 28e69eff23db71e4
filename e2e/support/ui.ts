/**
 * Page helpers in the user's terms (visible text, roles). playwright-core has no auto-retrying `expect`, so
 * waits are explicit: `visible` waits for an element, `eventually` polls a value until it matches.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { pollPause } from './wait.ts';

// Generous: CI shares a 2-core machine, and a wait that passes early costs nothing.
export const WAIT_MS = 20_000;

export async function visible(locator: Locator, timeout = WAIT_MS): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw await withPageState(locator.page(), error);
  }
  return locator;
}

/** Adds where the page is and what it shows to a failed wait, so a CI log says why it never came. */
async function withPageState(page: Page, error: unknown): Promise<unknown> {
  if (!(error instanceof Error) || page.isClosed()) return error;
  const shown = await page
    .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 400))
    .catch((reason: unknown) => `(page unreadable: ${String(reason)})`);
  error.message += `\n  page: ${page.url()}\n  shows: ${shown}`;
  return error;
}

export async function gone(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Polls `read` until `check` passes (or throws the last assertion error after the timeout). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeout = WAIT_MS) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await pollPause();
  }
}

/** Lets React commit pending updates (two animation frames) before a state is read. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Whether a control is enabled, read after the UI settled (and polled, for slower updates). */
export async function expectEnabled(page: Page, locator: Locator, enabled: boolean): Promise<void> {
  await settle(page);
  await eventually(
    () => locator.isEnabled(),
    (value) => expect(value, `enabled state of ${locator.toString()}`).toBe(enabled),
  );
}

export const dialog = (page: Page) => page.getByRole('dialog');
export const heading = (page: Page, name: string) => dialog(page).getByRole('heading', { name, exact: true });
export const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });
export const loginEntry = (page: Page) => button(page, 'Log in / Register');
export const userMenu = (page: Page) => page.locator('.user-menu-trigger');

export async function openLoginModal(page: Page): Promise<void> {
  await (await visible(loginEntry(page))).click();
  await visible(heading(page, 'Log in'));
}

/**
 * Waits until an antd popup's opening animation (zoom, slide) is over. Pages run with reduced motion
 * (browser.ts), so only a page that opts out needs it.
 */
export async function motionDone(popup: Locator): Promise<void> {
  await eventually(
    async () => (await popup.first().getAttribute('class')) ?? '',
    (cls) => expect(cls).not.toMatch(/-appear|-enter/),
  );
}

export async function closeLoginModal(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await gone(dialog(page));
}

/** The toast texts this document has shown so far, in order (recorded by browser.ts as each appears). */
export const toastsShown = (page: Page): Promise<string[]> =>
  page.evaluate(() => [...((window as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? [])]);

/**
 * Waits until a toast containing `text` (any case) has been shown, even if it is gone again, and returns its
 * whole text. A toast lives 3 s: polling for a visible one can miss it on a loaded CI machine.
 */
export async function toastSeen(page: Page, text: string, timeout = WAIT_MS): Promise<string> {
  let found = '';
  await eventually(
    () => toastsShown(page),
    (texts) => {
      found = texts.find((shown) => shown.toLowerCase().includes(text.toLowerCase())) ?? '';
      expect(found, `a toast with "${text}" among ${JSON.stringify(texts)}`).not.toBe('');
    },
    timeout,
  );
  return found;
}

/** Marks where the toasts shown so far end, and returns a reader of those shown after it. */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  const mark = (await toastsShown(page)).length;
  return async () => (await toastsShown(page)).slice(mark);
}

export async function expectLoggedInAs(page: Page, account: string): Promise<void> {
  await visible(userMenu(page).filter({ hasText: account }));
  expect(await loginEntry(page).count()).toBe(0);
}

export async function logout(page: Page): Promise<void> {
  await userMenu(page).click();
  const item = await visible(page.getByRole('menuitem', { name: 'Log out' }));
  await settle(page);
  const seen = await recordToasts(page);
  await item.click();
  await visible(loginEntry(page));
  await eventually(seen, (texts) => expect(texts.join('\n')).toMatch(/logged out/i));
}

/**
 * Presses the password form's "Log in" once any earlier attempt has settled. Found by what it is rather than
 * by its name: after a refused attempt, antd keeps the spinner (whose label joins the button's name) until
 * its collapse animation ends, which on a quiet headless machine can take a long while.
 */
export async function submitLogin(page: Page): Promise<void> {
  const submit = dialog(page).locator('.login-form button[type="submit"]');
  await eventually(
    async () => (await submit.getAttribute('class')) ?? '',
    (cls) => expect(cls).not.toContain('ant-btn-loading'),
  );
  await submit.click();
}

export async function passwordLogin(page: Page, account: string, password: string): Promise<void> {
  await dialog(page).getByPlaceholder('Phone, email or student account').fill(account);
  await dialog(page).getByPlaceholder('Password').fill(password);
  await submitLogin(page);
}

/** Switches the open login modal from the password form to code login (or recovery). */
export async function openCodeForm(page: Page, mode: 'code' | 'forget'): Promise<void> {
  await button(dialog(page), mode === 'code' ? 'Code login / Register' : 'Forgot password?').click();
  await visible(heading(page, mode === 'code' ? 'Code login / Register' : 'Forgot password'));
}

/** Starts code login (or recovery) for `account` and waits for the code boxes. */
export async function requestCode(page: Page, mode: 'code' | 'forget', account: string): Promise<void> {
  await openCodeForm(page, mode);
  await dialog(page).getByPlaceholder('Phone number or email').fill(account);
  await button(dialog(page), 'Next').click();
  await visible(heading(page, 'Enter the verification code'));
}

export const codeBox = (page: Page, n: number) => dialog(page).getByRole('textbox', { name: `Digit ${n}` });

/** Types the code key by key into the first box; the boxes advance on their own. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await codeBox(page, 1).click();
  await page.keyboard.type(code, { delay: 30 });
}

/** Fires a real paste event carrying `text` at a code box. */
export async function pasteCode(page: Page, text: string, box = 1): Promise<void> {
  await codeBox(page, box).click();
  await codeBox(page, box).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

export interface StoredUsers {
  uid: string;
  uuid: string;
  accountType: string;
  data: { account: string } | null;
}

/** `users` as persisted under the app's localStorage root key. */
export async function storedUsers(page: Page): Promise<StoredUsers | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('ai-edu');
    if (!raw) return null;
    return (JSON.parse(raw) as { state: { users: StoredUsers } }).state.users;
  });
}

export async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

/** A code of the same length that is surely wrong. */
export function wrongCode(code: string): string {
  return code
    .split('')
    .map((d) => String((Number(d) + 1) % 10))
    .join('');
}

/** Waits until the address bar shows `pathname`. */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  await eventually(
    () => Promise.resolve(new URL(page.url()).pathname),
    (value) => expect(value).toBe(pathname),
  );
}

/** The top bar's main navigation (desktop). */
export const navLink = (page: Page, name: string) =>
  page.locator('.top-bar-nav').getByRole('link', { name, exact: true });

export const pageHeading = (page: Page, name: string) =>
  page.locator('.app-content').getByRole('heading', { name, exact: true });

/** The demo learner `npm start` seeds (vip 0, with some credits). */
export const DEMO_LEARNER = { account: 'learner@example.com', password: 'Learner123' } as const;

/** The balance the navbar shows (its accessible name carries the final value, not the rolling one). */
export async function navbarBalance(page: Page): Promise<number> {
  const label = (await page.getByTestId('points-balance').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)\s*$/.exec(label)?.[1] ?? NaN);
}

export async function expectBalance(page: Page, expected: number): Promise<void> {
  await eventually(
    () => navbarBalance(page),
    (value) => expect(value).toBe(expected),
  );
}
