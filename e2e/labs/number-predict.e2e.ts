/**
 * The handwritten digits lab (issue 5): write a "1" with the mouse and get it recognised with the
 * probabilities of every digit; rewrite a real held-out MNIST digit stroke by stroke and get its label; write
 * with a finger (touch events); train a network in the browser for an epoch, see its accuracy and use it;
 * leaving the lab ends its worker. TF.js comes with the lab's worker only: the home page loads none of it. The fence fails any request off this
 * machine (the model and the digits come from our origin).
 */
import type { Page, Response, Worker } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { digitPixels, type Split } from '@ai-edu/ml/digits/dataset.ts';
import { loadDigitSplit } from '@ai-edu/ml/digits/mnist-node.ts';
import { rowStrokes } from '@ai-edu/ml/digits/strokes.ts';
import { downloadBarGone, expectEachOnce, holdModelFiles, readDownloadBar } from '../support/downloads.ts';
import { setupE2E } from '../support/harness.ts';
import { eventually, settle, visible, DEMO_LEARNER } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();

/** Generous waits: a 2 MB worker with TF.js and a model load, on machines that may be busy. */
const SLOW_MS = 60_000;
const TEST_MS = 240_000;

/** A kernel name TF.js registers by this string: in its code, whatever the minifier did. */
const TFJS_MARKER = 'Conv2DBackpropFilter';

/** Signs the demo learner in and opens `path`. */
const login = (page: Page, path = '/') => signIn(page, DEMO_LEARNER, { path, timeout: SLOW_MS });

async function openLab(page: Page): Promise<void> {
  await page.goto('/ailab/numberPredict');
  await visible(page.getByRole('heading', { name: 'Handwritten digits', exact: true }), SLOW_MS);
  // The network is loaded (in the worker) once the pad shows.
  await visible(pad(page), SLOW_MS);
}

const pad = (page: Page) => page.getByRole('img', { name: 'Drawing area: write one digit from 0 to 9' });
const answer = (page: Page) => page.locator('output.np-answer-digit');
const bars = (page: Page) =>
  page.getByRole('list', { name: 'Probability of each digit from 0 to 9' }).getByRole('listitem');

/** The pad's box on the page, and a mapper from 28×28 digit pixels to page coordinates. */
async function padGeometry(page: Page) {
  const box = await pad(page).boundingBox();
  if (!box) throw new Error('drawing pad not laid out');
  return {
    box,
    at: (x: number, y: number) => ({ x: box.x + (x / 28) * box.width, y: box.y + (y / 28) * box.height }),
  };
}

/** Draws a polyline with the mouse (press, move through the points in `steps` moves each, release). */
async function mouseStroke(page: Page, points: { x: number; y: number }[], steps = 4): Promise<void> {
  const [first, ...rest] = points;
  if (!first) return;
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const p of rest) await page.mouse.move(p.x, p.y, { steps });
  await page.mouse.up();
}

/** The predicted digit and the ten bars' accessible texts ("Probability of 3: 97%"). */
async function reading(page: Page) {
  await settle(page);
  const digit = await answer(page).textContent();
  const labels = await bars(page).evaluateAll((items) =>
    items.map((li) => li.getAttribute('aria-label') ?? ''),
  );
  return { digit: digit?.trim() ?? '', labels };
}

function percentOf(labels: string[], digit: number): number {
  const label = labels[digit] ?? '';
  const match = /:\s*(<?)(\d+)\s*%/.exec(label);
  if (!match) return Number.NaN;
  return match[1] ? 0 : Number(match[2]);
}

