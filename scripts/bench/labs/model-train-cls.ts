/**
 * Model training, image classification (issue 15), in headless Chromium (the built app on a local server,
 * the training worker on WASM when there is no GPU): a project of 3 classes × 50 generated texture pictures
 * (224², uploaded through the API) is trained on the /modelTrain/mmedu/cls page with its default settings.
 *
 * Figures: feature extraction (backbone on every picture, plus augmented copies of the training ones) and head
 * training of the first run, the whole run as the page counts it (target ≤ 30 s with ≥ 95 % test accuracy),
 * and the worker's tensor count after each of 3 trainings in one page (flat = nothing leaks).
 * Skipped (with a note) when apps/web/dist or Chromium is missing.
 */
import type { Page } from 'playwright-core';
import { clsPngs, sessionUid, trainApi } from '../../../e2e/support/model-train.ts';
import { withSignedInPage } from '../browser-login.ts';
import { browserFiguresOr, type Figure } from '../lab-figure.ts';

export const name = 'model training (cls)';

const CLASSES = ['stripes', 'dots', 'checks'];
const PER_CLASS = 50;
const RUNS = 3;
const SPLIT_SEED = 1;

async function attribute(page: Page, testId: string, name: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute(name));
}

/** Clicks Start and waits for the run to finish; answers the page's figures. */
async function train(page: Page, run: number) {
  const started = performance.now();
  await page.getByRole('button', { name: 'Start training' }).click();
  const status = page.getByTestId('train-status');
  const deadline = Date.now() + 300_000;
  while (Number(await status.getAttribute('data-runs')) < run) {
    if ((await status.getAttribute('data-status')) === 'failed') throw new Error(await status.innerText());
    if (Date.now() > deadline) throw new Error('training did not finish in 5 minutes');
    await page.waitForTimeout(200);
  }
  return {
    wallMs: performance.now() - started,
    featureMs: await attribute(page, 'model-summary', 'data-feature-ms'),
    trainMs: await attribute(page, 'model-summary', 'data-train-ms'),
    accuracy: await attribute(page, 'test-accuracy', 'data-value'),
    tensors: await attribute(page, 'train-status', 'data-tensors'),
  };
}

export async function run(_settings: { durationSec: number }): Promise<Figure[]> {
  const result = await withSignedInPage(async (page): Promise<Figure[]> => {
    const api = trainApi(new URL(page.url()).origin, await sessionUid(page));
    const project = await api.createProject({ name: 'Bench textures', kind: 'cls', classes: CLASSES });
    await api.uploadImages(project.id, clsPngs(CLASSES, PER_CLASS, { seed: 11 }));
    // A new project's split seed is random: a fixed one makes the test split (and the accuracy) repeatable.
    await api.updateProject(project.id, { splitSeed: SPLIT_SEED });
    await page.goto(`/modelTrain/mmedu/cls?project=${project.id}`);
    await page.getByRole('tab', { name: '2 Train' }).click();
    await page.getByTestId('train-status').getByText('Ready to train.').waitFor({ timeout: 120_000 });
    const runs = [];
    for (let i = 1; i <= RUNS; i++) runs.push(await train(page, i));
    const first = runs[0]!;
    const images = `${CLASSES.length} × ${PER_CLASS} at 224², defaults (30 epochs, augmentation on)`;
    return [
      {
        label: 'Chromium: features (backbone, every picture)',
        value: first.featureMs,
        unit: 'ms',
        note: images,
      },
      { label: 'Chromium: train head', value: first.trainMs, unit: 'ms' },
      {
        label: 'Chromium: first run, click to done',
        value: first.wallMs,
        unit: 'ms',
        note: `test accuracy ${(first.accuracy * 100).toFixed(1)}% (target ≥ 95% in ≤ 30 s)`,
      },
      {
        label: 'Chromium: 2nd run (features cached)',
        value: runs[1]!.wallMs,
        unit: 'ms',
        note: `test accuracy ${(runs[1]!.accuracy * 100).toFixed(1)}%`,
      },
      {
        label: 'Chromium: worker tensors after runs 1-3',
        value: runs[RUNS - 1]!.tensors,
        unit: 'tensors',
        note: runs.map((r) => r.tensors).join(' / '),
      },
    ];
  });
  return browserFiguresOr('Chromium: cls training', result);
}
