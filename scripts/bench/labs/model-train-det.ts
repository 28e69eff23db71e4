/**
 * Model training, object detection (issue 15), in headless Chromium (the built app on a local server, the
 * training worker on WASM when there is no GPU): a project of 150 generated pictures (coloured shapes on
 * cluttered backgrounds, 3 classes, boxes uploaded with them through the API) is trained on the
 * /modelTrain/mmedu/det page with its default settings (40 epochs).
 *
 * Figures: feature extraction (backbone on every picture), head training, the time per epoch, mAP@0.5 on the
 * test split (target ≥ 0.8), and the worker's tensor count after each of 2 trainings in one page (flat =
 * nothing leaks). Skipped (with a note) when apps/web/dist or Chromium is missing.
 */
import type { Page } from 'playwright-core';
import { detPngs, sessionUid, trainApi } from '../../../e2e/support/model-train.ts';
import { withSignedInPage } from '../browser-login.ts';
import { browserFiguresOr, type Figure } from '../lab-figure.ts';

export const name = 'model training (det)';

const CLASSES = ['circle', 'square', 'triangle'];
const IMAGES = 150;
const RUNS = 2;

async function attribute(page: Page, testId: string, name: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute(name));
}

/** Clicks Start and waits for the run to finish; answers the page's figures. */
async function train(page: Page, run: number) {
  const started = performance.now();
  await page.getByRole('button', { name: 'Start training' }).click();
  const status = page.getByTestId('train-status');
  const deadline = Date.now() + 540_000;
  while (Number(await status.getAttribute('data-runs')) < run) {
    if ((await status.getAttribute('data-status')) === 'failed') throw new Error(await status.innerText());
    if (Date.now() > deadline) throw new Error('training did not finish in 9 minutes');
    await page.waitForTimeout(250);
  }
  const epochs = Number(await page.getByRole('spinbutton', { name: 'Epochs' }).inputValue());
  return {
    wallMs: performance.now() - started,
    epochs,
    featureMs: await attribute(page, 'model-summary', 'data-feature-ms'),
    trainMs: await attribute(page, 'model-summary', 'data-train-ms'),
    map: await attribute(page, 'test-map', 'data-value'),
    tensors: await attribute(page, 'train-status', 'data-tensors'),
  };
}

export async function run(_settings: { durationSec: number }): Promise<Figure[]> {
  const result = await withSignedInPage(async (page): Promise<Figure[]> => {
    const api = trainApi(new URL(page.url()).origin, await sessionUid(page));
    const project = await api.createProject({ name: 'Bench shapes', kind: 'det', classes: CLASSES });
    await api.uploadImages(project.id, detPngs(CLASSES, IMAGES, { seed: 21 }));
    await page.goto(`/modelTrain/mmedu/det?project=${project.id}`);
    await page.getByRole('tab', { name: '2 Train' }).click();
    await page.getByTestId('train-status').getByText('Ready to train.').waitFor({ timeout: 120_000 });
    const runs = [];
    for (let i = 1; i <= RUNS; i++) runs.push(await train(page, i));
    const first = runs[0]!;
    const note = `${IMAGES} pictures at 320², ${CLASSES.length} classes, defaults (${first.epochs} epochs)`;
    return [
      { label: 'Chromium: features (backbone, every picture)', value: first.featureMs, unit: 'ms', note },
      { label: 'Chromium: train head', value: first.trainMs, unit: 'ms' },
      {
        label: 'Chromium: time per epoch',
        value: Math.round(first.trainMs / Math.max(1, first.epochs)),
        unit: 'ms',
      },
      {
        label: 'Chromium: det mAP@0.5 (test split)',
        value: Math.round(first.map * 1000) / 1000,
        unit: 'mAP',
        note: 'target ≥ 0.8',
      },
      { label: 'Chromium: first run, click to done', value: first.wallMs, unit: 'ms' },
      {
        label: 'Chromium: worker tensors after runs 1-2',
        value: runs[RUNS - 1]!.tensors,
        unit: 'tensors',
        note: runs.map((r) => r.tensors).join(' / '),
      },
    ];
  });
  return browserFiguresOr('Chromium: det training', result);
}
