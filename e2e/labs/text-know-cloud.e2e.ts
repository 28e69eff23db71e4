/**
 * The text lab's optional cloud handwriting reader (issue 12) against the real server and a local fake
 * OpenAI-compatible vision endpoint: nothing is sent before the button is pressed; pressing it sends the
 * picture once, puts the text in the lines and costs 2 credits; a provider error costs nothing; a server
 * without a vision provider tells a student to ask their teacher.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../apps/server/src/test/fake-openai.ts';
import { setupE2E } from '../support/harness.ts';
import { DEMO_LEARNER, expectBalance, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

/** Generous waits: the page also loads 30 MB of offline models on a busy 2-core machine. */
const SLOW_MS = 180_000;

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const photoRequests = () =>
  fake.requests.filter((r) => JSON.stringify(r.body.messages ?? '').includes('"image_url"'));

/** A small PNG drawn in the page: one line of dark text on white. */
async function textImage(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 160;
    const c = canvas.getContext('2d')!;
    c.fillStyle = '#fff';
    c.fillRect(0, 0, canvas.width, canvas.height);
    c.fillStyle = '#111';
    c.font = '40px sans-serif';
    c.fillText('Hello handwriting', 40, 90);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function openLabWithPicture(page: Page) {
  await signIn(page, DEMO_LEARNER, { path: '/ailab/textKnow', timeout: SLOW_MS });
  await visible(page.getByRole('heading', { name: 'Text recognition', level: 1 }), SLOW_MS);
  await page
    .getByTestId('image-upload-input')
    .setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: await textImage(page) });
}

const cloudButton = (page: Page) =>
  page.getByTestId('cloud-handwriting').getByRole('button', { name: /Read with cloud AI/ });

describe('cloud handwriting reading with a provider', () => {
  const e2e = setupE2E({
    serverEnv: {
      AI_VISION_BASE_URL: fake.url,
      AI_VISION_API_KEY: fake.apiKey,
      AI_VISION_MODEL: 'fake-vision',
    },
  });

  it(
    'sends the picture only when asked, puts the text in the lines and charges 2 credits; a failure is free',
    async () => {
      fake.mode = 'ok';
      fake.visionReply = 'Dear diary\nToday I learned how computers read';
      fake.requests.length = 0;
      const page = await e2e.newPage();
      await openLabWithPicture(page);
      await visible(
        page.getByText('This sends your photo to the school’s cloud AI provider.', { exact: false }),
        SLOW_MS,
      );
      await expectBalance(page, 100);
      // The offline reader has the picture; the cloud has seen nothing.
      expect(photoRequests()).toHaveLength(0);

      await cloudButton(page).click();
      await visible(page.getByText(/The cloud AI read 45 characters/), SLOW_MS);
      const lines = await page
        .getByTestId('ocr-line')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      expect(lines).toEqual(['Dear diary', 'Today I learned how computers read']);
      await expectBalance(page, 98);
      expect(photoRequests()).toHaveLength(1);
      expect(JSON.stringify(photoRequests()[0]!.body)).toContain('data:image/png;base64,');

      fake.mode = 'error';
      await cloudButton(page).click();
      await visible(page.getByText('the AI service did not answer; no credits were charged'), SLOW_MS);
      await expectBalance(page, 98);
    },
    SLOW_MS * 3,
  );
});

describe('cloud handwriting reading without a provider', () => {
  const e2e = setupE2E();

  it(
    'tells a student the cloud reader is not set up and to ask their teacher; the lab itself still works',
    async () => {
      fake.requests.length = 0;
      const page = await e2e.newPage();
      await openLabWithPicture(page);
      await visible(
        page.getByText('The cloud handwriting reader is not set up on this school’s server'),
        SLOW_MS,
      );
      await visible(page.getByText(/Ask your teacher/));
      expect(await cloudButton(page).count()).toBe(0);
      await expectBalance(page, 100);
      expect(fake.requests).toHaveLength(0);
    },
    SLOW_MS * 2,
  );
});
