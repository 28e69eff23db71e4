/** The limited-time event (issue 7): the seeded event, redeeming its code once, the navbar balance. */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from './support/admin.ts';
import { setupE2E } from './support/harness.ts';
import { eventually, pageHeading, toastSeen, visible } from './support/ui.ts';
import { signIn } from './support/sign-in.ts';

const e2e = setupE2E();
/** Several logins and pages per journey: slower than the default on a busy machine. */
const JOURNEY_MS = 180_000;
/** A button by the start of its text (antd icons add their own names to the accessible name). */
const action = (scope: Page | Locator, name: string) => scope.getByRole('button', { name });
let learner: TestAccount;

beforeAll(async () => {
  learner = await createUser(e2e.dataDir, {
    account: 'event.learner@example.com',
    password: 'Event1pass',
    vip: 1,
    days: 30,
    credits: 10,
  });
});

/** The balance the navbar shows (its accessible name carries the final value). */
async function balance(page: Page): Promise<number> {
  const label = (await page.getByTestId('points-balance').getAttribute('aria-label')) ?? '';
  return Number(label.split(':').at(-1)?.trim());
}

async function openEvent(): Promise<Page> {
  const page = await e2e.newPage();
  await signIn(page, learner, { path: '/eventPromotion' });
  await visible(pageHeading(page, 'Limited-time event'));
  await visible(page.getByText('AI Challenge Week').first());
  return page;
}

describe('event page', () => {
  it(
    'shows the demo event in the chosen language, on the home page and on its own page',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, learner);
      await visible(page.getByTestId('home-event').getByText('AI Challenge Week', { exact: true }));
      await page.goto('/eventPromotion');
      await visible(page.getByRole('heading', { name: 'Welcome to AI Challenge Week!' }));
      await page.locator('.top-bar-actions .language-switch').getByText('中文', { exact: true }).click();
      await visible(page.getByRole('heading', { name: '欢迎参加开学季 AI 挑战周！' }));
      await visible(page.getByText('开学季 AI 挑战周', { exact: true }));
      expect(await page.getByText('AI Challenge Week').count()).toBe(0);
    },
    JOURNEY_MS,
  );

  it(
    'redeems the code once (the balance rises) and refuses it the second time',
    async () => {
      // Two sessions of the same learner, both showing the redeem form.
      const first = await openEvent();
      const second = await openEvent();
      await visible(first.getByText('Running', { exact: true }));
      await eventually(
        () => balance(first),
        (value) => expect(value).toBe(10),
      );

      await first.getByPlaceholder('Event code').fill('ailab2026');
      await action(first, 'Redeem').click();
      await toastSeen(first, 'Code redeemed: +50 credits');
      await eventually(
        () => balance(first),
        (value) => expect(value).toBe(60),
      );
      await visible(first.getByText('You have already redeemed this event’s code.'));

      // The other tab still offers the form; the server refuses the second redeem and nothing is paid.
      await second.getByPlaceholder('Event code').fill('AILAB2026');
      await action(second, 'Redeem').click();
      await toastSeen(second, 'already redeemed for this account');
      await visible(second.getByText('You have already redeemed this event’s code.'));
      await second.reload();
      await visible(second.getByText('You have already redeemed this event’s code.'));
      await eventually(
        () => balance(second),
        (value) => expect(value).toBe(60),
      );
    },
    JOURNEY_MS,
  );

  it(
    'checks in once a day',
    async () => {
      const page = await openEvent();
      const before = await eventually(
        () => balance(page),
        (value) => expect(value).toBeGreaterThan(0),
      );
      await action(page, 'Check in').click();
      await toastSeen(page, 'Checked in: +5 credits');
      await visible(page.getByText('Checked in today. Come back tomorrow!'));
      await eventually(
        () => balance(page),
        (value) => expect(value).toBe(before + 5),
      );
      expect(await action(page, 'Check in').count()).toBe(0);
    },
    JOURNEY_MS,
  );
});
