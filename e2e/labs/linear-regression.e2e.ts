/**
 * The linear regression lab (issue 5): points placed by mouse and touch, gradient descent that brings the
 * loss down to the least-squares answer, and the too-large learning rate that makes it blow up.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupE2E } from '../support/harness.ts';
import { dialog, eventually, gone, passwordLogin, settle, visible } from '../support/ui.ts';

const e2e = setupE2E();
const LAB = '/ailab/linearRegression';

async function openLab(page: Page): Promise<void> {
  // Logged out, the guard sends the visitor home with the login modal open.
  await page.goto(LAB);
  await visible(dialog(page).getByPlaceholder('Phone, email or student account'));
  await passwordLogin(page, 'learner@example.com', 'Learner123');
  await gone(dialog(page));
  await page.goto(LAB);
  await visible(page.getByTestId('lr-data-plot'));
  await settle(page);
}

const value = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).getAttribute('data-value'));

const numbers = async (page: Page) => ({
  steps: await value(page, 'lr-steps'),
  gdW: await value(page, 'lr-gd-w'),
  gdB: await value(page, 'lr-gd-b'),
  gdLoss: await value(page, 'lr-gd-loss'),
  lsW: await value(page, 'lr-ls-w'),
  lsB: await value(page, 'lr-ls-b'),
  lsLoss: await value(page, 'lr-ls-loss'),
});

/** Page coordinates of a spot in the chart's plotting area, as fractions from its bottom-left corner. */
async function spot(page: Page, fx: number, fy: number): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('lr-data-plot').locator('.lr-plot-area').boundingBox();
  if (!box) throw new Error('plot area not found');
  return { x: box.x + fx * box.width, y: box.y + (1 - fy) * box.height };
}

const pointCount = (page: Page) => page.getByTestId('lr-point').count();

