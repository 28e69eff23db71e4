/**
 * Face analysis lab (issue 6A) in headless Chromium with a fake camera playing a face video that the test
 * makes from a photo in @vladmandic/human's package: the live page ('real-time face detection') boxes the
 * face (the mesh following it, its points not drawn), draws the landmarks once the mesh is switched on, shows the frame rate, runs
 * on the threaded WASM build (its workers load the unbundled glue from our origin, with no CSP violation),
 * keeps TF.js's tensor count flat over many frames and ends the camera's tracks when left; without
 * cross-origin isolation it falls back to single-threaded WASM and still finds the face; an uploaded face
 * photo gets an age and a gender; a non-image upload gets the spec's error; a denied camera gets the
 * explanation with an upload offer. The fence fails any request off this machine (models and WASM come from
 * our origin).
 */
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fakeCameraArgs, makeFaceFixtures, type FaceFixtures } from '../support/face-video.ts';
import { cameraTrackStates, recordCameraStreams } from '../support/camera.ts';
import { downloadBarGone, expectEachOnce, holdModelFiles, readDownloadBar } from '../support/downloads.ts';
import { setupE2E } from '../support/harness.ts';
import { cspViolations, recordCspViolations, withoutCrossOriginIsolation } from '../support/isolation.ts';
import { eventually, visible, DEMO_LEARNER } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

/** Model loads (12 MB) and WASM inference on a busy 2-core machine: generous waits, never timing asserts. */
const SLOW_MS = 90_000;
const TEST_MS = 300_000;

let fixtures: FaceFixtures | undefined;
const e2e = setupE2E({
  browser: async () => {
    fixtures = await makeFaceFixtures(path.join(os.tmpdir(), `face-e2e-${process.pid}`));
    return { args: fakeCameraArgs(fixtures.video) };
  },
});

function fixture(): FaceFixtures {
  if (!fixtures) throw new Error('face fixtures not made');
  return fixtures;
}

/** Signs the demo learner in and opens `path`. */
const login = (page: Page, path = '/') => signIn(page, DEMO_LEARNER, { path, timeout: SLOW_MS });

const number = (text: string | null) => Number(/(\d+(?:\.\d+)?)/.exec(text ?? '')?.[1] ?? NaN);

// Served under the build's content-hashed folder (apps/web/build/vision-assets.ts).
const GLUE = /^\/vision\/[0-9a-f]{12}\/wasm\/tfjs-backend-wasm-threaded-simd\.js$/;

/** Pixels of the canvas in the boxes' and landmarks' colour (#4f5bff). */
function drawnPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] === 0x4f && data[i + 1] === 0x5b && data[i + 2] === 0xff) n += 1;
    }
    return n;
  });
}

/** The backend facts the live page shows (data attributes of its stats). */
async function backendFacts(page: Page) {
  const stats = page.getByTestId('live-stats');
  return {
    backend: await stats.getAttribute('data-backend'),
    build: await stats.getAttribute('data-wasm-build'),
    threads: Number(await stats.getAttribute('data-threads')),
    isolated: await stats.getAttribute('data-isolated'),
  };
}

