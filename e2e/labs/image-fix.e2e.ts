/**
 * The photo repair lab (imageFix) in the browser, with the real OpenCV (WebAssembly, in its worker) and the
 * real super-resolution network:
 * - the damaged sample is repaired with "Find scratches" + inpainting, and the test measures, from the
 *   canvases, that the pixels the generator scratched are much closer to the undamaged photo afterwards
 *   (the scratches' exact place is recomputed here with the same seeded generator);
 * - the tiny sample is enlarged 2× by the network: the result is exactly twice as wide and high;
 * - a non-image upload gets the clear message, and a photo too large for the tools is offered scaled down.
 * The fence (harness) fails the test on any request that leaves this machine.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { damagePhoto } from '@ai-edu/ml/image-fix/damage.ts';
import { meanAbsDifference } from '@ai-edu/ml/image-fix/difference.ts';
import { maskCount, type RgbaImage } from '@ai-edu/ml/image-fix/image.ts';
import { setupE2E } from '../support/harness.ts';
import { repoRoot } from '../support/server.ts';
import { DEMO_LEARNER, gone, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();

/** Generous waits: 7.7 MB of OpenCV and a WebAssembly start on a busy 2-core machine. */
const SLOW_MS = 120_000;
/** The sample's damage seed (apps/web/src/labs/imageFix/sample.ts). */
const SAMPLE_SEED = 1965;

async function openLab(page: Page) {
  await signIn(page, DEMO_LEARNER, { path: '/ailab/imageFix', timeout: SLOW_MS });
  await visible(page.getByRole('heading', { name: 'Photo restoration', level: 1 }), SLOW_MS);
}

/** The pixels of a canvas on the page. */
async function pixels(page: Page, testId: string): Promise<RgbaImage> {
  const read = await page.getByTestId(testId).evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    // Base64 keeps a 700,000-number array small on its way to the test.
    let text = '';
    for (let i = 0; i < data.data.length; i += 0x8000)
      text += String.fromCharCode(...data.data.subarray(i, i + 0x8000));
    return { width: data.width, height: data.height, bytes: btoa(text) };
  });
  return {
    width: read.width,
    height: read.height,
    data: new Uint8ClampedArray(Buffer.from(read.bytes, 'base64')),
  };
}

const upload = (page: Page, name: string, mimeType: string, buffer: Buffer) =>
  page.getByTestId('image-upload-input').setInputFiles({ name, mimeType, buffer });

describe('photo repair lab', () => {
  it('repairs the damaged sample: the scratched pixels come much closer to the undamaged photo', async () => {
    const page = await e2e.newPage();
    await openLab(page);
    await page.getByRole('button', { name: 'Damaged old photo' }).click();
    await visible(page.getByTestId('sample-original'));

    // Where the sample was scratched and spotted: the same generator, seeded the same, on the same drawing.
    const original = await pixels(page, 'sample-original');
    const truth = damagePhoto(original, { seed: SAMPLE_SEED });
    const damaged = await pixels(page, 'fix-picture');
    expect(meanAbsDifference(damaged, truth.image)).toBe(0);
    expect(maskCount(truth.mask)).toBeGreaterThan(500);

    await page.getByRole('button', { name: 'Find scratches' }).click();
    await visible(page.getByTestId('fix-mask-count').filter({ hasText: /^[1-9][\d,]* pixels marked/ }));
    await gone(page.getByText('Loading OpenCV'), SLOW_MS);
    await page.getByTestId('fix-repair-run').click();
    await visible(page.getByTestId('fix-after'), SLOW_MS);

    const repaired = await pixels(page, 'fix-after');
    expect([repaired.width, repaired.height]).toEqual([original.width, original.height]);
    const before = meanAbsDifference(damaged, original, truth.mask);
    const after = meanAbsDifference(repaired, original, truth.mask);
    expect(before).toBeGreaterThan(60);
    expect(after, `difference in the damaged area: ${before.toFixed(1)} → ${after.toFixed(1)}`).toBeLessThan(
      before * 0.5,
    );
    // The page says so too, and "how it works" shows the mask on this photo.
    await visible(page.getByTestId('sample-score'));
    await visible(page.getByTestId('how-map'));
  });

  it('enlarges the tiny sample 2× with the network: exactly twice as wide and high', async () => {
    const page = await e2e.newPage();
    await openLab(page);
    await page.getByRole('button', { name: 'Tiny photo (for enlarging)' }).click();
    const size = page.getByTestId('fix-picture-size');
    const width = Number(await size.getAttribute('data-width'));
    const height = Number(await size.getAttribute('data-height'));
    expect([width, height]).toEqual([160, 120]);

    await page.getByTestId('fix-upscale-run').click();
    await visible(page.getByTestId('upscale-summary'), SLOW_MS);
    const enlarged = await pixels(page, 'fix-after');
    expect([enlarged.width, enlarged.height]).toEqual([2 * width, 2 * height]);
    // A picture, not an empty canvas, and not the plain enlargement it is compared with.
    const plain = await pixels(page, 'fix-before');
    expect(
      meanAbsDifference(enlarged, { ...enlarged, data: new Uint8ClampedArray(enlarged.data.length) }),
    ).toBeGreaterThan(50);
    expect(meanAbsDifference(enlarged, plain)).toBeGreaterThan(0.5);
  });

  it('refuses what is not a picture, and offers to scale down a photo too large for the tools', async () => {
    const page = await e2e.newPage();
    await openLab(page);
    await upload(page, 'notes.txt', 'text/plain', Buffer.from('not a photo'));
    await visible(
      page.getByTestId('fix-input-error').filter({ hasText: 'please choose a valid image file' }),
    );
    await upload(page, 'broken.png', 'image/png', Buffer.from('not a photo either'));
    await visible(page.getByTestId('fix-input-error').filter({ hasText: 'file read failed, please retry' }));

    const wide = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 2600;
      canvas.height = 200;
      const c = canvas.getContext('2d')!;
      c.fillStyle = '#b85';
      c.fillRect(0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/png');
    });
    await upload(page, 'wide.png', 'image/png', Buffer.from(wide.split(',')[1]!, 'base64'));
    await visible(page.getByTestId('fix-too-large').filter({ hasText: '2600 × 200 pixels' }));
    await page.getByRole('button', { name: 'Scale it down to 2048 pixels' }).first().click();
    await gone(page.getByTestId('fix-too-large'));
    const size = page.getByTestId('fix-picture-size');
    expect([await size.getAttribute('data-width'), await size.getAttribute('data-height')]).toEqual([
      '2048',
      '158',
    ]);
  });

  it("lets only OpenCV's worker script evaluate code (its bindings need new Function)", async () => {
    const page = await e2e.newPage();
    await openLab(page);
    const worker = readdirSync(path.join(repoRoot, 'apps/web/dist/assets')).find((name) =>
      /^opencv\.worker-[\w-]+\.js$/.test(name),
    );
    expect(worker).toBeDefined();
    const policy = async (url: string) =>
      (await page.request.get(url)).headers()['content-security-policy'] ?? '';
    expect(await policy(`/assets/${worker}`)).toMatch(/script-src [^;]*'unsafe-eval'/);
    for (const url of ['/ailab/imageFix', `/assets/${worker}.map`, '/assets/opencv.worker-x.js.gz'])
      expect(await policy(url), url).not.toContain("'unsafe-eval'");
  });
});
