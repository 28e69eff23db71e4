/**
 * Live face detection (issue 6A) in headless Chromium: the built app on a local server, the live page
 * `/ailab/faceAnalyze/live` fed by Chromium's fake camera with a face video made from a photo in
 * @vladmandic/human's package (e2e/support/face-video.ts). Per backend (WASM; WebGL on SwiftShader when
 * headless Chromium offers it): detections per second, ms per detection (as the page measures it), and the
 * change in tf.memory().numTensors over the run (0 = no leak). The camera runs at 24 fps, so 24 is the
 * ceiling. Skipped (with a note) when apps/web/dist or Chromium is missing.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchOptions } from '../../../e2e/support/browser.ts';
import { fakeCameraArgs, makeFaceFixtures } from '../../../e2e/support/face-video.ts';
import { repoRoot, startServer, type RunningServer } from '../../../e2e/support/server.ts';
import { logInAsDemoLearner } from '../browser-login.ts';

export const name = 'face detection (live page, Chromium)';

interface Figure {
  label: string;
  value: number;
  unit: string;
  note?: string;
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

async function measure(
  server: RunningServer,
  launch: LaunchOptions,
  backend: 'wasm' | 'webgl',
  seconds: number,
): Promise<Figure[]> {
  const browser = await launchBrowser(launch);
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
    }, backend);
    const page = await context.newPage();
    await logInAsDemoLearner(page);

    await page.goto('/ailab/faceAnalyze/live');
    const warmUntil = performance.now() + 180_000;
    while ((await readStats(page)).frames < 10) {
      if (performance.now() > warmUntil) throw new Error('no frames detected');
      await page.waitForTimeout(250);
    }
    const running = await page.getByText(/^Running on: /).textContent();
    const start = await readStats(page);
    const t0 = performance.now();
    const samples: number[] = [];
    while (performance.now() - t0 < seconds * 1000) {
      await page.waitForTimeout(250);
      samples.push((await readStats(page)).ms);
    }
    const end = await readStats(page);
    const elapsed = (performance.now() - t0) / 1000;
    await context.close();
    const fps = (end.frames - start.frames) / elapsed;
    const ms = samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length);
    const used = (running ?? '').replace(/^Running on: /, '');
    return [
      {
        label: `Chromium ${backend}: live face detection`,
        value: Math.round(fps * 10) / 10,
        unit: 'frames/s',
        note: `${end.frames - start.frames} frames in ${elapsed.toFixed(1)} s, backend ${used}, ${end.faces} face(s)`,
      },
      {
        label: `Chromium ${backend}: detector + mesh per frame`,
        value: Math.round(ms),
        unit: 'ms',
        note: 'mean of the page’s per-frame time',
      },
      {
        label: `Chromium ${backend}: tensor count change`,
        value: end.tensors - start.tensors,
        unit: 'tensors',
        note: `${start.tensors} → ${end.tensors} over ${end.frames - start.frames} frames`,
      },
    ];
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
  const server = await startServer();
  const seconds = Math.max(5, settings.durationSec);
  const figures: Figure[] = [];
  try {
    figures.push(...(await measure(server, { args: fakeCameraArgs(fixtures.video) }, 'wasm', seconds)));
    try {
      // Software WebGL (SwiftShader): what a school PC without a GPU driver would get.
      const args = [
        ...fakeCameraArgs(fixtures.video),
        '--enable-unsafe-swiftshader',
        '--use-angle=swiftshader',
      ];
      figures.push(...(await measure(server, { args, gpu: true }, 'webgl', seconds)));
    } catch (error) {
      figures.push({
        label: 'Chromium webgl: live face detection',
        value: 0,
        unit: '-',
        note: `failed: ${String(error).slice(0, 120)}`,
      });
    }
  } finally {
    await server.stop();
  }
  return figures;
}
