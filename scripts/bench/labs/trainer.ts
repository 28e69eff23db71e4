/**
 * Teachable-Machine-style trainers (issue 6B).
 *
 * In Node (TF.js CPU backend): the trainer core's time for 3 classes × 30 samples with the default
 * settings (50 epochs, hidden layer of 64, 20 % held out), for image embeddings (480 numbers), pose
 * keypoints (51) and hand landmarks (63); samples are noisy clusters, like embeddings of three scenes.
 *
 * In headless Chromium (the built app on a local server, its own backend choice: WASM without a GPU): the
 * image trainer page itself — ms per uploaded image until it is a sample (decode, CenterNet/MobileNet-v3
 * embedding, thumbnail) and the time to train on 3 classes × 30 crops of three pictures shipped in
 * @vladmandic/human's package. Skipped (with a note) when apps/web/dist or Chromium is missing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../../e2e/support/server.ts';
import { gaussian, seededRandom } from '../../../packages/ml/src/random.ts';
import {
  DEFAULT_TRAIN_SETTINGS,
  l2Normalize,
  trainClassifier,
  type LabelledFeatures,
} from '../../../packages/ml/src/trainer/index.ts';
import { withSignedInPage } from '../browser-login.ts';
import { browserFiguresOr, type Figure } from '../lab-figure.ts';

export const name = 'trainers (image, pose, hand)';

function clusters(classes: number, perClass: number, dims: number, seed: number): LabelledFeatures[] {
  const rng = seededRandom(seed);
  const centres = Array.from({ length: classes }, () => Array.from({ length: dims }, () => gaussian(rng)));
  return centres.flatMap((centre, label) =>
    Array.from({ length: perClass }, () => ({
      features: l2Normalize(centre.map((c) => c + 0.7 * gaussian(rng))),
      label,
    })),
  );
}

async function nodeFigures(): Promise<Figure[]> {
  await tf.setBackend('cpu');
  const figures: Figure[] = [];
  for (const [what, dims] of [
    ['image embeddings', 480],
    ['pose keypoints', 51],
    ['hand landmarks', 63],
  ] as const) {
    const samples = clusters(3, 30, dims, 7);
    const start = performance.now();
    const result = await trainClassifier(tf, samples, 3, DEFAULT_TRAIN_SETTINGS);
    const ms = performance.now() - start;
    figures.push({
      label: `Node CPU: train head, 3 × 30 ${what} (${dims})`,
      value: Math.round(ms),
      unit: 'ms',
      note: `${DEFAULT_TRAIN_SETTINGS.epochs} epochs, held-out accuracy ${Math.round(result.evaluation.accuracy * 100)}%`,
    });
    result.model.dispose();
  }
  return figures;
}

const SOURCES = [
  { file: 'node_modules/@vladmandic/human/assets/samples.jpg', mime: 'image/jpeg' },
  { file: 'node_modules/@vladmandic/human/assets/screenshot-typedoc.png', mime: 'image/png' },
  { file: 'node_modules/@vladmandic/human/assets/screenshot-vrm.jpg', mime: 'image/jpeg' },
];

/** 30 square crops of a picture (a 6 × 5 grid of overlapping squares), as PNG buffers. */
async function crops(page: Page, file: string, mime: string): Promise<Buffer[]> {
  const data = (await readFile(path.join(repoRoot, file))).toString('base64');
  // Runs in the page (a string: this script is typed without the DOM library).
  const pngs = await page.evaluate<string[]>(`(async () => {
    const image = new Image();
    image.src = 'data:${mime};base64,${data}';
    await image.decode();
    const side = Math.min(image.naturalWidth, image.naturalHeight) / 2;
    const out = [];
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 6; col++) {
        const canvas = document.createElement('canvas');
        canvas.width = 224;
        canvas.height = 224;
        const x = ((image.naturalWidth - side) * col) / 5;
        const y = ((image.naturalHeight - side) * row) / 4;
        canvas.getContext('2d').drawImage(image, x, y, side, side, 0, 0, 224, 224);
        out.push(canvas.toDataURL('image/png').split(',')[1]);
      }
    }
    return out;
  })()`);
  return pngs.map((b64) => Buffer.from(b64, 'base64'));
}

async function waitForText(page: Page, pattern: RegExp, timeout = 180_000): Promise<void> {
  await page.getByText(pattern).first().waitFor({ state: 'visible', timeout });
}

async function browserFigures(): Promise<Figure[]> {
  const figures = await withSignedInPage(async (page): Promise<Figure[]> => {
    await page.goto('/ailab/trainImage');
    const upload = (cls: string) =>
      page.getByRole('region', { name: cls, exact: true }).getByRole('button', { name: 'Upload images' });
    // Uploads open once the backbone is loaded.
    const deadline = Date.now() + 180_000;
    while (!(await upload('Class 1').isEnabled())) {
      if (Date.now() > deadline) throw new Error('the image trainer did not load');
      await page.waitForTimeout(500);
    }
    await page.getByRole('button', { name: 'Add a class' }).click();

    let uploadMs = 0;
    let images = 0;
    for (const [i, source] of SOURCES.entries()) {
      const cls = `Class ${i + 1}`;
      const buffers = await crops(page, source.file, source.mime);
      const start = performance.now();
      await page
        .getByTestId(`class-upload-${cls}`)
        .setInputFiles(buffers.map((buffer, k) => ({ name: `${k}.png`, mimeType: 'image/png', buffer })));
      await page
        .getByRole('region', { name: cls, exact: true })
        .getByText(`${buffers.length} samples`)
        .waitFor({ timeout: 300_000 });
      uploadMs += performance.now() - start;
      images += buffers.length;
    }
    const trainStart = performance.now();
    await page.getByRole('button', { name: 'Train model' }).click();
    await waitForText(page, /^Trained: /);
    const trainMs = performance.now() - trainStart;
    const done = (await page.getByTestId('train-done').textContent()) ?? '';
    return [
      {
        label: 'Chromium: image → sample (decode, embed 224², thumbnail)',
        value: Math.round(uploadMs / images),
        unit: 'ms/image',
        note: `${images} uploads; WASM backend when there is no GPU`,
      },
      {
        label: 'Chromium: train head, 3 × 30 image samples',
        value: Math.round(trainMs),
        unit: 'ms',
        note: done.replace(/^Trained: /, ''),
      },
    ];
  });
  return browserFiguresOr('Chromium: image trainer', figures);
}

export async function run(_settings: { durationSec: number }): Promise<Figure[]> {
  return [...(await nodeFigures()), ...(await browserFigures())];
}
