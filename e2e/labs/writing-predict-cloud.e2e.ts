/**
 * Sketch to picture (writingPredict, spec §7 `sketchToImage`) against the real server and a local fake
 * OpenAI-compatible image edit endpoint: the drawing goes out only when the button is pressed, the painting
 * comes back beside it and costs exactly 10 credits; a provider failure costs nothing and says so; a server
 * without a painting provider tells a student to ask their teacher while the guessing works as before.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../apps/server/src/test/fake-openai.ts';
import { setupE2E } from '../support/harness.ts';
import { DEMO_LEARNER, expectBalance, settle, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const SLOW_MS = 60_000;

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const edits = () => fake.requests.filter((r) => r.path === '/v1/images/edits');

const pad = (page: Page) => page.getByRole('img', { name: 'Drawing area: draw a simple sketch' });
const sketchPanel = (page: Page) => page.getByTestId('wp-sketch');
const paintButton = (page: Page) => sketchPanel(page).getByRole('button', { name: /Turn it into a picture/ });

async function openLab(page: Page) {
  await signIn(page, DEMO_LEARNER, { path: '/ailab/writingPredict', timeout: SLOW_MS });
  await visible(page.getByRole('heading', { name: 'Stick-figure prediction', level: 1 }), SLOW_MS);
  await visible(page.getByText('Draw something to see what the AI thinks it is.'), SLOW_MS);
}

/** A house: a square and a roof, drawn with the mouse in small moves. */
async function drawHouse(page: Page) {
  await pad(page).scrollIntoViewIfNeeded();
  await settle(page);
  const box = await pad(page).boundingBox();
  if (!box) throw new Error('drawing pad not laid out');
  const at = (x: number, y: number) => ({
    x: box.x + (x / 100) * box.width,
    y: box.y + (y / 100) * box.height,
  });
  const lines = [
    [at(25, 45), at(25, 85), at(75, 85), at(75, 45), at(25, 45)],
    [at(20, 48), at(50, 15), at(80, 48)],
  ];
  for (const [first, ...rest] of lines) {
    await page.mouse.move(first!.x, first!.y);
    await page.mouse.down();
    for (const p of rest) await page.mouse.move(p.x, p.y, { steps: 8 });
    await page.mouse.up();
  }
  await visible(page.locator('output.wp-answer'), SLOW_MS);
}

describe('sketch to picture with a painting provider', () => {
  const e2e = setupE2E({
    serverEnv: {
      AI_IMAGE_BASE_URL: fake.url,
      AI_IMAGE_API_KEY: fake.apiKey,
      AI_IMAGE_MODEL: 'fake-image',
    },
  });

  it(
    'sends the sketch only when asked, shows the painting and charges exactly 10; a failure is refunded',
    async () => {
      fake.mode = 'ok';
      fake.requests.length = 0;
      const page = await e2e.newPage();
      await openLab(page);
      await expectBalance(page, 100);
      // The price is on the button.
      await visible(paintButton(page).getByLabel('10 credits'));

      // Nothing drawn: the page says so and sends nothing.
      await paintButton(page).click();
      await visible(sketchPanel(page).getByText('Draw something first, then press the button.'));

      await drawHouse(page);
      expect(edits()).toHaveLength(0);
      await sketchPanel(page)
        .getByRole('textbox', { name: 'What should it be? (optional)' })
        .fill('a cosy cottage');
      await paintButton(page).click();
      await visible(sketchPanel(page).getByText('Here is your picture. 10 credits spent.'), SLOW_MS);
      await visible(sketchPanel(page).getByRole('img', { name: 'The painting made from your sketch' }));
      await visible(sketchPanel(page).getByRole('img', { name: 'Your sketch' }));
      const download = sketchPanel(page).getByRole('link', { name: /Download/ });
      expect(await download.getAttribute('href')).toMatch(/^\/api\/ai\/images\/[\w-]+\?.*download=1$/);
      await expectBalance(page, 90);

      // The provider got one PNG sketch (white, 512 × 512, a few KB) and the student's words.
      expect(edits()).toHaveLength(1);
      const sent = edits()[0]!.body as {
        image: { size: number; type: string };
        prompt: string;
        model: string;
      };
      expect(sent.image.type).toBe('image/png');
      expect(sent.image.size).toBeGreaterThan(500);
      expect(sent.prompt).toMatch(/It shows: a cosy cottage$/);
      expect(sent.model).toBe('fake-image');

      // The provider fails: the message, nothing charged, the credits are where they were.
      fake.mode = 'error';
      await paintButton(page).click();
      await visible(
        sketchPanel(page).getByText('the AI service did not answer; no credits were charged'),
        SLOW_MS,
      );
      await visible(sketchPanel(page).getByText('Nothing was charged: your credits are back (90 credits).'));
      await expectBalance(page, 90);
      expect(edits()).toHaveLength(2);
    },
    SLOW_MS * 3,
  );
});

describe('sketch to picture without a painting provider', () => {
  const e2e = setupE2E();

  it(
    'tells a student it is not set up and to ask their teacher; guessing still works',
    async () => {
      fake.requests.length = 0;
      const page = await e2e.newPage();
      await openLab(page);
      await visible(
        sketchPanel(page).getByText('Sketch to picture is not set up on this school’s server yet'),
      );
      await visible(sketchPanel(page).getByText(/Ask your teacher/));
      expect(await paintButton(page).count()).toBe(0);
      // No server settings shown to a student.
      expect(await page.getByTestId('provider-env-settings').count()).toBe(0);

      await drawHouse(page);
      expect(await page.getByRole('list', { name: 'Top 5 guesses' }).getByRole('listitem').count()).toBe(5);
      await expectBalance(page, 100);
      expect(fake.requests).toHaveLength(0);
    },
    SLOW_MS * 2,
  );
});
