/** Activity logs (spec §3, §7): experience on entering and leaving a lab page, education when a course opens. */
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { eventually, expectPath, settle, storedUsers, toastsShown, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();
let user: TestAccount;

beforeAll(async () => {
  user = await createUser(e2e.dataDir, { account: 'logs@example.com', password: 'Logs1pass', vip: 1 });
});

interface Visit {
  path: string;
  lab: string | null;
  enteredAt: string;
  leftAt: string | null;
  durationMs: number | null;
}

async function myVisits(page: Page): Promise<Visit[]> {
  const uid = (await storedUsers(page))?.uid ?? '';
  const res = await fetch(`${e2e.baseUrl}/api/log/experience/mine?limit=50`, {
    headers: { Authorization: `Bearer ${uid}` },
  });
  return ((await res.json()) as { data: Visit[] }).data;
}

function experienceLogs(page: Page): { type: number; path: string }[] {
  const seen: { type: number; path: string }[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === '/api/log/experience' && request.method() === 'POST') {
      seen.push(request.postDataJSON() as { type: number; path: string });
    }
  });
  return seen;
}

describe('experience logs', () => {
  it('records entering and leaving a lab page, not the index, and shows it in the history', async () => {
    const page = await e2e.newPage();
    const sent = experienceLogs(page);
    await signIn(page, user);

    await page.goto('/ailab');
    await page.getByTestId('lab-card-linearRegression').click();
    await expectPath(page, '/ailab/linearRegression');
    await eventually(
      () => Promise.resolve(sent.map((s) => `${s.type} ${s.path}`)),
      (logs) => expect(logs).toEqual(['0 /ailab/linearRegression']),
    );

    await page.getByRole('button', { name: 'back', exact: true }).click();
    await expectPath(page, '/ailab');
    await eventually(
      () => myVisits(page),
      (visits) => {
        expect(visits).toHaveLength(1);
        expect(visits[0]).toMatchObject({ path: '/ailab/linearRegression', lab: 'linearRegression' });
        expect(visits[0]?.leftAt).not.toBeNull();
        expect(visits[0]?.durationMs).toBeGreaterThanOrEqual(0);
      },
    );
    expect(sent.map((s) => `${s.type} ${s.path}`)).toEqual([
      '0 /ailab/linearRegression',
      '1 /ailab/linearRegression',
    ]);

    await page.goto('/setting/experience');
    const row = page.locator('.settings-table tbody tr').filter({ hasText: '/ailab/linearRegression' });
    await visible(row.getByText('Linear regression'));
  });

  it('logs the /edu/ailab path of the same lab', async () => {
    const page = await e2e.newPage();
    await signIn(page, user);
    const entered = page.waitForRequest(
      (r) =>
        new URL(r.url()).pathname === '/api/log/experience' &&
        (r.postDataJSON() as { path?: string }).path === '/edu/ailab/neuralNetworks',
    );
    await page.goto('/edu/ailab/neuralNetworks');
    expect((await entered).postDataJSON()).toMatchObject({ type: 0, path: '/edu/ailab/neuralNetworks' });
  });

  it('keeps failures to the console: no toast', async () => {
    const page = await e2e.newPage();
    await signIn(page, user);
    await page.route('**/api/log/experience', (route) => route.fulfill({ status: 500, body: '{}' }));
    const failed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/log/experience');
    await page.goto('/ailab/linearRegression');
    expect((await failed).status()).toBe(500);
    await settle(page);
    expect(await toastsShown(page)).toEqual([]);
  });
});

describe('education logs', () => {
  it('sends type 0 with the course id when a course opens', async () => {
    const page = await e2e.newPage();
    await signIn(page, user);
    const logged = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/log/edu');
    await page.goto('/course/7');
    const response = await logged;
    expect(response.request().postDataJSON()).toMatchObject({ type: 0, course_id: '7' });
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { status: number }).status).toBe(1);
  });
});
