/** The start-up login check (spec §4): login links, the stored session, student accounts and language. */
import { describe, expect, it } from 'vitest';
import { verifiedUuid } from '../support/account-service.ts';
import { setupE2E } from '../support/harness.ts';
import { signHs256 } from '../support/jwt.ts';
import {
  button,
  cookie,
  dialog,
  eventually,
  expectLoggedInAs,
  gone,
  heading,
  loginEntry,
  openLoginModal,
  passwordLogin,
  storedUsers,
  toastSeen,
  visible,
  submitLogin,
} from '../support/ui.ts';

const SSO = {
  secret: 'e2e-sso-secret-0123456789abcdef',
  issuer: 'https://idp.school.test',
  audience: 'ai-edu',
};

const e2e = setupE2E({
  serverEnv: { SSO_JWT_SECRET: SSO.secret, SSO_JWT_ISSUER: SSO.issuer, SSO_JWT_AUDIENCE: SSO.audience },
});

describe('login link', () => {
  it('logs in with ?uuid= and removes it from the address bar', async () => {
    const email = 'link.user@example.com';
    const uuid = await verifiedUuid(e2e.baseUrl, email, (to) => e2e.latestCode(to));
    const page = await e2e.newPage();
    const loginCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/login');

    await page.goto(`/?uuid=${encodeURIComponent(uuid)}&from=mail#welcome`);
    await expectLoggedInAs(page, email);
    expect(new URL((await loginCall).url()).searchParams.get('uuid')).toBe(uuid);

    const url = new URL(page.url());
    expect(url.searchParams.has('uuid')).toBe(false);
    expect(url.search).toBe('?from=mail');
    expect(url.hash).toBe('#welcome');
    // about:blank and this page: the parameter was replaced in place, not left behind in the history.
    expect(await page.evaluate(() => window.history.length)).toBe(2);
    const users = await storedUsers(page);
    expect(users?.uuid).toBe(uuid);
    expect(users?.uid).toMatch(/\S{16,}/);
    expect(await cookie(page, 'uuid')).toBe(uuid);
  });

  it('warns about an invalid link, removes it and stays logged out', async () => {
    const page = await e2e.newPage();
    await page.goto('/?uuid=not-a-real-uuid');
    await toastSeen(page, 'login link invalid or expired');
    await visible(loginEntry(page));
    expect(new URL(page.url()).search).toBe('');
    expect(await storedUsers(page)).toMatchObject({ uid: '' });
  });
});

describe('single sign-on', () => {
  it('logs in with ?jwt=, removes it, and refuses the same token a second time', async () => {
    const jwt = signHs256(SSO.secret, {
      iss: SSO.issuer,
      aud: SSO.audience,
      sub: 'teacher-42',
      email: 'sso.teacher@example.com',
    });
    const page = await e2e.newPage();
    await page.goto(`/?jwt=${jwt}`);
    await expectLoggedInAs(page, 'sso.teacher@example.com');
    expect(new URL(page.url()).search).toBe('');
    expect((await storedUsers(page))?.uid).toMatch(/\S{16,}/);

    const replay = await e2e.newPage();
    await replay.goto(`/?jwt=${jwt}`);
    await toastSeen(replay, 'single sign-on token invalid');
    await visible(loginEntry(replay));
    expect(new URL(replay.url()).search).toBe('');
  });
});

describe('stored session', () => {
  it('survives a reload and is dropped once older than 43200 minutes', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);
    await passwordLogin(page, 'learner@example.com', 'Learner123');
    await expectLoggedInAs(page, 'learner@example.com');

    await page.reload();
    await expectLoggedInAs(page, 'learner@example.com');

    await page.evaluate(() => {
      const root = JSON.parse(window.localStorage.getItem('ai-edu') ?? '{}') as { expiresAt: number };
      root.expiresAt = Date.now() - 1;
      window.localStorage.setItem('ai-edu', JSON.stringify(root));
    });
    await page.reload();
    await visible(loginEntry(page));
    expect(await storedUsers(page)).toMatchObject({ uid: '' });
  });

  it('keeps the session when the check at start fails (a 503), says it is retrying, and signs in', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);
    await passwordLogin(page, 'learner@example.com', 'Learner123');
    await expectLoggedInAs(page, 'learner@example.com');
    const uid = (await storedUsers(page))?.uid;
    expect(uid).toMatch(/\S{16,}/);

    // The first check after the reload gets a 503; the retry waits until the test has seen the notice, so a
    // notice shown only for the 1 s before the retry cannot be missed on a busy machine.
    let failed = false;
    let releaseRetry = () => {};
    const retryReleased = new Promise<void>((resolve) => (releaseRetry = resolve));
    await page.route('**/api/user/getUserInfo', async (route) => {
      if (!failed) {
        failed = true;
        await route.fulfill({ status: 503, json: { status: -1, message: 'busy', data: null } });
        return;
      }
      await retryReleased;
      await route.continue();
    });
    await page.reload();

    const notice = page.getByRole('status').filter({ hasText: "Can't reach the school server" });
    await visible(notice);
    expect(failed).toBe(true);
    expect((await storedUsers(page))?.uid).toBe(uid);
    expect(await dialog(page).count()).toBe(0);
    releaseRetry();

    await expectLoggedInAs(page, 'learner@example.com');
    await gone(notice);
    expect((await storedUsers(page))?.uid).toBe(uid);
    // The modal is mounted the first time it opens: none means it never opened.
    expect(await dialog(page).count()).toBe(0);
  });

  it('forgets a session the server no longer knows and opens the login modal', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    // Wait for the app to have started: while it boots it reads the stored session, and would take this one.
    await visible(loginEntry(page));
    await page.evaluate(() => {
      const users = { data: null, uuid: '', uid: 'revoked-or-made-up-session', accountType: '' };
      const root = { state: { users }, version: 1, expiresAt: Date.now() + 60_000 };
      window.localStorage.setItem('ai-edu', JSON.stringify(root));
    });
    await page.reload();
    await visible(heading(page, 'Log in'));
    await eventually(
      () => storedUsers(page),
      (u) => expect(u).toMatchObject({ uid: '' }),
    );
  });
});

describe('student-style accounts', () => {
  it('log in through the student endpoint and see the server message on a wrong password', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await openLoginModal(page);

    const wrong = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/login_stu');
    await passwordLogin(page, 'student@demo', 'NotMyPassword1');
    await wrong;
    await toastSeen(page, 'student account or password wrong; ask your teacher to reset it');
    await visible(heading(page, 'Log in'));

    await dialog(page).getByPlaceholder('Password').fill('Student123');
    await submitLogin(page);
    await toastSeen(page, 'login successful');
    await gone(dialog(page));
    await expectLoggedInAs(page, 'student@demo');
  });
});

describe('language', () => {
  it('defaults to Chinese and switches to English, remembering the choice', async () => {
    const page = await e2e.newPage({ lang: null });
    await page.goto('/');
    await visible(button(page, '登录 / 注册'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    await page.getByText('EN', { exact: true }).click();
    await visible(loginEntry(page));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('en');

    await page.reload();
    await visible(loginEntry(page));
    await openLoginModal(page);
    // antd's own texts follow the language too.
    await visible(dialog(page).getByRole('button', { name: 'Close' }));
  });
});