describe('face analysis lab', () => {
  it(
    'live page: boxes, landmarks drawn with the mesh switch, threaded WASM, flat tensors, camera ended on leaving',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      await recordCameraStreams(page);
      await recordCspViolations(page);
      const glue: number[] = [];
      page.on('response', (response) => {
        if (GLUE.test(new URL(response.url()).pathname)) glue.push(response.status());
      });
      await login(page, '/ailab/faceAnalyze');
      // The models are loaded (the page's loading cover is gone) once it names the backend.
      await visible(page.getByText('Running on: WebAssembly'), SLOW_MS);
      await page.getByRole('link', { name: 'Real-time face detection' }).click();
      await page.waitForURL(/\/ailab\/faceAnalyze\/live$/);
      await visible(page.getByRole('heading', { name: 'real-time face detection', exact: true }), SLOW_MS);
      await visible(page.getByText('no image or video leaves your browser'));

      // Cross-origin isolated, so tfjs loaded its threaded build; its worker threads loaded the unbundled glue
      // from our origin (tfjs uses half the logical cores: 1 thread on a 2-core machine, more on bigger ones).
      await eventually(
        () => backendFacts(page),
        (facts) => expect(facts).toMatchObject({ backend: 'wasm', build: 'threaded-simd', isolated: 'true' }),
        SLOW_MS,
      );
      expect((await backendFacts(page)).threads).toBeGreaterThanOrEqual(1);
      await visible(page.getByTestId('live-threads'));
      expect(glue.length).toBeGreaterThan(0);
      expect(glue.every((status) => status === 200)).toBe(true);

      // The 300 × 300 area, with a face boxed in it by the detector alone: no landmarks.
      const canvas = page.getByRole('img', { name: 'Camera image with the faces found' });
      const box = await canvas.boundingBox();
      expect(box).toMatchObject({ width: 300, height: 300 });
      const mesh = page.getByRole('switch', { name: 'Face mesh (468 points)' });
      expect(await mesh.getAttribute('aria-checked')).toBe('false');
      await eventually(
        () => canvas.getAttribute('data-faces'),
        (faces) => expect(Number(faces)).toBeGreaterThanOrEqual(1),
        SLOW_MS,
      );
      await eventually(
        () => page.getByTestId('live-fps').textContent(),
        (text) => expect(number(text)).toBeGreaterThan(0),
        SLOW_MS,
      );
      expect(await page.getByTestId('live-fps').textContent()).toMatch(/^\d+\.\d frames per second$/);
      expect(await canvas.getAttribute('data-landmarks')).toBe('0');
      expect(await drawnPixels(canvas)).toBeGreaterThan(100);

      // The mesh switched on: the page draws 468 landmarks per face.
      await mesh.click();
      expect(await mesh.getAttribute('aria-checked')).toBe('true');
      await eventually(
        () => canvas.getAttribute('data-landmarks'),
        (landmarks) => expect(Number(landmarks)).toBeGreaterThanOrEqual(468),
        SLOW_MS,
      );

      // No memory growth: the tensor count after many more frames is what it was after a few.
      const frames = async () => number(await page.getByTestId('live-frames').textContent());
      const tensors = async () => number(await page.getByTestId('live-tensors').textContent());
      await eventually(frames, (n) => expect(n).toBeGreaterThanOrEqual(10), SLOW_MS);
      const early = await tensors();
      const earlyFrames = await frames();
      await eventually(frames, (n) => expect(n).toBeGreaterThanOrEqual(earlyFrames + 60), TEST_MS / 2);
      expect(early).toBeGreaterThan(0);
      expect(await tensors()).toBe(early);

      expect(await cspViolations(page)).toEqual([]);

      // Leaving the page (its back button) ends every camera track it opened; the lab page it returns to
      // opens a camera of its own, which is not counted.
      const before = await cameraTrackStates(page);
      expect(before.at(-1)).toEqual(['live']);
      await page.getByRole('button', { name: 'back' }).click();
      await page.waitForURL(/\/ailab\/faceAnalyze$/);
      await eventually(
        async () => (await cameraTrackStates(page)).slice(0, before.length).flat(),
        (states) => {
          expect(states.length).toBeGreaterThanOrEqual(before.length);
          expect(states.every((s) => s === 'ended')).toBe(true);
        },
      );
    },
    TEST_MS,
  );

  it(
    'without cross-origin isolation the live page falls back to single-threaded WASM and still finds the face',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      await withoutCrossOriginIsolation(page);
      await login(page, '/ailab/faceAnalyze/live');
      await eventually(
        () => backendFacts(page),
        (facts) => expect(facts).toEqual({ backend: 'wasm', build: 'simd', threads: 1, isolated: 'false' }),
        SLOW_MS,
      );
      const canvas = page.getByRole('img', { name: 'Camera image with the faces found' });
      await eventually(
        () => canvas.getAttribute('data-faces'),
        (faces) => expect(Number(faces)).toBeGreaterThanOrEqual(1),
        SLOW_MS,
      );
      expect(await drawnPixels(canvas)).toBeGreaterThan(100);
    },
    TEST_MS,
  );

  it(
    'shows the models download in MB; a face photo gets an age and a gender; a non-image after it clears it',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      // The models' weights wait until the test has read the download bar (their JSON goes through).
      const held = await holdModelFiles(page, /\/vision\/.*models\/[^/]+\.bin$/);
      await login(page, '/ailab/faceAnalyze');
      await visible(page.getByRole('heading', { name: 'Face analysis', exact: true }), SLOW_MS);
      await readDownloadBar(page, SLOW_MS);
      held.release();
      await downloadBarGone(page, SLOW_MS);
      await visible(page.getByText('Running on: WebAssembly'), SLOW_MS);
      // Counted as human read them: each file downloaded once.
      expectEachOnce(held.requests, [/\/blazeface\.(json|bin)$/, /\/facemesh\.bin$/, /\/faceres\.bin$/]);
      const input = page.getByTestId('image-upload-input').first();

      await input.setInputFiles(fixture().photo);
      const card = page.getByTestId('face-card').first();
      await visible(card, SLOW_MS);
      await eventually(
        () => card.getByTestId('face-age').textContent(),
        (text) => {
          const age = number(text);
          expect(age).toBeGreaterThan(5);
          expect(age).toBeLessThan(80);
        },
        SLOW_MS,
      );
      expect(await card.getByTestId('face-gender').textContent()).toMatch(/^(female|male)$/);
      const picture = page.getByRole('img', { name: 'The picture being analysed, with the faces found' });
      await visible(picture);
      expect(await drawnPixels(picture)).toBeGreaterThan(100);

      // A non-image next: the error, and nothing left of the previous photo, its boxes or its results.
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await visible(page.getByText('please choose a valid image file', { exact: true }));
      const canvas = page.getByTestId('analyze-canvas');
      expect(await canvas.isHidden()).toBe(true);
      expect(await drawnPixels(canvas)).toBe(0);
      expect(await page.getByTestId('face-card').count()).toBe(0);
    },
    TEST_MS,
  );

  it(
    'a denied camera shows how to allow it and offers a photo',
    async () => {
      // No camera permission granted: Chromium denies the request.
      const page = await e2e.newPage();
      await login(page, '/ailab/faceAnalyze');
      await visible(page.getByText('The camera is blocked'), SLOW_MS);
      await visible(page.getByText('choose "Allow" for the camera'));
      await visible(page.getByRole('button', { name: 'Try again' }));
      await visible(page.getByText('You can also work from a photo instead:'));
      const problem = page.getByTestId('camera-problem');
      await visible(problem.getByRole('button', { name: 'Upload a photo' }));
    },
    TEST_MS,
  );
});
