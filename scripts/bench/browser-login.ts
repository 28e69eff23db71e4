/** Logs the seeded demo learner in through the login modal, for lab benchmarks that drive Chromium. */
import type { Page } from 'playwright-core';

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
