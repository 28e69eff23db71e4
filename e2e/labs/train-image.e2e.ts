/**
 * Image classifier trainer (issue 6B) in headless Chromium: two classes from uploaded images (crops of a
 * photo grid and of a dark documentation screenshot, both shipped in @vladmandic/human's npm package, cut
 * by Chromium itself), renamed, trained on the device on the CenterNet/MobileNet-v3 embeddings, and the
 * held-out crop of each set is predicted as its class. The under-the-hood panel shows per-class accuracy
 * and the confusion matrix; the model exports as a zip (model.json, weights.bin, metadata.json) that imports
 * back; the project saves to a file. The fence fails any request off this machine (the backbone and the
 * WASM come from our origin).
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fakeCameraArgs, makeFaceFixtures } from '../support/face-video.ts';
import { cameraTrackStates, recordCameraStreams } from '../support/camera.ts';
import { downloadBarGone, expectEachOnce, holdModelFiles, readDownloadBar } from '../support/downloads.ts';
import { setupE2E } from '../support/harness.ts';
import { classCard, sampleCount } from '../support/image-trainer.ts';
import { repoRoot } from '../support/server.ts';
import { eventually, visible, DEMO_LEARNER } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';
import { letTimePass } from '../support/wait.ts';

const SLOW_MS = 90_000;
const TEST_MS = 360_000;

// A fake camera plays a face video made from a photo in @vladmandic/human's package (support/face-video.ts).
const e2e = setupE2E({
  browser: async () => {
    const fixtures = await makeFaceFixtures(path.join(os.tmpdir(), `train-image-e2e-${process.pid}`));
    return { args: fakeCameraArgs(fixtures.video) };
  },
});

interface Crop {
  x: number;
  y: number;
  size: number;
}

interface ImageSet {
  file: string;
  mime: string;
  crops: Crop[];
}

/**
 * Square crops spread over each picture; the last one of each set is held out (never trained on). The held-out
 * crop lies between training crops, so it shows the same kind of content: the test checks that the pipeline
 * learns and generalises on the device, not how far a five-minute model stretches.
 */
const PHOTOS: ImageSet = {
  file: 'node_modules/@vladmandic/human/assets/samples.jpg',
  mime: 'image/jpeg',
  crops: [
    { x: 0, y: 0, size: 400 },
    { x: 440, y: 0, size: 400 },
    { x: 880, y: 0, size: 400 },
    { x: 0, y: 380, size: 400 },
    { x: 440, y: 380, size: 400 },
    { x: 880, y: 380, size: 400 },
    { x: 0, y: 758, size: 400 },
    { x: 880, y: 758, size: 400 },
    { x: 440, y: 758, size: 400 },
  ],
};

const SCREENS: ImageSet = {
  file: 'node_modules/@vladmandic/human/assets/screenshot-typedoc.png',
  mime: 'image/png',
  crops: [
    { x: 0, y: 0, size: 320 },
    { x: 320, y: 0, size: 320 },
    { x: 0, y: 330, size: 320 },
    { x: 320, y: 330, size: 320 },
    { x: 0, y: 660, size: 320 },
    { x: 320, y: 660, size: 320 },
    { x: 160, y: 160, size: 320 },
    { x: 160, y: 500, size: 320 },
    { x: 160, y: 660, size: 320 },
  ],
};

/** Samples each class gets: every crop but the held-out one. */
const PER_CLASS = PHOTOS.crops.length - 1;
const SAMPLES = `${PER_CLASS} samples`;

/** PNG crops of a picture, cut in the page's own canvas (no image library in Node). */
async function cropsOf(page: Page, set: ImageSet): Promise<Buffer[]> {
  const data = (await readFile(path.join(repoRoot, set.file))).toString('base64');
  const pngs = await page.evaluate(
    async ({ data, mime, crops }) => {
      const image = new Image();
      image.src = `data:${mime};base64,${data}`;
      await image.decode();
      return crops.map((c) => {
        const canvas = document.createElement('canvas');
        canvas.width = 256;
        canvas.height = 256;
        canvas.getContext('2d')!.drawImage(image, c.x, c.y, c.size, c.size, 0, 0, 256, 256);
        return canvas.toDataURL('image/png').split(',')[1] ?? '';
      });
    },
    { data, mime: set.mime, crops: set.crops },
  );
  return pngs.map((b64) => Buffer.from(b64, 'base64'));
}

const asFiles = (prefix: string, buffers: Buffer[]) =>
  buffers.map((buffer, i) => ({ name: `${prefix}-${i + 1}.png`, mimeType: 'image/png', buffer }));

/** Signs the demo learner in and opens `path`. */
const login = (page: Page, path = '/') => signIn(page, DEMO_LEARNER, { path, timeout: SLOW_MS });