describe('handwritten digits lab', () => {
  let split: Split;

  beforeAll(() => {
    split = loadDigitSplit();
  });

  it(
    'shows the network download in MB, recognises a "1" written with the mouse with every digit\'s probability',
    async () => {
      const page = await e2e.newPage();
      // The network's weights (fetched by the lab's worker) wait until the test has read the download bar.
      const held = await holdModelFiles(page, /\/digits\/weights\.bin$/);
      await login(page, '/ailab/numberPredict');
      await readDownloadBar(page, SLOW_MS);
      held.release();
      await downloadBarGone(page, SLOW_MS);
      await visible(pad(page), SLOW_MS);
      expectEachOnce(held.requests, [/\/digits\/model\.json$/, /\/digits\/weights\.bin$/]);
      // Headless Chromium has no GPU: the lab says which backend it runs on (the CPU fallback here).
      await visible(page.getByText(/Running on the (processor|graphics card)/));
      await visible(page.getByText('Write a digit to see what the network thinks it is.'));

      const { at } = await padGeometry(page);
      await mouseStroke(page, [at(14, 4), at(14, 14), at(14, 24)]);

      const seen = await eventually(
        () => reading(page),
        (r) => expect(r.digit).toBe('1'),
        SLOW_MS,
      );
      expect(seen.labels).toHaveLength(10);
      expect(seen.labels[1]).toMatch(/^Probability of 1: \d+%$/);
      const percents = seen.labels.map((_, d) => percentOf(seen.labels, d));
      expect(percents[1]).toBeGreaterThanOrEqual(50);
      expect(Math.max(...percents)).toBe(percents[1]);
      // The inside of the network is shown for this drawing: 8 feature maps of the first layer.
      await visible(page.getByText('Feature maps (24 × 24)'));
      expect(await page.locator('.np-maps-conv1 canvas').count()).toBe(8);
      expect(await page.locator('.np-maps-conv2 canvas').count()).toBe(16);

      await page.getByRole('button', { name: /Clear$/ }).click();
      await visible(page.getByText('Write a digit to see what the network thinks it is.'));
      expect(await answer(page).count()).toBe(0);
    },
    TEST_MS,
  );

  it(
    'reads real held-out MNIST digits rewritten stroke by stroke with the mouse',
    async () => {
      const page = await e2e.newPage();
      await login(page);
      await openLab(page);
      const { at } = await padGeometry(page);
      // The first held-out "3" and "7": digits the network never trained on.
      for (const label of [3, 7]) {
        const index = Array.from(split.heldOut.labels).indexOf(label);
        for (const stroke of rowStrokes(digitPixels(split.heldOut, index))) {
          await mouseStroke(page, [at(stroke.from.x, stroke.from.y), at(stroke.to.x, stroke.to.y)], 1);
        }
        await eventually(
          () => reading(page),
          (r) => expect(r.digit).toBe(String(label)),
          SLOW_MS,
        );
        await page.getByRole('button', { name: /Clear$/ }).click();
        await eventually(
          () => answer(page).count(),
          (n) => expect(n).toBe(0),
        );
      }
    },
    TEST_MS,
  );

  it(
    'takes a digit written with a finger (touch events)',
    async () => {
      const page = await e2e.newPage();
      await login(page);
      await openLab(page);
      const { at } = await padGeometry(page);
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
      await touch('touchStart', at(14, 4));
      for (let y = 5; y <= 24; y++) await touch('touchMove', at(14, y));
      await touch('touchEnd');
      await eventually(
        () => reading(page),
        (r) => expect(r.digit).toBe('1'),
        SLOW_MS,
      );
    },
    TEST_MS,
  );

  it(
    'trains a network in the browser: accuracy after an epoch, then writing with it; leaving ends the worker',
    async () => {
      const page = await e2e.newPage();
      await login(page);
      const workers: Worker[] = [];
      page.on('worker', (worker) => workers.push(worker));
      await openLab(page);
      expect(workers).toHaveLength(1);
      const workerClosed = new Promise<void>((resolve) => workers[0]!.once('close', () => resolve()));
      await page.getByRole('tab', { name: 'Train it yourself' }).click();
      await visible(page.getByText('The accuracy after each epoch appears here.'));
      await page.locator('.np-setting').filter({ hasText: 'Epochs' }).getByText('1', { exact: true }).click();
      await page.getByRole('button', { name: /Start training$/ }).click();

      await visible(page.getByRole('button', { name: /Stop$/ }), SLOW_MS);
      await visible(page.getByText(/^Done: 1 epoch in [\d.]+ s$/), TEST_MS / 2);
      const stat = page.locator('.ant-statistic').filter({ hasText: 'Test accuracy' });
      const accuracy = Number(
        (await stat.locator('.ant-statistic-content-value').innerText()).replace(/[^\d.]/g, ''),
      );
      // Chance is 10 %; one epoch over 2,000 digits gets far beyond it.
      expect(accuracy).toBeGreaterThan(50);
      expect(accuracy).toBeLessThanOrEqual(100);
      // Two points on the chart: untrained, and after the epoch.
      expect(await page.locator('.np-chart circle').count()).toBe(2);

      await page.getByRole('button', { name: /Try your model$/ }).click();
      await visible(pad(page));
      await visible(page.getByText(/right on 500 test digits/));
      const { at } = await padGeometry(page);
      await mouseStroke(page, [at(14, 4), at(14, 24)]);
      await eventually(
        () => reading(page),
        (r) => expect(r.digit).toMatch(/^\d$/),
        SLOW_MS,
      );

      // Leaving the lab ends its worker: TF.js, both networks and all their tensors go with it.
      await page.getByRole('button', { name: /back$/ }).click();
      await eventually(
        () => Promise.resolve(page.url()),
        (url) => expect(new URL(url).pathname).toBe('/ailab'),
      );
      await workerClosed;
    },
    TEST_MS,
  );

  it(
    'loads TF.js with the lab only: the home page fetches none of it',
    async () => {
      const collect = (page: Page) => {
        const scripts: Promise<string>[] = [];
        page.context().on('response', (response: Response) => {
          if (/\.m?js(\?|$)/.test(response.url())) scripts.push(response.text().catch(() => ''));
        });
        return async () => Promise.all(scripts);
      };

      const home = await e2e.newPage();
      const homeScripts = collect(home);
      await home.goto('/');
      await visible(home.getByRole('button', { name: 'Log in / Register', exact: true }), SLOW_MS);
      await home.waitForLoadState('networkidle');
      const homeCode = await homeScripts();
      expect(homeCode.length).toBeGreaterThan(0);
      expect(homeCode.filter((code) => code.includes(TFJS_MARKER))).toEqual([]);

      // The marker is real: the lab's worker carries it.
      const lab = await e2e.newPage();
      const labScripts = collect(lab);
      await login(lab);
      await openLab(lab);
      expect((await labScripts()).some((code) => code.includes(TFJS_MARKER))).toBe(true);
    },
    TEST_MS,
  );
});
