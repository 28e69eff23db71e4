/**
 * Homework checking lab (issue 12): share of sum lines judged correctly (a right answer marked right, a
 * wrong one wrong; an unreadable line counts as misjudged), 20 % of the answers wrong, all kinds of sums
 * (+ - × ÷, decimals, brackets, remainders):
 * - handwritten: 100 exercises (10 pages) composed from held-out MNIST digits and generated operators, read
 *   in Node by the committed symbol network with the lab's own segmentation and marking code;
 * - printed: 100 exercises (10 pages) drawn in headless Chromium and read by the lab page with the shared OCR
 *   engine (skipped, with a note, without apps/web/dist or Chromium).
 */
import * as tf from '@tensorflow/tfjs';
import type { Page } from 'playwright-core';
import { installFastCpuKernels } from '../../../packages/ml/src/digits/fast-cpu-kernels.ts';
import { loadDigitSplit } from '../../../packages/ml/src/digits/mnist-node.ts';
import { judgedCorrectly } from '../../../packages/ml/src/math/check.ts';
import { SAMPLE_SHEETS, worksheet, type Exercise } from '../../../packages/ml/src/math/exercises.ts';
import { composeSheet, digitPicker, inkToRgba } from '../../../packages/ml/src/math/handwritten-sheet.ts';
import { markLine } from '../../../packages/ml/src/math/mark.ts';
import { loadMathModel } from '../../../packages/ml/src/math/model-files-node.ts';
import { readHandwrittenPage } from '../../../packages/ml/src/math/read-handwriting.ts';
import { seededRandom } from '../../../packages/ml/src/random.ts';
import { withSignedInPage } from '../browser-login.ts';

export const name = 'homework checking';

const PAGES = 10;
/** Seeds apart from the lab's samples (2026, 12) and the unit test (77). */
const HANDWRITTEN_SEED = 5000;
const PRINTED_SEED = 6000;

type Figure = { label: string; value: number; unit: string; note?: string };

const pageOf = (seed: number): Exercise[] =>
  worksheet(seededRandom(seed), SAMPLE_SHEETS.lines, SAMPLE_SHEETS.wrong, SAMPLE_SHEETS.options);

export async function handwritten(): Promise<Figure> {
  await tf.setBackend('cpu');
  installFastCpuKernels(tf);
  const { model } = await loadMathModel(tf);
  const heldOut = loadDigitSplit().heldOut;
  let judged = 0;
  let total = 0;
  let lineCountOff = 0;
  const started = performance.now();
  for (let p = 0; p < PAGES; p++) {
    const rng = seededRandom(HANDWRITTEN_SEED + p);
    const exercises = worksheet(rng, SAMPLE_SHEETS.lines, SAMPLE_SHEETS.wrong, SAMPLE_SHEETS.options);
    const sheet = composeSheet(
      exercises.map((e) => e.text),
      rng,
      digitPicker(heldOut, rng),
    );
    const lines = await readHandwrittenPage(tf, model, inkToRgba(sheet.ink, 2));
    if (lines.length !== exercises.length) lineCountOff++;
    judged += judgedCorrectly(
      exercises,
      lines.map((l) => markLine(l.text)),
    );
    total += exercises.length;
  }
  const ms = (performance.now() - started) / PAGES;
  return {
    label: `handwritten lines judged correctly (${total} exercises)`,
    value: (judged / total) * 100,
    unit: '%',
    note: `${judged}/${total}; ${lineCountOff} page(s) with a wrong line count; ${Math.round(ms)} ms per page in Node (CPU)`,
  };
}

/** Draws a printed page in the browser (as the lab's sample does) and returns it as PNG bytes. */
async function printedPng(page: Page, lines: string[]): Promise<Buffer> {
  // Runs in the page (this file has no DOM types): the same drawing as the lab's printed sample.
  const draw = `((texts) => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 60 + texts.length * 72;
    const c = canvas.getContext('2d');
    c.fillStyle = '#fdfcf8';
    c.fillRect(0, 0, canvas.width, canvas.height);
    c.fillStyle = '#1d1d1f';
    c.font = '40px sans-serif';
    c.textBaseline = 'middle';
    texts.forEach((text, i) => c.fillText(text, 60, 60 + i * 72));
    return canvas.toDataURL('image/png');
  })(${JSON.stringify(lines)})`;
  const url = await page.evaluate<string>(draw);
  return Buffer.from(url.split(',')[1] ?? '', 'base64');
}

export async function printed(): Promise<Figure> {
  const skip = (note: string): Figure => ({
    label: 'printed lines judged correctly',
    value: 0,
    unit: '-',
    note: `skipped: ${note}`,
  });
  const result = await withSignedInPage(async (page) => {
    await page.goto('/ailab/photoAndMath');
    const summary = page.getByTestId('math-summary');
    let judged = 0;
    let total = 0;
    const started = performance.now();
    for (let p = 0; p < PAGES; p++) {
      const exercises = pageOf(PRINTED_SEED + p);
      const png = await printedPng(
        page,
        exercises.map((e) => e.text),
      );
      await page
        .getByTestId('image-upload-input')
        .setInputFiles({ name: 'sums.png', mimeType: 'image/png', buffer: png });
      await summary.waitFor({ state: 'detached', timeout: 60_000 });
      await summary.waitFor({ state: 'visible', timeout: 300_000 });
      const marks = await page
        .getByTestId('math-line')
        .evaluateAll((rows: unknown[]) =>
          rows.map(
            (r) => (r as { getAttribute: (n: string) => string | null }).getAttribute('data-status') ?? '',
          ),
        );
      judged += exercises.filter((e, i) => marks[i] === (e.right ? 'right' : 'wrong')).length;
      total += exercises.length;
    }
    const seconds = (performance.now() - started) / 1000 / PAGES;
    return {
      label: `printed lines judged correctly (${total} exercises)`,
      value: (judged / total) * 100,
      unit: '%',
      note: `${judged}/${total}; shared OCR engine in Chromium; ${seconds.toFixed(1)} s per page (first includes the model load)`,
    };
  });
  return 'skipped' in result ? skip(result.skipped) : result;
}

export async function run(): Promise<Figure[]> {
  return [await handwritten(), await printed()];
}
