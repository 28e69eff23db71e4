/**
 * The studio's model blocks classifying camera frames (issue 26, target ≥ 15 a second), in headless Chromium
 * on the built app (WASM without a GPU): a two-class image model trained in the image trainer page (a face
 * recorded from a fake camera, screenshots), "Use in a program", Run; then the rate the studio's model view
 * shows (frames classified in the last second: the CenterNet/MobileNet-v3 embedding plus the model's head),
 * read once a second for 10 s. Skipped when apps/web/dist or Chromium is missing.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath, launchBrowser } from '../../../e2e/support/browser.ts';
import { fakeCameraArgs, makeFaceFixtures } from '../../../e2e/support/face-video.ts';
import { trainFaceScreenModel } from '../../../e2e/support/image-trainer.ts';
import { repoRoot, startServer } from '../../../e2e/support/server.ts';
import { logInAsDemoLearner } from '../browser-login.ts';

export const name = 'block studio model blocks (Chromium)';

const TIMEOUT_MS = 180_000;
const READINGS = 10;

export async function run() {
  const skip = (why: string) => [
    { label: 'camera frames classified', value: 0, unit: '-', note: `skipped: ${why}` },
  ];
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) return skip('run `npm run build` first');
  try {
    chromiumPath();
  } catch {
    return skip('no Chromium (CHROMIUM_PATH)');
  }
  const fixtures = await makeFaceFixtures(path.join(os.tmpdir(), `bench-make-models-${process.pid}`));
  const server = await startServer();
  const browser = await launchBrowser({ args: fakeCameraArgs(fixtures.video) });
  try {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 900 },
      permissions: ['camera'],
    });
    await context.addInitScript({ content: "window.localStorage.setItem('lang', 'en');" });
    const page = await context.newPage();
    await logInAsDemoLearner(page);
    await page.goto('/ailab/trainImage');
    await trainFaceScreenModel(page, TIMEOUT_MS);
    await page.getByRole('button', { name: 'Use in a program', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/make' && !url.searchParams.has('model'));
    await page.locator('.blocklyBlockCanvas .blocklyDraggable').first().waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const rate = page.locator('.make-model-rate');
    await rate.waitFor({ timeout: TIMEOUT_MS });
    // The first second includes the warm-up: read from the second on.
    await page.waitForFunction(
      "Number(document.querySelector('.make-model-rate')?.dataset.rate) > 0",
      undefined,
      {
        timeout: TIMEOUT_MS,
      },
    );
    const readings: number[] = [];
    for (let i = 0; i < READINGS; i++) {
      await page.waitForTimeout(1000);
      readings.push(Number(await rate.getAttribute('data-rate')));
    }
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    readings.sort((a, b) => a - b);
    const median = readings[Math.floor(readings.length / 2)] ?? 0;
    return [
      {
        label: 'camera frames classified by a model block, median',
        value: median,
        unit: '/s',
        note: `target ≥ 15; ${(median / 15).toFixed(2)}× the target; slowest second ${readings[0]}`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