const trainButton = (page: Page) => page.getByRole('button', { name: /Train model|Train again/ });

async function rename(page: Page, from: string, to: string): Promise<void> {
  const field = classCard(page, from).getByRole('textbox', { name: 'Class name' });
  await field.fill(to);
  await field.press('Enter');
  await visible(classCard(page, to));
}

async function predict(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  await page.getByTestId('image-upload-input').setInputFiles(file);
  // The answer is shown beside the picture it is for: wait for this picture, not a previous answer.
  await visible(page.getByRole('img', { name: file.name, exact: true }), SLOW_MS);
  const answer = page.getByRole('status', { name: 'Prediction for the test image' });
  let text = '';
  await eventually(
    async () => (text = (await answer.textContent()) ?? ''),
    (value) => expect(value).toMatch(new RegExp(`^Prediction: .+ \\(\\d+%\\)$`)),
    SLOW_MS,
  );
  return text;
}

describe('image classifier trainer', () => {
  it(
    'trains two classes from uploaded images and predicts held-out images, on the device',
    async () => {
      const page = await e2e.newPage();
      // The backbone's weights wait until the test has read the download bar.
      const held = await holdModelFiles(page, /\/models\/centernet\.bin$/);
      await login(page, '/ailab/trainImage');
      await visible(page.getByRole('heading', { name: 'Image classifier', exact: true }), SLOW_MS);
      await readDownloadBar(page, SLOW_MS);
      held.release();
      await downloadBarGone(page, SLOW_MS);
      expectEachOnce(held.requests, [/\/centernet\.json$/, /\/centernet\.bin$/]);
      await visible(page.getByTestId('on-device-notice'));
      await expect(page.getByTestId('on-device-notice').textContent()).resolves.toContain(
        'no image or video leaves your browser',
      );

      const photos = await cropsOf(page, PHOTOS);
      const screens = await cropsOf(page, SCREENS);
      const heldPhoto = photos.pop()!;
      const heldScreen = screens.pop()!;

      await rename(page, 'Class 1', 'Photos');
      await rename(page, 'Class 2', 'Screens');
      // Uploads open once the backbone is loaded.
      await eventually(
        () => classCard(page, 'Photos').getByRole('button', { name: 'Upload images' }).isEnabled(),
        (enabled) => expect(enabled).toBe(true),
        SLOW_MS,
      );

      await page.getByTestId('class-upload-Photos').setInputFiles(asFiles('photo', photos));
      await visible(classCard(page, 'Photos').getByText(SAMPLES), SLOW_MS);
      await page.getByTestId('class-upload-Screens').setInputFiles(asFiles('screen', screens));
      await visible(classCard(page, 'Screens').getByText(SAMPLES), SLOW_MS);
      await expect(
        classCard(page, 'Screens')
          .getByRole('list', { name: 'Samples of Screens' })
          .getByRole('listitem')
          .count(),
      ).resolves.toBe(PER_CLASS);

      // A non-image file is refused with the spec's message; nothing is added.
      await page
        .getByTestId('class-upload-Screens')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await visible(classCard(page, 'Screens').getByText('please choose a valid image file'), SLOW_MS);
      await visible(classCard(page, 'Screens').getByText(SAMPLES));

      await trainButton(page).click();
      const done = page.getByTestId('train-done');
      await visible(done, SLOW_MS);
      await expect(done.textContent()).resolves.toMatch(/^Trained: \d+% right on 2 held-out samples\.$/);

      expect(
        await predict(page, { name: 'held-photo.png', mimeType: 'image/png', buffer: heldPhoto }),
      ).toMatch(/^Prediction: Photos \(/);
      expect(
        await predict(page, { name: 'held-screen.png', mimeType: 'image/png', buffer: heldScreen }),
      ).toMatch(/^Prediction: Screens \(/);
      const bars = page.getByRole('list', { name: 'Confidence of each class' }).last().getByRole('listitem');
      await expect(bars.count()).resolves.toBe(2);

      // Under the hood: per-class accuracy and the confusion matrix of the held-out samples.
      await page.getByRole('button', { name: 'Under the hood' }).click();
      await visible(page.getByText('Confusion matrix', { exact: true }));
      await visible(page.getByText('Measured on 2 samples the model did not train on.'));
      const matrix = page.locator('.trainer-confusion tbody tr.ant-table-row');
      await expect(matrix.count()).resolves.toBe(2);

      // Export the model as a zip and import it back.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export model' }).click(),
      ]);
      const zipPath = await download.path();
      const zip = await JSZip.loadAsync(await readFile(zipPath));
      expect(Object.keys(zip.files).sort()).toEqual(['metadata.json', 'model.json', 'weights.bin']);
      const metadata = JSON.parse((await zip.file('metadata.json')?.async('string')) ?? '{}') as {
        labels: string[];
        input: string;
      };
      expect(metadata).toMatchObject({ labels: ['Photos', 'Screens'], input: 'image' });

      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Import model' }).click(),
      ]);
      await chooser.setFiles(zipPath);
      await visible(page.getByText('Imported model with classes: Photos, Screens'), SLOW_MS);
      expect(
        await predict(page, { name: 'held-screen-2.png', mimeType: 'image/png', buffer: heldScreen }),
      ).toMatch(/^Prediction: Screens \(/);

      // Save the project; a file that is not a project is refused with a reason and changes nothing.
      const [saved] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Save project' }).click(),
      ]);
      const project = JSON.parse(await readFile(await saved.path(), 'utf8')) as {
        classes: { name: string; samples: unknown[] }[];
      };
      expect(project.classes.map((c) => [c.name, c.samples.length])).toEqual([
        ['Photos', PER_CLASS],
        ['Screens', PER_CLASS],
      ]);
      const [openChooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Open project' }).click(),
      ]);
      await openChooser.setFiles({
        name: 'model.zip',
        mimeType: 'application/json',
        buffer: Buffer.from('{"a":1}'),
      });
      await visible(page.getByText('This is not a trainer project file.'));
      await visible(classCard(page, 'Photos').getByText(SAMPLES));

      // The saved project opens back (after confirming that the current samples are replaced).
      await classCard(page, 'Photos').getByRole('button', { name: 'Remove sample 1' }).click();
      await visible(classCard(page, 'Photos').getByText(`${PER_CLASS - 1} samples`));
      const [reopen] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Open project' }).click(),
      ]);
      await reopen.setFiles(await saved.path());
      const dialog = page.getByRole('dialog').filter({ hasText: 'Replace the current project?' });
      await (await visible(dialog.getByRole('button', { name: 'Replace' }))).click();
      await visible(page.getByText(/^Opened "/));
      await visible(classCard(page, 'Photos').getByText(SAMPLES));
      await visible(classCard(page, 'Screens').getByText(SAMPLES));
    },
    TEST_MS,
  );

  it(
    'records a class from the camera by holding the button, predicts live, and ends the camera on leaving',
    async () => {
      const page = await e2e.newPage({ permissions: ['camera'] });
      await recordCameraStreams(page);
      await login(page, '/ailab/trainImage');
      await visible(page.getByRole('heading', { name: 'Image classifier', exact: true }), SLOW_MS);
      await rename(page, 'Class 1', 'Face');
      await rename(page, 'Class 2', 'Screens');

      // Recording opens once the camera is live and the backbone is loaded.
      const hold = classCard(page, 'Face').getByRole('button', { name: 'Hold to record' });
      await eventually(
        () => hold.isEnabled(),
        (enabled) => expect(enabled).toBe(true),
        SLOW_MS,
      );
      await hold.hover();
      await page.mouse.down();
      await visible(classCard(page, 'Face').getByRole('button', { name: 'Recording…' }));
      await eventually(
        () => sampleCount(page, 'Face'),
        (n) => expect(n).toBeGreaterThanOrEqual(8),
        SLOW_MS,
      );
      await page.mouse.up();
      await visible(classCard(page, 'Face').getByRole('button', { name: 'Hold to record' }));
      // Released: no more samples are taken.
      const recorded = await sampleCount(page, 'Face');
      await letTimePass(1500);
      expect(await sampleCount(page, 'Face')).toBe(recorded);

      const screens = await cropsOf(page, SCREENS);
      await page.getByTestId('class-upload-Screens').setInputFiles(asFiles('screen', screens));
      await visible(classCard(page, 'Screens').getByText(`${SCREENS.crops.length} samples`), SLOW_MS);

      await trainButton(page).click();
      await visible(page.getByTestId('train-done'), SLOW_MS);
      // The live bars follow the camera, which shows the face.
      const live = page.locator('figure.trainer-bars').filter({ hasText: 'Live from the camera' });
      await eventually(
        () => live.locator('.trainer-bar-best').getAttribute('aria-label'),
        (label) => expect(label).toMatch(/^Face: \d+%$/),
        SLOW_MS,
      );

      // Leaving the page ends every camera track it opened (the camera light goes off).
      const before = (await cameraTrackStates(page)).flat();
      expect(before).toContain('live');
      await page.getByRole('button', { name: 'back' }).click();
      await page.waitForURL(/\/ailab$/);
      await eventually(
        async () => (await cameraTrackStates(page)).flat(),
        (states) => expect(states.every((s) => s === 'ended')).toBe(true),
        SLOW_MS,
      );
    },
    TEST_MS,
  );
});
