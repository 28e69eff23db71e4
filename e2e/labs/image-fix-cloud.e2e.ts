/**
 * The photo lab's cloud tools (imageFix: volc_repair, volc_px) against the real server and a local fake of
 * Volcengine's signed visual API: nothing is sent before the button is pressed; a repair comes back as the
 * "after" picture and costs 3 credits; an enlargement comes back twice the size; a provider failure costs
 * nothing; a server without the keys tells a student to ask their teacher while the offline tools still work.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeVolcEnv, startFakeVolcengine } from '../../apps/server/src/test/fake-volcengine.ts';
import { setupE2E } from '../support/harness.ts';
import { DEMO_LEARNER, expectBalance, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const SLOW_MS = 60_000;

const fake = await startFakeVolcengine();
afterAll(() => fake.close());

async function openWithSample(page: Page) {
  await signIn(page, DEMO_LEARNER, { path: '/ailab/imageFix', timeout: SLOW_MS });
  await visible(page.getByRole('heading', { name: 'Photo restoration', level: 1 }), SLOW_MS);
  await page.getByRole('button', { name: 'Damaged old photo' }).click();
  await page.getByRole('tab', { name: 'Cloud AI' }).click();
}

const afterSize = async (page: Page) =>
  page
    .getByTestId('fix-after')
    .evaluate((canvas) => [(canvas as HTMLCanvasElement).width, (canvas as HTMLCanvasElement).height]);

describe('cloud photo tools with a provider', () => {
  const e2e = setupE2E({ serverEnv: fakeVolcEnv(fake) });

  it('repairs and enlarges in the cloud for 3 credits each; a failure is free', async () => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    const page = await e2e.newPage();
    await openWithSample(page);
    await visible(
      page.getByText('This sends your photo to the school’s cloud AI provider.', { exact: false }),
    );
    await expectBalance(page, 100);
    expect(fake.requests).toHaveLength(0);

    const send = page.getByTestId('fix-cloud').getByRole('button', { name: /Send to cloud AI/ });
    await send.click();
    await visible(page.getByText(/The cloud AI sent back its picture/), SLOW_MS);
    await expectBalance(page, 97);
    expect(await afterSize(page)).toEqual([480, 360]);
    await visible(page.getByText('2. Cloud repair'));
    expect(fake.requests.map((r) => [r.action, r.signed])).toEqual([['ConvertPhotoV2', true]]);

    await page.getByRole('radio', { name: 'Enlarge 2×' }).check();
    await send.click();
    await visible(page.getByText('3. Cloud enlargement'), SLOW_MS);
    expect(await afterSize(page)).toEqual([960, 720]);
    await expectBalance(page, 94);

    expect(fake.requests.map((r) => r.action)).toEqual(['ConvertPhotoV2', 'OverResolutionV2']);

    fake.mode = 'error';
    await page.getByRole('radio', { name: 'Old-photo repair' }).check();
    await send.click();
    await visible(page.getByText('the AI service did not answer; no credits were charged'), SLOW_MS);
    await expectBalance(page, 94);
  });
});

describe('cloud photo tools without a provider', () => {
  const e2e = setupE2E();

  it('tells a student the cloud tools are not set up; the offline tools still work', async () => {
    fake.requests.length = 0;
    const page = await e2e.newPage();
    await openWithSample(page);
    await visible(page.getByText('The cloud photo tools are not set up on this school’s server'), SLOW_MS);
    await visible(page.getByText(/Ask your teacher/));
    expect(await page.getByRole('button', { name: /Send to cloud AI/ }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Repair' }).click();
    await page.getByRole('button', { name: 'Find scratches' }).click();
    await visible(page.getByTestId('fix-mask-count').filter({ hasText: /^[1-9][\d,]* pixels marked/ }));
    await expectBalance(page, 100);
    expect(fake.requests).toHaveLength(0);
  });
});
