/**
 * Trains a two-class model in the image trainer through its page, as a student does: "Face" recorded from the
 * fake camera (which plays a face, support/face-video.ts) and "Screen" from crops of a documentation
 * screenshot shipped in @vladmandic/human. Used by e2e/make/models.e2e.ts and the studio's model-rate bench.
 * The page must be on /ailab/trainImage, signed in, with camera permission.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './server.ts';

export const FACE_SCREEN_LABELS = ['Face', 'Screen'] as const;

/** A trainer's class card (a region named after the class). */
export const classCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** How many samples a trainer's class card says it has (NaN when it says no count). */
export const sampleCount = async (page: Page, name: string) =>
  Number(/(\d+) samples?/.exec((await classCard(page, name).textContent()) ?? '')?.[1] ?? NaN);

async function rename(page: Page, from: string, to: string): Promise<void> {
  const field = classCard(page, from).getByRole('textbox', { name: 'Class name' });
  await field.fill(to);
  await field.press('Enter');
  await classCard(page, to).waitFor();
}

/**
 * Square crops of the screenshot (the "Screen" class's samples), cut by the page's own canvas (no image library
 * in Node); the studio's costume block is shown one as a costume.
 */
export async function screenshotCrops(
  page: Page,
): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const file = path.join(repoRoot, 'node_modules/@vladmandic/human/assets/screenshot-typedoc.png');
  const data = (await readFile(file)).toString('base64');
  // Page code as text: scripts/bench compiles this file without the DOM library.
  const pngs = await page.evaluate<string[]>(`(async (png) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + png;
    await image.decode();
    return [0, 160, 320, 480, 640].map((y) => {
      const canvas = document.createElement('canvas');
      canvas.width = 256;
      canvas.height = 256;
      canvas.getContext('2d').drawImage(image, 0, y, 320, 320, 0, 0, 256, 256);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
  })(${JSON.stringify(data)})`);
  return pngs.map((b64, i) => ({
    name: `screen-${i + 1}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(b64, 'base64'),
  }));
}

/** Until the trainer says the model is trained ("Use in a program" is then enabled). */
export async function trainFaceScreenModel(page: Page, timeout: number): Promise<void> {
  await page.getByRole('heading', { name: 'Image classifier', exact: true }).waitFor({ timeout });
  await rename(page, 'Class 1', 'Face');
  await rename(page, 'Class 2', 'Screen');
  // Recording opens once the backbone has loaded.
  const hold = classCard(page, 'Face').locator('button:not([disabled])', { hasText: 'Hold to record' });
  await hold.waitFor({ timeout });
  await hold.hover();
  await page.mouse.down();
  await classCard(page, 'Face')
    .getByText(/^([5-9]|\d\d+) samples$/)
    .waitFor({ timeout });
  await page.mouse.up();
  await page.getByTestId('class-upload-Screen').setInputFiles(await screenshotCrops(page));
  await classCard(page, 'Screen').getByText('5 samples', { exact: true }).waitFor({ timeout });
  await page.getByRole('button', { name: 'Train model' }).click();
  await page.getByTestId('train-done').waitFor({ timeout });
}
