/**
 * A computer without a camera (issue 6, spec §8): this file's Chromium has no fake camera, so with the camera
 * permission granted `getUserMedia` finds no device. Each camera lab explains it, offers to try again, and
 * where the lab can work from a photo, offers an upload.
 */
import { describe, expect, it } from 'vitest';
import { setupE2E } from '../support/harness.ts';
import { signIn } from '../support/sign-in.ts';
import { DEMO_LEARNER, visible } from '../support/ui.ts';

const SLOW_MS = 90_000;
const e2e = setupE2E();

describe('a computer without a camera', () => {
  it('explains the missing camera on a photo lab and a live-only lab, never a blank page', async () => {
    const page = await e2e.newPage({ permissions: ['camera'] });
    await signIn(page, DEMO_LEARNER, { path: '/ailab/faceAnalyze', timeout: SLOW_MS });
    const problem = page.getByTestId('camera-problem');
    await visible(problem.getByText('No camera found'), SLOW_MS);
    await visible(problem.getByText('Connect a camera or close the other program'));
    await visible(problem.getByRole('button', { name: 'Try again' }));
    // faceAnalyze works from a photo too.
    await visible(problem.getByRole('button', { name: 'Upload a photo' }));
    expect(await page.getByText('The camera is blocked').count()).toBe(0);

    // Trying again on the same computer explains it again rather than hanging.
    await problem.getByRole('button', { name: 'Try again' }).click();
    await visible(problem.getByText('No camera found'), SLOW_MS);

    // The live page needs a camera: the same explanation, without a photo offer.
    await page.goto('/ailab/faceAnalyze/live');
    await visible(problem.getByText('No camera found'), SLOW_MS);
    expect(await problem.getByRole('button', { name: 'Upload a photo' }).count()).toBe(0);
  });
});
