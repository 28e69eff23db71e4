/**
 * Real-face check lab (issue 6A) with a fake camera playing a still face (made by the test from a photo in
 * @vladmandic/human's package): the anti-spoofing and liveness scores appear live, the eye ratio is measured
 * from the mesh, a challenge asks for a movement, and a still picture never passes it. A denied camera
 * explains itself and offers a photo, which gets the passive scores only.
 */
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fakeCameraArgs, makeFaceFixtures, type FaceFixtures } from '../support/face-video.ts';
import { setupE2E } from '../support/harness.ts';
import { eventually, visible, DEMO_LEARNER } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const SLOW_MS = 90_000;
const TEST_MS = 300_000;

let fixtures: FaceFixtures | undefined;
const e2e = setupE2E({
  browser: async () => {
    fixtures = await makeFaceFixtures(path.join(os.tmpdir(), `face-real-e2e-${process.pid}`));
    return { args: fakeCameraArgs(fixtures.video) };
  },
});

/** Signs the demo learner in and opens `path`. */
const login = (page: Page, path = '/') => signIn(page, DEMO_LEARNER, { path, timeout: SLOW_MS });

const number = (text: string | null) => Number(/(-?\d+(?:\.\d+)?)/.exec(text ?? '')?.[1] ?? NaN);

describe('real face check lab', () => {
  it(
    'shows anti-spoofing and liveness scores live, and a still face never passes the challenge',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      await login(page, '/ailab/faceRealCheck');
      await visible(page.getByRole('heading', { name: 'Real face check', exact: true }), SLOW_MS);
      await visible(page.getByText('no image or video leaves your browser'));
      await visible(page.getByText('Running on: WebAssembly'), SLOW_MS);

      const scores = page.getByTestId('scores');
      await eventually(
        async () => ({
          face: await scores.getAttribute('data-face'),
          real: Number(await scores.getAttribute('data-real')),
          live: Number(await scores.getAttribute('data-live')),
        }),
        (s) => {
          expect(s.face).toBe('yes');
          expect(s.real).toBeGreaterThan(0);
          expect(s.live).toBeGreaterThan(0);
        },
        SLOW_MS,
      );
      // An open eye measures about 0.2–0.4; the head turn is a ratio from −1 to 1 (this face looks a little
      // to one side).
      const ear = number(await page.getByTestId('measure-ear').textContent());
      expect(ear).toBeGreaterThan(0.1);
      expect(ear).toBeLessThan(0.6);
      const yaw = number(await page.getByTestId('measure-yaw').textContent());
      expect(Math.abs(yaw)).toBeLessThanOrEqual(1);

      await page.getByRole('button', { name: 'Start the challenge' }).click();
      await visible(page.getByTestId('challenge-now'));
      expect(await page.getByTestId('challenge-now').textContent()).toMatch(
        /^Now: (Blink your eyes|Turn your head to your left|Turn your head to your right)$/,
      );
      // Many frames later the still face has done nothing asked of it.
      const first = await page.getByTestId('challenge-now').textContent();
      const frames = async () => Number(await scores.getAttribute('data-frames'));
      const started = await frames();
      await eventually(frames, (n) => expect(n).toBeGreaterThanOrEqual(started + 60), TEST_MS / 2);
      expect(await page.getByTestId('challenge-now').textContent()).toBe(first);
      expect(await page.getByText('Challenge passed', { exact: false }).count()).toBe(0);
    },
    TEST_MS,
  );

  it(
    'a denied camera explains how to allow it; a photo gets the passive scores',
    async () => {
      const page = await e2e.newPage();
      await login(page, '/ailab/faceRealCheck');
      await visible(page.getByText('The camera is blocked'), SLOW_MS);
      await visible(page.getByRole('button', { name: 'Try again' }));
      await visible(page.getByText('Running on: WebAssembly'), SLOW_MS);
      const input = page.getByTestId('camera-problem').getByTestId('image-upload-input');
      await input.setInputFiles({
        name: 'a.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4'),
      });
      await visible(page.getByText('please choose a valid image file', { exact: true }));
      await input.setInputFiles(fixtures!.photo);
      await eventually(
        () => page.getByTestId('photo-result').textContent(),
        (text) => expect(text).toMatch(/^This photo: real face \d+ %, liveness \d+ %/),
        SLOW_MS,
      );
    },
    TEST_MS,
  );
});
