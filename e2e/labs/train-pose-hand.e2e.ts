/**
 * Pose and hand gesture trainers (issue 6B) in headless Chromium, with a fake camera playing a video of the
 * full-body avatar in @vladmandic/human's VRM demo screenshot (made by the test, nothing binary in git):
 * - pose: MoveNet finds the body, its skeleton is drawn over the video, holding the record button takes
 *   samples (only frames with a body count), an uploaded photo of the avatar becomes a sample while a
 *   picture with no body is skipped with a reason, and leaving the page ends the camera;
 * - hand: the hand models load, the camera (an empty room) is live, holding record with no hand in view
 *   says so next to the button and counts the skipped frames, a picture with no hand is skipped with a
 *   reason, and leaving the page ends the camera.
 * The fence fails any request off this machine (models and WASM come from our origin).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/browser.ts';
import { fakeCameraArgs, y4mVideo } from '../support/face-video.ts';
import { cameraTrackStates, recordCameraStreams, showEmptyCamera } from '../support/camera.ts';
import { setupE2E } from '../support/harness.ts';
import { classCard, sampleCount } from '../support/image-trainer.ts';
import { repoRoot } from '../support/server.ts';
import { eventually, visible, DEMO_LEARNER } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const SLOW_MS = 90_000;
const TEST_MS = 300_000;

const SOURCE = 'node_modules/@vladmandic/human/assets/screenshot-vrm.jpg';
/** The standing avatar at the left of the screenshot (its pixels: x, y, width, height). */
const AVATAR = { x: 0, y: 0, width: 330, height: 653 } as const;
const NO_BODY = 'node_modules/@vladmandic/human/assets/screenshot-typedoc.png';
const FRAME = { width: 640, height: 480 } as const;
const FRAMES = 24;

interface Fixtures {
  video: string;
  photo: string;
}

let fixtures: Fixtures | undefined;

