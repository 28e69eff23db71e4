/**
 * The homework-checking lab (issue 12): the printed sample sheet (10 sums, exactly 2 wrong, drawn by the
 * page) is read by the shared OCR engine and marked with exactly those 2 ✗; correcting a line marks it
 * again; the handwritten sample (held-out MNIST digits and generated operators) is read by our symbol
 * network with ≥ 8 of 10 lines judged correctly, and "how it works" shows the crops the network saw; a
 * non-image upload gets the spec's message. The fence fails any request that leaves this machine.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SAMPLE_SHEETS, worksheet } from '@ai-edu/ml/math/exercises.ts';
import { seededRandom } from '@ai-edu/ml/random.ts';
import { setupE2E } from '../support/harness.ts';
import { DEMO_LEARNER, eventually, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();

/** Generous waits: 30 MB of OCR models and a WASM start, or TF.js and the network, on a busy 2-core machine. */
const SLOW_MS = 180_000;
const TEST_MS = 420_000;

const sheet = (seed: number) =>
  worksheet(seededRandom(seed), SAMPLE_SHEETS.lines, SAMPLE_SHEETS.wrong, SAMPLE_SHEETS.options);

async function openLab(page: Page) {
  await signIn(page, DEMO_LEARNER, { path: '/ailab/photoAndMath', timeout: SLOW_MS });
  await visible(page.getByRole('heading', { name: 'Homework checking', level: 1 }), SLOW_MS);
}

/** Each line's mark ("right" / "wrong" / "unreadable") once the page is marked. */
async function marks(page: Page): Promise<string[]> {
  await visible(page.getByTestId('math-summary'), SLOW_MS);
  return page
    .getByTestId('math-line')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status') ?? ''));
}

describe('homework checking lab', () => {
  it(
    'marks exactly the 2 wrong sums of the printed sample with ✗, and re-marks a corrected line',
    async () => {
      const page = await e2e.newPage();
      await openLab(page);
      await page.getByRole('button', { name: 'Sample: printed sheet' }).click();
      const read = await marks(page);
      const texts = await page
        .getByTestId('math-line')
        .getByRole('textbox')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      const expected = sheet(SAMPLE_SHEETS.printedSeed);
      expect(read, `read: ${JSON.stringify(texts)}`).toEqual(
        expected.map((e) => (e.right ? 'right' : 'wrong')),
      );
      await visible(page.getByText(`8 of 10 right`));

      // The student writes the right answer into the first wrong line: it is marked right at once.
      const wrongAt = read.indexOf('wrong');
      const line = page.getByRole('textbox', { name: `What line ${wrongAt + 1} says` });
      const tag = await page
        .getByTestId('math-line')
        .nth(wrongAt)
        .getByText(/✗ wrong, the answer is/)
        .textContent();
      const answer = /the answer is (\S+)/.exec(tag ?? '')?.[1] ?? '';
      const question = (await line.inputValue()).split('=')[0]!.trim();
      await line.fill(`${question} = ${answer}`);
      await eventually(
        () => page.getByTestId('math-line').nth(wrongAt).getAttribute('data-status'),
        (status) => expect(status).toBe('right'),
      );
      await visible(page.getByText('9 of 10 right'));
    },
    TEST_MS,
  );

  it(
    'reads the handwritten sample with its own network: ≥ 8 of 10 lines judged correctly',
    async () => {
      const page = await e2e.newPage();
      await openLab(page);
      await page.getByRole('button', { name: 'Sample: handwritten sheet' }).click();
      const read = await marks(page);
      const expected = sheet(SAMPLE_SHEETS.handwrittenSeed);
      expect(read).toHaveLength(10);
      const judged = expected.filter((e, i) => read[i] === (e.right ? 'right' : 'wrong')).length;
      expect(judged, `marks: ${read.join(' ')}`).toBeGreaterThanOrEqual(8);

      // "How it works": the 28×28 crops the network saw, each with its top-3 guesses.
      await page.getByText('How it works').click();
      const chars = page.getByTestId('math-char');
      await visible(chars.first());
      expect(await chars.locator('canvas').count()).toBeGreaterThan(40);
      expect(await chars.first().locator('.pm-guess').count()).toBe(3);
    },
    TEST_MS,
  );

  it("answers a non-image upload with 'please choose a valid image file'", async () => {
    const page = await e2e.newPage();
    await openLab(page);
    await page
      .getByTestId('image-upload-input')
      .setInputFiles({ name: 'sums.txt', mimeType: 'text/plain', buffer: Buffer.from('7 x 8 = 54') });
    await visible(page.getByTestId('file-error').getByText('please choose a valid image file'));
    expect(await page.getByTestId('math-summary').count()).toBe(0);
  });
});
