/**
 * Live face detection (issue 6A; issue 10 item 12) in headless Chromium: the built app on a local server, the
 * live page `/ailab/faceAnalyze/live` fed by Chromium's fake camera (24 fps) with a face video made from a
 * photo in @vladmandic/human's package (e2e/support/face-video.ts). Side by side in one run:
 * - WASM, cross-origin isolated (the threaded build; tfjs uses half the logical cores) and not isolated (the
 *   page's documents without COOP/COEP: the single-threaded SIMD build);
 * - per page, the boxes (the page's default; faces searched now and then and followed in between) and then
 *   with the mesh points drawn;
 * - WebGL on SwiftShader (software), boxes, when headless Chromium offers it.
 * Each row: detections per second, as a ratio to the camera's 24 fps (the budget); the notes give the page's
 * mean ms per detection, the backend build and threads, and the change in tf.memory().numTensors over the
 * run (0 = no leak). Skipped (with a note) when apps/web/dist or Chromium is missing.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchOptions } from '../../../e2e/support/browser.ts';
import { fakeCameraArgs, makeFaceFixtures } from '../../../e2e/support/face-video.ts';
import { withoutCrossOriginIsolation } from '../../../e2e/support/isolation.ts';
import { repoRoot, startServer, type RunningServer } from '../../../e2e/support/server.ts';
import { logInAsDemoLearner } from '../browser-login.ts';
import type { Figure } from '../lab-figure.ts';

export const name = 'face detection (live page, Chromium)';

/** The camera's rate: the live page's budget (issue 10 item 12). */
const BUDGET_FPS = 24;

interface Variant {
  label: string;
  backend: 'wasm' | 'webgl';
  isolated: boolean;
  launch: LaunchOptions;
  /** Also measure with the mesh switched on. */
  mesh: boolean;
}

const number = (text: string | null) => Number(/(\d+(?:\.\d+)?)/.exec(text ?? '')?.[1] ?? NaN);

async function readStats(page: Page) {
  return {
    frames: number(await page.getByTestId('live-frames').textContent()),
    tensors: number(await page.getByTestId('live-tensors').textContent()),
    faces: number(await page.getByTestId('live-faces').textContent()),
    ms: number(await page.getByText(/ ms per frame$/).textContent()),
  };
}

async function measureFor(page: Page, label: string, seconds: number): Promise<Figure> {
  const warmUntil = performance.now() + 180_000;
  const first = (await readStats(page)).frames;
  // A few frames in this mode first (the mesh's first frames compile its kernels).
  while ((await readStats(page)).frames < first + 10) {
    if (performance.now() > warmUntil) throw new Error('no frames detected');
    await page.waitForTimeout(250);
  }
  const stats = page.getByTestId('live-stats');
  const build = (await stats.getAttribute('data-wasm-build')) || (await stats.getAttribute('data-backend'));
  const threads = await stats.getAttribute('data-threads');
  const start = await readStats(page);
  const t0 = performance.now();
  const samples: number[] = [];
  while (performance.now() - t0 < seconds * 1000) {
    await page.waitForTimeout(250);
    samples.push((await readStats(page)).ms);
  }
  const end = await readStats(page);
  const elapsed = (performance.now() - t0) / 1000;
  const fps = (end.frames - start.frames) / elapsed;
  const ms = samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length);
  return {
    label,
    value: Math.round(fps * 10) / 10,
    unit: 'frames/s',
    note:
      `${(fps / BUDGET_FPS).toFixed(2)}× the ${BUDGET_FPS} fps budget; ${Math.round(ms)} ms per detection; ` +
      `${build}${build === 'webgl' ? '' : `, ${threads} thread(s)`}; ${end.frames - start.frames} frames in ` +
      `${elapsed.toFixed(1)} s, ${end.faces} face(s); tensors ${start.tensors} → ${end.tensors}`,
  };
}

async function measure(server: RunningServer, variant: Variant, seconds: number): Promise<Figure[]> {
  const browser = await launchBrowser(variant.launch);
  try {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 900 },
      permissions: ['camera'],
    });
    await context.addInitScript((forced) => {
      // Runs in the page (DOM types are not in this Node project's lib).
      const storage = (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } })
        .localStorage;
      storage.setItem('lang', 'en');
      storage.setItem('vision.backend', forced);
    }, variant.backend);
    const page = await context.newPage();
    if (!variant.isolated) await withoutCrossOriginIsolation(page);
    await logInAsDemoLearner(page);
    await page.goto('/ailab/faceAnalyze/live');
    const figures = [await measureFor(page, `${variant.label}, boxes (faces followed)`, seconds)];
    if (variant.mesh) {
      await page.getByRole('switch', { name: 'Face mesh (468 points)' }).click();
      figures.push(await measureFor(page, `${variant.label}, boxes + mesh points drawn`, seconds));
    }
    await context.close();
    return figures;
  } finally {
    await browser.close();
  }
}

export async function run(settings: { durationSec: number }): Promise<Figure[]> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    return [
      { label: 'Chromium: face detection', value: 0, unit: '-', note: 'skipped: run `npm run build` first' },
    ];
  }
  const fixtures = await makeFaceFixtures(path.join(os.tmpdir(), `face-bench-${process.pid}`));
  const camera = fakeCameraArgs(fixtures.video);
  const variants: Variant[] = [
    { label: 'wasm threads on', backend: 'wasm', isolated: true, launch: { args: camera }, mesh: true },
    { label: 'wasm threads off', backend: 'wasm', isolated: false, launch: { args: camera }, mesh: true },
    {
      // Software WebGL (SwiftShader): what a school PC without a GPU driver would get.
      label: 'webgl (SwiftShader)',
      backend: 'webgl',
      isolated: true,
      launch: { args: [...camera, '--enable-unsafe-swiftshader', '--use-angle=swiftshader'], gpu: true },
      mesh: false,
    },
  ];
  const server = await startServer();
  const seconds = Math.max(5, settings.durationSec);
  const load = os.loadavg()[0]!.toFixed(1);
  const figures: Figure[] = [];
  try {
    for (const variant of variants) {
      try {
        figures.push(...(await measure(server, variant, seconds)));
      } catch (error) {
        figures.push({
          label: `${variant.label}: live face detection`,
          value: 0,
          unit: '-',
          note: `failed: ${String(error).slice(0, 120)}`,
        });
      }
    }
  } finally {
    await server.stop();
  }
  const first = figures[0];
  if (first) first.note = `${first.note ?? ''}; load average ${load} at the start`;
  return figures;
}