/** The avatar drawn by Chromium on a dark 640 × 480 frame, drifting a little; a Y4M video and a PNG photo. */
async function makeFixtures(dir: string): Promise<Fixtures> {
  await mkdir(dir, { recursive: true });
  const jpeg = (await readFile(path.join(repoRoot, SOURCE))).toString('base64');
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    const { frames, png } = await page.evaluate(
      async ({ jpeg, crop, frame, count }) => {
        const image = new Image();
        image.src = `data:image/jpeg;base64,${jpeg}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = frame.width;
        canvas.height = frame.height;
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        const height = frame.height - 20;
        const width = Math.round((crop.width * height) / crop.height);
        const draw = (shift: number) => {
          ctx.fillStyle = '#101018';
          ctx.fillRect(0, 0, frame.width, frame.height);
          ctx.drawImage(
            image,
            crop.x,
            crop.y,
            crop.width,
            crop.height,
            (frame.width - width) / 2 + shift,
            10,
            width,
            height,
          );
        };
        const out: string[] = [];
        for (let i = 0; i < count; i += 1) {
          draw(Math.round(10 * Math.sin((2 * Math.PI * i) / count)));
          const rgba = ctx.getImageData(0, 0, frame.width, frame.height).data;
          let binary = '';
          for (let j = 0; j < rgba.length; j += 0x8000)
            binary += String.fromCharCode(...rgba.subarray(j, j + 0x8000));
          out.push(btoa(binary));
        }
        draw(0);
        return { frames: out, png: canvas.toDataURL('image/png').split(',')[1] ?? '' };
      },
      { jpeg, crop: AVATAR, frame: FRAME, count: FRAMES },
    );
    const video = path.join(dir, 'avatar.y4m');
    const photo = path.join(dir, 'avatar.png');
    const rgbaFrames = frames.map((rgba) => Buffer.from(rgba, 'base64'));
    await writeFile(video, y4mVideo(rgbaFrames, FRAME.width, FRAME.height));
    await writeFile(photo, Buffer.from(png, 'base64'));
    return { video, photo };
  } finally {
    await browser.close();
  }
}

const e2e = setupE2E({
  browser: async () => {
    fixtures = await makeFixtures(path.join(os.tmpdir(), `train-pose-e2e-${process.pid}`));
    return { args: fakeCameraArgs(fixtures.video) };
  },
});

function fixture(): Fixtures {
  if (!fixtures) throw new Error('fixtures not made');
  return fixtures;
}

/** Signs the demo learner in and opens `path`. */
const login = (page: Page, path = '/') => signIn(page, DEMO_LEARNER, { path, timeout: SLOW_MS });

/** Pixels of the skeleton's bone colour (#14a37f) on the overlay canvas. */
const bonePixels = (page: Page) =>
  page.locator('canvas.trainer-overlay').evaluate((el: HTMLCanvasElement) => {
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] === 0x14 && data[i + 1] === 0xa3 && data[i + 2] === 0x7f) n += 1;
    }
    return n;
  });

async function leaveAndCheckCamera(page: Page): Promise<void> {
  const before = (await cameraTrackStates(page)).flat();
  expect(before).toContain('live');
  await page.getByRole('button', { name: 'back' }).click();
  await page.waitForURL(/\/ailab$/);
  await eventually(
    async () => (await cameraTrackStates(page)).flat(),
    (states) => expect(states.every((s) => s === 'ended')).toBe(true),
    SLOW_MS,
  );
}

async function noBodyPicture(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  return { name: 'docs.png', mimeType: 'image/png', buffer: await readFile(path.join(repoRoot, NO_BODY)) };
}

describe('pose and hand gesture trainers', () => {
  it(
    'pose: draws the skeleton over the camera, records poses, takes photos with a body, ends the camera',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      await recordCameraStreams(page);
      await login(page, '/ailab/trainPose');
      await visible(page.getByRole('heading', { name: 'Pose classifier', exact: true }), SLOW_MS);
      await visible(page.getByText('no image or video leaves your browser'));

      await eventually(
        () => bonePixels(page),
        (n) => expect(n).toBeGreaterThan(50),
        SLOW_MS,
      );

      const hold = classCard(page, 'Hands up').getByRole('button', { name: 'Hold to record' });
      await eventually(
        () => hold.isEnabled(),
        (enabled) => expect(enabled).toBe(true),
        SLOW_MS,
      );
      await hold.hover();
      await page.mouse.down();
      await eventually(
        () => sampleCount(page, 'Hands up'),
        (n) => expect(n).toBeGreaterThanOrEqual(5),
        SLOW_MS,
      );
      await page.mouse.up();

      await page.getByTestId('class-upload-T-pose').setInputFiles(fixture().photo);
      await visible(classCard(page, 'T-pose').getByText('1 sample', { exact: true }), SLOW_MS);
      await page.getByTestId('class-upload-Squat').setInputFiles(await noBodyPicture());
      await visible(
        classCard(page, 'Squat').getByText('1 file skipped: nothing recognised in the image'),
        SLOW_MS,
      );
      expect(await sampleCount(page, 'Squat')).toBe(0);

      // Trains on the keypoints (the empty class is removed first).
      await classCard(page, 'Squat').getByRole('button', { name: 'Delete class' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByRole('button', { name: 'Train model' }).click();
      await visible(page.getByTestId('train-done'), SLOW_MS);
      await page.getByRole('button', { name: 'Under the hood' }).click();
      await visible(page.getByText(/^51 numbers per sample/));

      await leaveAndCheckCamera(page);
    },
    TEST_MS,
  );

  it(
    'hand: no hand in view while recording is said and counted; skips a picture with no hand; ends the camera',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      await showEmptyCamera(page);
      await recordCameraStreams(page);
      await login(page, '/ailab/trainHandPose');
      await visible(page.getByRole('heading', { name: 'Hand gesture classifier', exact: true }), SLOW_MS);
      await visible(page.getByText('no image or video leaves your browser'));
      const hold = classCard(page, 'Rock').getByRole('button', { name: 'Hold to record' });
      await eventually(
        () => hold.isEnabled(),
        (enabled) => expect(enabled).toBe(true),
        SLOW_MS,
      );

      // Holding record with nothing in view: the reason next to the button, the frames counted, no sample.
      await hold.hover();
      await page.mouse.down();
      const miss = classCard(page, 'Rock').getByTestId('record-miss');
      await visible(
        miss.getByText('No hand found in the picture — hold your hand in front of the camera.'),
        SLOW_MS,
      );
      await eventually(
        async () =>
          Number(/(\d+) frames? skipped: no hand found/.exec((await miss.textContent()) ?? '')?.[1]),
        (n) => expect(n).toBeGreaterThanOrEqual(2),
        SLOW_MS,
      );
      await page.mouse.up();
      // The count stays after the button is let go; the live hint goes.
      await visible(miss.getByText(/frames? skipped: no hand found/));
      expect(await miss.getByText('No hand found in the picture', { exact: false }).count()).toBe(0);
      expect(await sampleCount(page, 'Rock')).toBe(0);

      await page.getByTestId('class-upload-Paper').setInputFiles(await noBodyPicture());
      await visible(
        classCard(page, 'Paper').getByText('1 file skipped: nothing recognised in the image'),
        SLOW_MS,
      );
      expect(await sampleCount(page, 'Paper')).toBe(0);
      await leaveAndCheckCamera(page);
    },
    TEST_MS,
  );
});
