/** Lab benchmarks that drive Chromium: a signed-in page on a fresh server with the built app. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chromiumPath, launchBrowser } from '../../e2e/support/browser.ts';
import { repoRoot, startServer } from '../../e2e/support/server.ts';

/** Logs the seeded demo learner in through the login modal. */
export async function logInAsDemoLearner(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in / Register' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('Phone, email or student account').fill('learner@example.com');
  await dialog.getByPlaceholder('Password').fill('Learner123');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page
    .locator('.user-menu-trigger')
    .filter({ hasText: 'learner@example.com' })
    .waitFor({ timeout: 60_000 });
}

/**
 * Runs `use` with the demo learner signed in (English, 1280 × 900) on a server of its own, then closes both.
 * Answers `{ skipped }` with the reason when this machine has no build or no Chromium.
 */
export async function withSignedInPage<T>(use: (page: Page) => Promise<T>): Promise<T | { skipped: string }> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    return { skipped: 'run `npm run build` first' };
  try {
    chromiumPath();
  } catch {
    return { skipped: 'no Chromium (CHROMIUM_PATH)' };
  }
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    await context.addInitScript({ content: "window.localStorage.setItem('lang', 'en');" });
    const page = await context.newPage();
    await logInAsDemoLearner(page);
    return await use(page);
  } finally {
    await browser.close();
    await server.stop();
  }
}
