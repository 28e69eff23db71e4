/** Errors in one place (spec §2, §8): HTTP toasts, the page error page, a crashed lab inside the shell. */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from '../support/admin.ts';
import { breakChunks } from '../support/break-chunk.ts';
import { setupE2E } from '../support/harness.ts';
import {
  button,
  eventually,
  expectPath,
  heading,
  navLink,
  pageHeading,
  settle,
  storedUsers,
  toastSeen,
  visible,
} from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();
let user: TestAccount;

beforeAll(async () => {
  user = await createUser(e2e.dataDir, {
    account: 'errors@example.com',
    password: 'Errors1pass',
    vip: 2,
    days: 10,
  });
});

async function loggedInPage() {
  const page = await e2e.newPage();
  await signIn(page, user);
  return page;
}

describe('HTTP errors', () => {
  it('toasts a 500 with the catalogue text and the status', async () => {
    const page = await loggedInPage();
    await page.route('**/api/credits/history**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"status":0,"message":"boom","data":null}',
      }),
    );
    await page.goto('/setting/personal');
    expect(await toastSeen(page, 'server internal error')).toContain('response error: 500');
  });

  it('toasts a 404 from the server for a missing API', async () => {
    const page = await loggedInPage();
    // The page asks for its history; the request goes to an API path the server does not have.
    await page.route('**/api/log/experience/mine**', (route) =>
      route.continue({ url: `${e2e.baseUrl}/api/log/experience/no-such-endpoint` }),
    );
    const answer = page.waitForResponse((r) => r.url().includes('/api/log/experience/no-such-endpoint'));
    await page.goto('/setting/experience');
    expect((await answer).status()).toBe(404);
    expect(await toastSeen(page, 'requested resource does not exist')).toContain('response error: 404');
  });

  it('shows the server message when a reply has status 0', async () => {
    const page = await loggedInPage();
    await page.route('**/api/credits/history**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"status":0,"message":"ledger is resting","data":null}',
      }),
    );
    await page.goto('/setting/personal');
    await toastSeen(page, 'ledger is resting');
  });
});

describe('an expired session', () => {
  it('toasts a 401 answer to a request of a live page', async () => {
    const page = await loggedInPage();
    await page.goto('/setting/experience');
    await visible(page.getByText('You have not opened a lab yet.'));
    const uid = (await storedUsers(page))?.uid ?? '';
    await fetch(`${e2e.baseUrl}/api/logout`, { method: 'POST', headers: { Authorization: `Bearer ${uid}` } });
    // Back to the personal tab: its credits history now meets the revoked session.
    await page.getByRole('tab', { name: 'Personal settings' }).click();
    expect(await toastSeen(page, 'unauthorized, please log in')).toContain('response error: 401');
    await visible(heading(page, 'Log in'));
    await expectPath(page, '/');
    await eventually(
      () => storedUsers(page),
      (users) => expect(users).toMatchObject({ uid: '' }),
    );
  });
});

describe('page errors', () => {
  it('shows the error page inside the shell, with code 00000, browser and system, and refreshes', async () => {
    const page = await loggedInPage();
    const broken = await breakChunks(page, ['**/assets/event-promotion-*.js']);
    await page.goto('/eventPromotion');
    await visible(page.getByText('page error', { exact: true }));
    expect(broken).toHaveLength(1);
    await visible(page.getByText('00000', { exact: true }));
    await visible(page.getByText('Browser', { exact: true }));
    await visible(page.getByText('System', { exact: true }));
    await visible(page.getByText(/Chrome/).first());
    // The shell survives: the top bar still navigates.
    await visible(navLink(page, 'Courses'));

    await page.unrouteAll({ behavior: 'wait' });
    await button(page, 'Refresh').click();
    await visible(pageHeading(page, 'Limited-time event'));
  });

  it('keeps a crashed lab inside its own boundary; the rest of the site keeps working', async () => {
    const page = await loggedInPage();
    // Whichever this lab is now, a built lab's chunk or the coming-soon page, it crashes.
    const broken = await breakChunks(page, [
      '**/assets/voiceSynthesis-*.js',
      '**/assets/lab-coming-soon-*.js',
    ]);
    await page.goto('/ailab/voiceSynthesis');
    await visible(page.getByText('This lab stopped working'));
    await visible(page.getByText('00000', { exact: true }));
    await visible(button(page, 'Reload the lab'));
    await settle(page);
    await eventually(
      () => Promise.resolve(broken.length),
      (n) => expect(n).toBeGreaterThan(0),
    );

    await navLink(page, 'Courses').click();
    await expectPath(page, '/course');
    await visible(pageHeading(page, 'Courses'));
  });
});

describe('missing things', () => {
  const UNKNOWN = '00000000-0000-4000-8000-000000000000';
  const notFound = (page: Page, title: string) => page.getByRole('heading', { name: title, exact: true });

  // Several full page loads each: longer than the default on a busy machine.
  const LOADS_MS = 240_000;

  it(
    'shows a not-found page with the ways back for a missing course or lesson',
    async () => {
      const page = await loggedInPage();
      // A mistyped id is a missing course to the user, not a request error.
      await page.goto('/course/not-a-real-id');
      await visible(notFound(page, 'This course does not exist'));
      expect(await page.getByText(/Invalid UUID|bad request/).count()).toBe(0);
      await button(page, 'Back to the courses').click();
      await expectPath(page, '/course');

      await page.goto(`/course/${UNKNOWN}`);
      await visible(notFound(page, 'This course does not exist'));
      await button(page, 'Home').click();
      await expectPath(page, '/');

      // A lesson of a real course that has no such lesson leads back to the course.
      await page.goto('/course');
      const href = (await (await visible(page.locator('a.course-card').first())).getAttribute('href')) ?? '';
      const courseId = href.split('/').pop() ?? '';
      await page.goto(`/lesson/${courseId}/${UNKNOWN}`);
      await visible(notFound(page, 'This lesson does not exist'));
      await button(page, 'Back to the course').click();
      await expectPath(page, `/course/${courseId}`);

      await page.goto(`/lesson/not-a-real-id/${UNKNOWN}`);
      await visible(notFound(page, 'This lesson does not exist'));
      await button(page, 'Back to the courses').click();
      await expectPath(page, '/course');

      // A stale file link (deleted file, expired or broken signature) followed in the browser: a page, not JSON.
      await page.goto(`/api/files/${UNKNOWN}?exp=1&sig=stale`);
      await visible(notFound(page, 'This file does not exist'));
      await button(page, 'Back to the courses').click();
      await expectPath(page, '/course');
      await visible(page.locator('a.course-card').first());
    },
    LOADS_MS,
  );

  it(
    'shows a not-found page for a class the teacher does not have',
    async () => {
      const page = await loggedInPage();
      await page.goto(`/class?class=${UNKNOWN}`);
      await visible(notFound(page, 'This class does not exist'));
      await button(page, 'Back to my classes').click();
      await expectPath(page, '/class');
      await visible(pageHeading(page, 'Class'));
    },
    LOADS_MS,
  );

  it('says it in Chinese too', async () => {
    const page = await loggedInPage();
    await page.evaluate(() => window.localStorage.setItem('lang', 'zh-CN'));
    await page.goto('/course/not-a-real-id');
    await visible(notFound(page, '这门课程不存在'));
    await visible(button(page, '返回课程列表'));
  });
});
