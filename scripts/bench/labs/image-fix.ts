/**
 * Photo repair lab (imageFix) in headless Chromium: the built app on a local server, the page
 * `/ailab/imageFix` with a 640 × 480 photo drawn in the page (a scene with seeded light and dark scratches)
 * uploaded through its file input:
 * - inpainting: "Find scratches" then "Repair" (OpenCV's Telea inpainting in its WebAssembly worker, radius 3),
 *   the worker's own milliseconds, median of 5 after a warm-up, and the Navier–Stokes method the same way;
 * - 2× super-resolution of the same photo with the RDN network on the page's TF.js backend, in 96-pixel tiles
 *   (the page's own timing: after the network is loaded), mean of 2 after a warm-up.
 * Skipped (with a note) when apps/web/dist or Chromium is missing.
 */
import type { Page } from 'playwright-core';
import { seededRandom } from '../../../packages/ml/src/random.ts';
import { withSignedInPage } from '../browser-login.ts';
import { browserFiguresOr, type Figure } from '../lab-figure.ts';

export const name = 'photo repair (Chromium)';

/** The bits of the page's DOM used below (this Node project has no DOM types; the code runs in the page). */
interface Gradient {
  addColorStop(at: number, colour: string): void;
}
interface Context2D {
  fillStyle: string | Gradient;
  strokeStyle: string;
  lineWidth: number;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): Gradient;
  fillRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  fill(): void;
  stroke(): void;
}
interface PageDocument {
  createElement(tag: 'canvas'): {
    width: number;
    height: number;
    getContext(kind: '2d'): Context2D;
    toDataURL(type: string): string;
  };
}

/** A 640 × 480 PNG drawn in the page: sky, hills, a house, and 8 seeded scratches (inline, as the page runs it). */
async function scratchedPhoto(page: Page): Promise<Buffer> {
  // The scratches' random numbers come from our seeded generator (tsx's helpers for inner functions are not
  // in the page, so nothing here defines a function).
  const rng = seededRandom(7);
  const numbers = Array.from({ length: 400 }, () => rng());
  const url = await page.evaluate((random) => {
    const canvas = (globalThis as unknown as { document: PageDocument }).document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const c = canvas.getContext('2d');
    const sky = c.createLinearGradient(0, 0, 0, 300);
    sky.addColorStop(0, '#6a9fd8');
    sky.addColorStop(1, '#dcecf7');
    c.fillStyle = sky;
    c.fillRect(0, 0, 640, 480);
    c.fillStyle = '#5f9a48';
    c.fillRect(0, 300, 640, 180);
    c.fillStyle = '#d9c3a0';
    c.fillRect(100, 200, 200, 150);
    c.fillStyle = '#a0412d';
    c.beginPath();
    c.moveTo(80, 205);
    c.lineTo(200, 120);
    c.lineTo(320, 205);
    c.fill();
    let next = 0;
    for (let i = 0; i < 8; i++) {
      c.strokeStyle = random[next++]! < 0.7 ? '#f4f4f0' : '#202020';
      c.lineWidth = 1 + random[next++]! * 2;
      c.beginPath();
      let x = random[next++]! * 640;
      let y = random[next++]! * 200;
      c.moveTo(x, y);
      for (let k = 0; k < 20; k++) {
        x += (random[next++]! - 0.5) * 12;
        y += 12;
        c.lineTo(x, y);
      }
      c.stroke();
    }
    return canvas.toDataURL('image/png');
  }, numbers);
  return Buffer.from(url.split(',')[1] ?? '', 'base64');
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/** Repairs the photo `runs` times with one method (undoing in between): the worker's milliseconds each time. */
async function repairTimes(page: Page, method: 'Telea' | 'Navier–Stokes', runs: number): Promise<number[]> {
  await page.getByRole('radio', { name: method }).check();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.getByRole('button', { name: 'Find scratches' }).click();
    await page
      .getByTestId('fix-mask-count')
      .filter({ hasText: /^[1-9]/ })
      .waitFor({ timeout: 60_000 });
    await page.getByTestId('fix-repair-run').click();
    await page.getByTestId('fix-after').waitFor({ timeout: 120_000 });
    times.push(Number(await page.getByTestId('fix-timing').getAttribute('data-millis')));
    await page.getByRole('button', { name: 'Undo last step' }).click();
    await page.getByTestId('fix-mask-editor').waitFor();
  }
  return times;
}

export async function run(): Promise<Figure[]> {
  const result = await withSignedInPage(async (page) => {
    await page.goto('/ailab/imageFix');
    const loadStart = performance.now();
    // The line shows from the page's first render until OpenCV has started in its worker.
    await page.getByText('Loading OpenCV').waitFor({ timeout: 60_000 });
    await page.getByText('Loading OpenCV').waitFor({ state: 'detached', timeout: 300_000 });
    const loadSeconds = (performance.now() - loadStart) / 1000;
    await page
      .getByTestId('image-upload-input')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await scratchedPhoto(page) });
    await page.getByTestId('fix-picture-size').filter({ hasText: '640 × 480' }).waitFor();
    const marked = async () => (await page.getByTestId('fix-mask-count').textContent()) ?? '';

    const figures: Figure[] = [
      {
        label: 'OpenCV loaded (page open → ready)',
        value: loadSeconds,
        unit: 's',
        note: '7.7 MB opencv.js (WebAssembly inside) from the local server into its worker; fresh cache',
      },
    ];
    await repairTimes(page, 'Telea', 1); // warm-up
    for (const method of ['Telea', 'Navier–Stokes'] as const) {
      const times = await repairTimes(page, method, 5);
      figures.push({
        label: `inpaint 640×480, ${method}`,
        value: median(times),
        unit: 'ms',
        note: `median of 5 (${times.join(', ')} ms), radius 3; mask from "Find scratches": ${await marked()}`,
      });
    }

    await page.getByRole('tab', { name: 'Enlarge' }).click();
    const enlarge = async () => {
      await page.getByTestId('fix-upscale-run').click();
      const summary = page.getByTestId('upscale-summary');
      await summary.waitFor({ timeout: 600_000 });
      const millis = Number(await summary.getAttribute('data-millis'));
      const text = (await summary.textContent()) ?? '';
      await page.getByRole('button', { name: 'Undo last step' }).click();
      await summary.waitFor({ state: 'detached' }).catch(() => undefined);
      return { millis, text };
    };
    await enlarge(); // warm-up (and the network's download)
    const runs = [await enlarge(), await enlarge()];
    const mean = runs.reduce((n, r) => n + r.millis, 0) / runs.length;
    figures.push({
      label: '2× super-resolution 640×480 → 1280×960',
      value: mean / 1000,
      unit: 's',
      note: `mean of 2 (${runs.map((r) => (r.millis / 1000).toFixed(1)).join(', ')} s); ${runs[0]!.text}`,
    });
    return figures;
  });
  return browserFiguresOr('photo repair', result);
}
