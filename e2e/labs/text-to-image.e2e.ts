/**
 * AI painting (`/ailab/textToImage`) against the real server and a local fake OpenAI-compatible images
 * endpoint: a painting arrives, downloads, joins the gallery kept on the server and costs 10 credits; a
 * provider error costs nothing; a server without a provider tells a student to ask their teacher.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../apps/server/src/test/fake-openai.ts';
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

describe('AI painting without a provider', () => {
  const e2e = setupE2E();

  it(
    'tells a student to ask their teacher, without the server settings, and charges nothing',
    async () => {
      const page = await e2e.newPage();
      await openPainting(page);
      await visible(page.getByText('AI painting is not set up on this school’s server yet'));
      await visible(page.getByText(/^Ask your teacher/));
      const text = (await page.locator('.paint-not-configured').textContent()) ?? '';
      expect(text).not.toMatch(/AI_IMAGE|restart|environment/i);
      expect(await paintButton(page).count()).toBe(0);
      await expectBalance(page, 100);
    },
    SLOW_TEST_MS,
  );
});