/** Real touch input (Chrome DevTools protocol), so the page sees pointer events of type 'touch'. */
async function touch(page: Page, path: { x: number; y: number }[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const [first, ...rest] = path;
  if (!first) return;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first] });
  for (const p of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('linear regression lab', () => {
  it('fits clicked points by gradient descent: the loss falls to the least-squares answer', async () => {
    const page = await e2e.newPage();
    await openLab(page);
    expect(await pointCount(page)).toBeGreaterThan(5); // the study-hours preset

    await page.getByRole('button', { name: 'Clear points' }).click();
    await visible(page.getByText('Click anywhere on the chart to add points'));
    expect(await pointCount(page)).toBe(0);

    // Roughly a rising line with some scatter, in the 0–10 × 0–100 chart of the preset.
    const clicks = [
      [0.1, 0.3],
      [0.25, 0.42],
      [0.4, 0.41],
      [0.55, 0.6],
      [0.7, 0.62],
      [0.85, 0.8],
      [0.95, 0.86],
    ] as const;
    for (const [fx, fy] of clicks) {
      const { x, y } = await spot(page, fx, fy);
      await page.mouse.click(x, y);
    }
    await settle(page);
    expect(await pointCount(page)).toBe(clicks.length);
    await visible(page.getByText(`${clicks.length} points`));

    const before = await numbers(page);
    expect(before.steps).toBe(0);
    // Clicked at x = 1, 2.5 … 9.5 and y = 30 … 86: a slope of about 6 and an intercept of about 25.
    expect(before.lsW).toBeGreaterThan(4);
    expect(before.lsW).toBeLessThan(8);
    expect(before.gdLoss).toBeGreaterThan(100 * before.lsLoss);

    await page.getByText('Fast', { exact: true }).click();
    await page.getByRole('button', { name: 'Play' }).click();

    // The loss falls, sample after sample, while the descent runs.
    const samples: number[] = [before.gdLoss];
    await eventually(
      async () => {
        samples.push(await value(page, 'lr-gd-loss'));
        return samples;
      },
      (s) => expect(s.filter((v, i) => i > 0 && v < s[i - 1]!).length).toBeGreaterThanOrEqual(3),
    );
    expect(samples.every((v, i) => i === 0 || v <= samples[i - 1]!)).toBe(true);

    await visible(page.getByText(/Converged after \d+ steps/), 30_000);
    const after = await numbers(page);
    expect(after.steps).toBeGreaterThan(20);
    expect(Math.abs(after.gdW - after.lsW)).toBeLessThan(0.01);
    expect(Math.abs(after.gdB - after.lsB)).toBeLessThan(0.05);
    expect(Math.abs(after.gdLoss - after.lsLoss)).toBeLessThan(1e-4 * after.lsLoss);
    // The shown numbers agree too.
    expect(await page.getByTestId('lr-gd-w').textContent()).toBe(
      await page.getByTestId('lr-ls-w').textContent(),
    );

    // Reset goes back to the start line, the exact answer stays.
    await page.getByRole('button', { name: 'Reset' }).click();
    await settle(page);
    const reset = await numbers(page);
    expect(reset).toMatchObject({ steps: 0, gdW: 0, gdB: 0, lsW: after.lsW, lsB: after.lsB });
  });

  it('takes points by touch: tap to add, tap to remove, drag to move', async () => {
    const page = await e2e.newPage();
    await openLab(page);
    await page.getByRole('button', { name: 'Clear points' }).click();

    await touch(page, [await spot(page, 0.3, 0.3)]);
    await touch(page, [await spot(page, 0.7, 0.6)]);
    await settle(page);
    expect(await pointCount(page)).toBe(2);
    const lsW = await value(page, 'lr-ls-w');
    // x 3 → 7, y 30 → 60: slope 7.5.
    expect(lsW).toBeCloseTo(7.5, 1);

    // Drag the second point up to y = 90: the exact slope follows.
    const from = await spot(page, 0.7, 0.6);
    const to = await spot(page, 0.7, 0.9);
    const path = Array.from({ length: 8 }, (_, i) => ({
      x: from.x,
      y: from.y + ((to.y - from.y) * (i + 1)) / 8,
    }));
    await touch(page, [from, ...path]);
    await settle(page);
    expect(await pointCount(page)).toBe(2);
    await eventually(
      () => value(page, 'lr-ls-w'),
      (w) => expect(w).toBeCloseTo(15, 0),
    );

    // A tap on a point removes it.
    await touch(page, [await spot(page, 0.3, 0.3)]);
    await settle(page);
    expect(await pointCount(page)).toBe(1);
    await visible(page.getByText('One point: every line through it fits perfectly'));
  });

  it('shows a too-large learning rate blowing the loss up, and explains why', async () => {
    const page = await e2e.newPage();
    await openLab(page);
    const start = await numbers(page);

    await page.getByRole('button', { name: 'Try a too-large rate' }).click();
    await visible(page.getByTestId('lr-too-large').getByText('What a too-large learning rate does'));
    await visible(page.getByText('Too large: will not converge'));
    const rate = Number(await page.getByTestId('lr-rate').textContent());
    expect(rate).toBeGreaterThan(0.8);

    await page.getByText('Fast', { exact: true }).click();
    await visible(page.getByText(/The loss blew up after \d+ steps/));
    const end = await numbers(page);
    expect(end.gdLoss).toBeGreaterThan(1000 * start.gdLoss);
    expect(end.lsLoss).toBe(start.lsLoss);
    await visible(page.getByText('The path has left the map'));
  });

  it('shows the lab in Chinese', async () => {
    const page = await e2e.newPage();
    await openLab(page);
    await page.evaluate(() => window.localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await visible(page.getByRole('heading', { name: '线性回归' }));
    await visible(page.getByRole('button', { name: '播放' }));
    await visible(page.getByText('最小二乘（精确解）').first());
    await visible(page.getByRole('heading', { name: '原理讲解' }));
  });
});
