import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the real server and the built web app. Each test file starts its own server on a
 * free port with a fresh data directory and its own Chromium (its own fake camera and microphone files), so
 * files do not share a port, a database or a device.
 *
 * What they do share is the CPU (CI has 2 cores). Files that mostly wait (page loads, server answers) run two at
 * a time; files that run models in the browser for long stretches (the labs) run afterwards one at a time,
 * so a model's training or a camera stream never competes with another file for the cores. A lab file joins
 * the first group when its lab only waits too: a fake cloud provider answers, or it draws and fits a line.
 */
const LABS = 'e2e/labs/**/*.e2e.ts';
/** Model training pages that train or load hundreds of images in the browser: one at a time, with the labs. */
const TRAINING = ['cls', 'det', 'large-dataset'].map((name) => `e2e/model-train/${name}.e2e.ts`);
const WAITING_LABS = [
  'ai-chat',
  'text-to-image',
  'text-know-cloud',
  'image-fix-cloud',
  'writing-predict-cloud',
  'voice-identify',
  'voice-synthesis',
  'camera-missing',
  'linear-regression',
].map((name) => `e2e/labs/${name}.e2e.ts`);
/**
 * `isolate: false`: a worker process runs file after file instead of a fresh process per file (a Node start,
 * Vitest's runner and Playwright's client imported again: ~2.3 s of CPU per file on the 2-core machine).
 * Each file still starts its own server and Chromium in beforeAll and stops them in afterAll (harness.ts),
 * and the support modules keep no per-file state, so nothing of one file is left for the next.
 */
const common = { testTimeout: 120_000, hookTimeout: 120_000, isolate: false };

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // One migrated database copied into each file's data folder (support/database-template.ts).
    globalSetup: ['e2e/support/database-template.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/*.e2e.ts', 'e2e/!(labs)/**/*.e2e.ts', ...WAITING_LABS],
          exclude: TRAINING,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          ...common,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e:labs',
          include: [LABS, ...TRAINING],
          exclude: WAITING_LABS,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          ...common,
        },
      },
    ],
  },
});
