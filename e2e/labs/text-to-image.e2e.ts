/**
 * AI painting (`/ailab/textToImage`) against the real server and a local fake OpenAI-compatible images
 * endpoint: a painting arrives, downloads, joins the gallery kept on the server and costs 10 credits; a
 * provider error costs nothing. Without a provider the lab is the tiny painter, in the browser and free.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../apps/server/src/test/fake-openai.ts';
import { createAdmin } from '../support/admin.ts';
import { downloadBarGone, holdModelFiles, readDownloadBar } from '../support/downloads.ts';
import { setupE2E } from '../support/harness.ts';
import { gone, settle, visible, expectBalance } from '../support/ui.ts';
import { openLabAs } from '../support/sign-in.ts';

const SLOW_TEST_MS = 120_000;

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const openPainting = (page: Page) => openLabAs(page, 'textToImage', 'AI painting');

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'What should the picture show?' });
const paintButton = (page: Page) => page.getByRole('button', { name: /Paint/ });
const galleryCards = (page: Page) => page.locator('.paint-gallery .paint-card');

describe('AI painting with a provider', () => {
  const e2e = setupE2E({ serverEnv: { AI_IMAGE_BASE_URL: fake.url, AI_IMAGE_API_KEY: fake.apiKey } });

  it(
    'paints in the chosen style and size, offers the download, keeps it in the gallery and charges 10 credits',
    async () => {
      fake.mode = 'slow';
      const page = await e2e.newPage();
      await openPainting(page);
      await visible(
        page.getByText(/Each painting costs 10 credits, charged only when the picture arrives\./),
      );
      await expectBalance(page, 100);
      await visible(page.getByText('No paintings yet. Everything you paint is kept here.'));

      const prompt = 'A red panda reading under a cherry tree';
      await promptBox(page).fill(prompt);
      await page.getByText('Watercolor', { exact: true }).click();
      await page.getByText('Landscape', { exact: true }).click();
      await settle(page);
      expect(await page.getByRole('radio', { name: 'Watercolor' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: /Landscape/ }).isChecked()).toBe(true);
      expect(await paintButton(page).textContent()).toContain('10');
      await paintButton(page).click();

      const result = page.locator('.paint-result');
      await visible(result.getByRole('img', { name: prompt }));
      await visible(result.getByText('Watercolor'));
      await visible(result.getByText('1792 × 1024'));
      await expectBalance(page, 90);

      // What the provider was asked: the style became words in the prompt, the size went as chosen.
      expect(fake.requests.at(-1)).toMatchObject({
        path: '/v1/images/generations',
        body: { prompt: `${prompt}, watercolor painting`, size: '1792x1024' },
      });

      // The download link answers the image as an attachment.
      const href = await result.getByRole('link', { name: /Download/ }).getAttribute('href');
      expect(href).toMatch(/^\/api\/ai\/images\/[\w-]+\?.*&download=1$/);
      const download = await page.request.get(href ?? '');
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('image/png');
      expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="painting-/);

      // The gallery holds it, and still does after a reload (kept on the server).
      await visible(galleryCards(page).filter({ hasText: prompt }));
      await page.reload();
      await visible(galleryCards(page).filter({ hasText: prompt }));
      expect(await galleryCards(page).count()).toBe(1);
      await visible(galleryCards(page).first().getByRole('img', { name: prompt }));
      await expectBalance(page, 90);

      // With a provider both can be compared: the switch opens the tiny painter, beside the same gallery.
      await page.getByRole('radiogroup', { name: 'Which AI paints' }).getByText('Our tiny painter').click();
      await visible(page.getByTestId('painter-mode'));
      await visible(galleryCards(page).filter({ hasText: prompt }));
      expect(new URL(page.url()).searchParams.get('mode')).toBe('tiny');
    },
    SLOW_TEST_MS,
  );

  it(
    'explains a provider error and charges nothing; deleting a painting empties the gallery',
    async () => {
      fake.mode = 'error';
      const page = await e2e.newPage();
      await openPainting(page);
      await expectBalance(page, 90);
      await visible(galleryCards(page));

      await promptBox(page).fill('A lighthouse at sunset');
      await settle(page);
      await paintButton(page).click();
      await visible(page.getByText('the AI service did not answer; no credits were charged'));
      await visible(page.getByRole('button', { name: /Try again/ }));
      await expectBalance(page, 90);
      expect(await galleryCards(page).count()).toBe(1);

      // After a reload the server says the same: nothing was charged, nothing was kept.
      await page.reload();
      await visible(galleryCards(page));
      await expectBalance(page, 90);
      expect(await galleryCards(page).count()).toBe(1);

      await galleryCards(page).first().getByRole('button', { name: 'Delete' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await visible(page.getByText('Painting deleted'));
      await gone(galleryCards(page));
      await visible(page.getByText('No paintings yet. Everything you paint is kept here.'));
      fake.mode = 'ok';
    },
    SLOW_TEST_MS,
  );
});

describe('AI painting without a provider: the tiny painter', () => {
  const e2e = setupE2E();

  const painterResult = (page: Page) => page.locator('.painter-result');
  const bigPicture = (page: Page) => page.locator('.painter-result canvas.painter-big').first();
  const pictureData = (page: Page) =>
    bigPicture(page).evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());
  /** Paints with the chosen settings and waits for the finished picture (a new one starts at its last step). */
  const paintAndWait = async (page: Page, seed: number) => {
    await page.locator('#painter-seed').fill(String(seed));
    await page.getByRole('button', { name: 'Paint', exact: true }).click();
    await visible(page.locator('.painter-result[data-frame="20"]'));
  };

  it(
    'paints an asked thing from noise, steps through the denoising, repeats a seed exactly and saves for free',
    async () => {
      const page = await e2e.newPage();
      await openPainting(page);
      await visible(page.getByTestId('painter-mode'));
      // No switch and no server settings for a student: the tiny painter is the lab.
      expect(await page.getByRole('radiogroup', { name: 'Which AI paints' }).count()).toBe(0);
      expect(await page.getByText('AI painting is not set up on this school’s server yet').count()).toBe(0);
      await expectBalance(page, 100);

      // Ask for an apple, in 20 steps.
      await page.getByRole('combobox', { name: 'What should it draw?' }).click();
      await page.keyboard.type('apple');
      await page.locator('.ant-select-item-option', { hasText: /^apple$/ }).click();
      await page.getByRole('radiogroup', { name: 'Steps' }).getByText('20', { exact: true }).click();
      await paintAndWait(page, 1234);
      expect(await painterResult(page).getAttribute('data-steps')).toBe('20');
      await visible(page.getByRole('img', { name: 'The tiny painter’s apple, seed 1234' }));
      const first = await pictureData(page);
      // A second opinion: the doodle recogniser names the finished picture (its three likeliest things).
      const verdict = page.getByTestId('painter-verdict');
      await visible(verdict.getByText('Our doodle recogniser sees:'));
      expect(await verdict.locator('li').count()).toBe(3);
      const firstVerdict = await verdict.locator('li').allTextContents();

      // The strip: the first step is pure noise, the slider moves one step at a time, play runs to the end.
      expect(await page.locator('.painter-thumbs button').count()).toBe(21);
      await page.getByRole('button', { name: 'Step 0', exact: true }).click();
      await visible(page.locator('.painter-result[data-frame="0"]'));
      await visible(painterResult(page).getByText(/^Pure noise · Step 0 of 20/));
      const noise = await pictureData(page);
      expect(noise).not.toBe(first);
      await page.getByRole('slider', { name: 'Denoising step' }).press('ArrowRight');
      await visible(page.locator('.painter-result[data-frame="1"]'));
      await page.getByRole('button', { name: 'Play' }).click();
      await visible(page.locator('.painter-result[data-frame="20"]'));
      await visible(painterResult(page).getByText(/^Finished · Step 20 of 20/));

      // The same seed and settings give the same picture; another seed another one.
      await page.getByRole('button', { name: 'Step 0', exact: true }).click();
      await paintAndWait(page, 1234);
      expect(await pictureData(page)).toBe(first);
      await visible(verdict.locator('li').first());
      expect(await verdict.locator('li').allTextContents()).toEqual(firstVerdict);
      await page.getByRole('button', { name: 'Step 0', exact: true }).click();
      await paintAndWait(page, 4321);
      expect(await pictureData(page)).not.toBe(first);

      // Download: a PNG named after the thing and the seed.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('tiny-painter-apple-4321.png');

      // Saved to the gallery kept on the server, tagged as the tiny painter's, for no credits.
      await page.getByRole('button', { name: 'Save to my paintings' }).click();
      await visible(page.getByText('Saved to your paintings').first());
      const card = galleryCards(page).filter({ hasText: 'apple' });
      await visible(card);
      await visible(card.getByText('Tiny painter'));
      await page.reload();
      await visible(galleryCards(page).filter({ hasText: 'apple' }));
      expect(await galleryCards(page).count()).toBe(1);
      await expectBalance(page, 100);
    },
    SLOW_TEST_MS,
  );

  it(
    'shows an admin the tiny painter first, and how to set up the cloud AI behind the switch',
    async () => {
      const account = await createAdmin(e2e.dataDir);
      const page = await e2e.newPage();
      await openLabAs(page, 'textToImage', 'AI painting', account);
      await visible(page.getByTestId('painter-mode'));
      await page.getByRole('radiogroup', { name: 'Which AI paints' }).getByText('Cloud AI').click();
      for (const name of ['AI_IMAGE_BASE_URL', 'AI_IMAGE_API_KEY', 'AI_IMAGE_MODEL']) {
        await visible(page.locator('.paint-not-configured .provider-settings code', { hasText: name }));
      }
      // The gallery is there in both modes.
      await visible(page.getByText('No paintings yet. Everything you paint is kept here.'));
    },
    SLOW_TEST_MS,
  );

  it(
    'shows the download while the painter loads, says why when it cannot, and loads it on “Try again”',
    async () => {
      const page = await e2e.newPage();
      // The first request for the weights fails as a server hiccup would; the ones after it go through.
      let failed = false;
      await page.context().route(
        (url) => url.pathname.endsWith('/painter/weights.bin'),
        async (route) => {
          if (failed) return route.fallback();
          failed = true;
          await route.fulfill({ status: 503, body: 'busy' });
        },
      );
      await openPainting(page);
      await visible(page.getByText(/^The tiny painter could not be loaded: .*weights\.bin: HTTP 503$/));

      const held = await holdModelFiles(page, /\/painter\/weights\.bin$/);
      await page.getByRole('button', { name: 'Try again' }).click();
      await readDownloadBar(page, 30_000);
      held.release();
      await downloadBarGone(page, 60_000);
      await visible(page.getByRole('button', { name: 'Paint', exact: true }));
    },
    SLOW_TEST_MS,
  );
});
