/**
 * The admin console (`/admin`): an administrator made with the admin CLI (which goes through the running
 * server) finds a user, grants credits with a reason and sees them in that user's ledger and in the audit
 * log, resets a password shown once; sets up AI chat in the "AI providers" tab (tested against a local fake
 * provider, applied without a restart, the key never shown again); a non-admin gets the 403 page.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../apps/server/src/test/fake-openai.ts';
import { setupE2E } from './support/harness.ts';
import { repoRoot } from './support/server.ts';
import {
  button,
  dialog,
  eventually,
  expectLoggedInAs,
  gone,
  openLoginModal,
  passwordLogin,
  settle,
  toastSeen,
  visible,
} from './support/ui.ts';

const ADMIN = { account: 'a@x.com', password: 'Admin1234' };
const SLOW_TEST_MS = 120_000;

const e2e = setupE2E();
const fake = await startFakeOpenAi();
afterAll(() => fake.close());

beforeAll(async () => {
  // The CLI finds the running server through the data directory's lock file. It must not see CI's
  // DATABASE_URL: with it, it would write to that PostgreSQL instead of the test server's own database.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: e2e.dataDir };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'create-user',
      '--account',
      ADMIN.account,
      '--password',
      ADMIN.password,
      '--admin',
    ],
    { cwd: repoRoot, env },
  );
  expect(stdout).toContain('"role":"admin"');
}, SLOW_TEST_MS);

async function logIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/');
  await openLoginModal(page);
  await passwordLogin(page, account, password);
  await expectLoggedInAs(page, account);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const userRow = (page: Page, account: string) =>
  page.locator('.admin-table tbody tr').filter({ has: page.getByText(account, { exact: true }) });

describe('admin console', () => {
  it(
    'finds a user, grants credits with a reason, and shows them in the ledger and the audit log',
    async () => {
      const page = await e2e.newPage();
      await logIn(page, ADMIN.account, ADMIN.password);
      const grants: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/credits'))
          grants.push(request.postDataJSON());
      });
      await page.goto('/admin');
      await visible(page.getByRole('heading', { name: 'Admin console' }));
      await visible(tab(page, 'Users'));

      // Search narrows the table to the matching account.
      await visible(userRow(page, 'campus@example.com'));
      await page.getByPlaceholder('Search by account or school').fill('learner');
      await page.getByPlaceholder('Search by account or school').press('Enter');
      await eventually(
        () => page.locator('.admin-table tbody tr.ant-table-row').count(),
        (n) => expect(n).toBe(1),
      );
      await visible(userRow(page, 'learner@example.com'));
      expect(await userRow(page, 'campus@example.com').count()).toBe(0);

      // Credits for that account: the reason is required.
      await userRow(page, 'learner@example.com')
        .getByRole('button', { name: 'Credits learner@example.com' })
        .click();
      await visible(page.getByRole('heading', { name: 'Ledger of learner@example.com' }));
      await visible(page.getByTestId('admin-ledger').getByText('initial credits'));
      await page.getByRole('spinbutton', { name: 'Credits' }).fill('25');
      await page.getByRole('button', { name: /Apply/ }).click();
      await visible(page.getByText('A reason is required'));

      await page.getByRole('textbox', { name: 'Reason' }).fill('Science fair prize');
      await settle(page);
      await page.getByRole('button', { name: /Apply/ }).click();
      await toastSeen(page, '25 credits granted to learner@example.com; balance 125');
      // One request, after the reason was given; the session travels in the header, not the body.
      expect(grants).toEqual([{ delta: 25, reason: 'Science fair prize' }]);

      const ledgerRow = page
        .getByTestId('admin-ledger')
        .locator('tbody tr')
        .filter({ hasText: 'admin: Science fair prize' });
      await visible(ledgerRow);
      expect(await ledgerRow.textContent()).toContain('+25');
      expect(await ledgerRow.textContent()).toContain('125');

      // The audit log names who did what to whom, and why.
      await tab(page, 'Audit log').click();
      const auditRow = page
        .getByTestId('audit-log')
        .locator('tbody tr')
        .filter({ hasText: 'learner@example.com' })
        .filter({ hasText: 'Credits' });
      await visible(auditRow);
      const text = (await auditRow.first().textContent()) ?? '';
      expect(text).toContain(ADMIN.account);
      expect(text).toContain('Science fair prize');
      expect(text).toContain('delta: 25');

      // The user sees the new balance.
      const learner = await e2e.newPage();
      await logIn(learner, 'learner@example.com', 'Learner123');
      await eventually(
        () => learner.getByTestId('points-balance').getAttribute('aria-label'),
        (label) => expect(label).toMatch(/125$/),
      );
    },
    SLOW_TEST_MS,
  );

  it(
    'resets a password and shows the temporary one once; it logs in',
    async () => {
      const page = await e2e.newPage();
      await logIn(page, ADMIN.account, ADMIN.password);
      await page.goto('/admin');
      await visible(userRow(page, 'campus@example.com'));
      await userRow(page, 'campus@example.com')
        .getByRole('button', { name: 'More campus@example.com' })
        .click();
      await page.getByRole('menuitem', { name: 'Reset password' }).click();
      await visible(page.getByText('Make a new temporary password for campus@example.com?'));
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Reset password' }).click();

      const shown = await visible(page.getByTestId('temp-password').locator('code'));
      const password = ((await shown.textContent()) ?? '').trim();
      expect(password).toMatch(/^\S{8,}$/);
      await visible(dialog(page).getByText('Shown only this once.', { exact: false }));
      await button(dialog(page), 'Done').click();
      // Nothing keeps it once the dialog is closed.
      await gone(page.getByTestId('temp-password'));

      const res = await page.request.post('/api/login_zm', {
        form: {
          account: 'campus@example.com',
          password: createHash('sha256').update(password).digest('hex'),
          auth_type: 'email',
        },
      });
      expect(((await res.json()) as { status: number }).status).toBe(1);
    },
    SLOW_TEST_MS,
  );

  it(
    'generates an event redeem code without look-alikes, and the event saves with it',
    async () => {
      const page = await e2e.newPage();
      await logIn(page, ADMIN.account, ADMIN.password);
      await page.goto('/admin');
      await tab(page, 'Events').click();
      await page.getByRole('button', { name: 'New event' }).click();
      await dialog(page).getByLabel('Title').fill('Code week');
      await button(dialog(page), 'Generate').click();
      const code = await dialog(page).getByLabel('Redeem code').inputValue();
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{10}$/);
      await dialog(page).getByLabel('Credits for the code').fill('20');
      await settle(page);
      await button(dialog(page), 'Save').click();
      await toastSeen(page, 'Event saved');
      await visible(page.locator('.admin-table tbody tr').filter({ hasText: 'Code week' }));
    },
    SLOW_TEST_MS,
  );

  it(
    'sets up AI chat in the AI providers tab: a failing test shows the provider’s words, saving applies at once',
    async () => {
      const page = await e2e.newPage();
      await logIn(page, ADMIN.account, ADMIN.password);
      await page.goto('/admin?tab=ai');
      const chat = page.getByTestId('ai-provider-chat');
      await visible(chat.getByText('Not set up', { exact: true }));
      await visible(page.getByText(/Settings in the server environment .* win over this page/));
      await visible(chat.getByTestId('api-key-state').getByText('Not set', { exact: true }));

      await chat.getByLabel('Base URL').fill(fake.url);
      await chat.getByLabel('Model').fill('fake-chat');
      await chat.getByLabel('New API key').fill('sk-wrong');
      await settle(page);
      await button(chat, 'Test connection').click();
      await visible(
        chat.getByTestId('provider-test-result').getByText('HTTP 401: Incorrect API key provided'),
      );

      await chat.getByLabel('New API key').fill(fake.apiKey);
      await settle(page);
      await button(chat, 'Test connection').click();
      await visible(chat.getByText('Connected: the model fake-chat answered.'));
      expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', body: { max_tokens: 1 } });

      await button(chat, 'Save').click();
      await toastSeen(page, 'Saved. It applies from the next request.');
      const saved = page.getByTestId('ai-provider-chat');
      await visible(saved.getByText('Ready', { exact: true }));
      await visible(saved.getByTestId('api-key-state').getByText('Set', { exact: true }));
      await visible(saved.getByRole('button', { name: 'Replace' }));
      // Write-only: the key is in no field and nowhere on the page.
      expect(await page.content()).not.toContain(fake.apiKey);
      expect(await saved.getByLabel('New API key').count()).toBe(0);

      // No restart: AI Q&A now opens in the cloud chat (its tiny poet one switch away); painting, with no
      // image provider, still opens in the tiny painter.
      await page.goto('/ailab/aiChat');
      await visible(page.getByRole('textbox', { name: /^Ask anything/ }));
      await visible(page.getByRole('radiogroup', { name: 'Which AI writes' }));
      await page.goto('/ailab/textToImage');
      await visible(page.getByTestId('painter-mode'));
    },
    SLOW_TEST_MS,
  );

  it(
    'shows a non-admin the 403 page',
    async () => {
      const page = await e2e.newPage();
      await logIn(page, 'student@demo', 'Student123');
      await page.goto('/admin');
      await visible(page.getByText('This page is for administrators only.', { exact: false }));
      await visible(page.getByText('403', { exact: true }));
      expect(await tab(page, 'Users').count()).toBe(0);
      // The server refuses the console's API too.
      const status = await page.evaluate(async () => {
        const stored = JSON.parse(window.localStorage.getItem('ai-edu') ?? '{}') as {
          state?: { users?: { uid?: string } };
        };
        const res = await fetch('/api/admin/users', {
          headers: { authorization: `Bearer ${stored.state?.users?.uid ?? ''}` },
        });
        return res.status;
      });
      expect(status).toBe(403);
    },
    SLOW_TEST_MS,
  );
});
