/**
 * Tiny poet, aiChat's offline mode (issue 28).
 *
 * In Node (TF.js CPU backend with the poet's kernels), the served model (apps/web/public/models/poet):
 * - held-out bits per character of the Tang and Song quatrains `npm run train:poet` kept out of training
 *   (the same seeded split), and of the English poet on the sonnets it never saw, beside blind guessing
 *   among its alphabet (log2 of its size);
 * - characters per second writing in Node, for comparison with the browser.
 *
 * In headless Chromium (the built app on a local server): characters per second as the page writes a poem
 * after "春风" (the page's own measure: the worker's time choosing them, its pace for watching left out),
 * median of a few poems,
 * against the target (≥ 30 a second). Skipped (with a note) without a build or Chromium.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { poetCorpus } from '../../../packages/ml/src/poet/corpus-node.ts';
import { installPoetKernels } from '../../../packages/ml/src/poet/fast-kernels.ts';
import { PoetRuntime } from '../../../packages/ml/src/poet/runtime.ts';
import { sonnetCorpus } from '../../../packages/ml/src/poet/sonnets-node.ts';
import { DEFAULT_DIALS, writeAfter } from '../../../packages/ml/src/poet/writing.ts';
import { seededRandom } from '../../../packages/ml/src/random.ts';
import { withSignedInPage } from '../browser-login.ts';
import { browserFiguresOr, type Figure } from '../lab-figure.ts';

export const name = 'tiny poet (aiChat offline)';

const TARGET_CHARS_PER_SECOND = 30;
const POEMS_WRITTEN = 5;
const MODELS = fileURLToPath(new URL('../../../apps/web/public/models/', import.meta.url));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function servedPoet(folder: string): Promise<PoetRuntime> {
  const dir = path.join(MODELS, folder);
  const [manifest, weights] = await Promise.all([
    readFile(path.join(dir, 'model.json'), 'utf8').then((text) => JSON.parse(text) as unknown),
    readFile(path.join(dir, 'weights.bin')),
  ]);
  return PoetRuntime.fromFiles(
    tf,
    manifest,
    weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  );
}

/** Bits per character on lines the poet never saw, beside blind guessing among its alphabet. */
function heldOutFigure(poet: PoetRuntime, label: string, lines: string[], what: string): Figure {
  const bits = poet.bitsOn(lines);
  const blind = Math.log2(poet.vocab.size - 3);
  return {
    label: `held-out bits per character (${label})`,
    value: Math.round(bits * 100) / 100,
    unit: 'bits',
    note: `${lines.length} ${what} never trained on; blind guessing ${blind.toFixed(2)} (ratio ${(bits / blind).toFixed(2)}); perplexity ${Math.round(2 ** bits)}`,
  };
}

async function nodeFigures(): Promise<Figure[]> {
  await tf.setBackend('cpu');
  installPoetKernels(tf);
  const poet = await servedPoet('poet');
  const { split } = poetCorpus();
  const figures: Figure[] = [
    heldOutFigure(poet, 'Tang', split.tang.heldOut, 'quatrains'),
    heldOutFigure(poet, 'Song', split.song.heldOut, 'quatrains'),
  ];
  const english = await servedPoet('poet-en');
  figures.push(heldOutFigure(english, 'English sonnets', sonnetCorpus().heldOut, 'lines of 10 sonnets'));
  english.dispose();
  const rates: number[] = [];
  for (let i = 0; i < POEMS_WRITTEN; i++) {
    const began = performance.now();
    const steps = [
      ...writeAfter(poet.writer(), poet.vocab.encode('春风'), {
        ...DEFAULT_DIALS,
        context: poet.config.context,
        maxChars: poet.config.context - 1,
        random: seededRandom(i + 1),
      }),
    ];
    rates.push(steps.length / ((performance.now() - began) / 1000));
  }
  figures.push({
    label: 'Node: characters written per second',
    value: Math.round(median(rates)),
    unit: 'chars/s',
    note: `median of ${POEMS_WRITTEN} poems after 春风, one core`,
  });
  poet.dispose();
  return figures;
}

async function browserFigures(): Promise<Figure[] | { skipped: string }> {
  return withSignedInPage(async (page) => {
    await page.goto('/ailab/aiChat?mode=tiny');
    const start = page.getByRole('textbox', { name: 'The start of your poem' });
    await start.waitFor({ timeout: 300_000 });
    // The page's own measure leaves its pace out; at full speed the bench is over sooner.
    await page.getByRole('radiogroup', { name: 'Pace' }).getByText('As fast as it can').click();
    const rates: number[] = [];
    for (let i = 0; i < POEMS_WRITTEN; i++) {
      await start.fill('春风');
      await page.getByRole('button', { name: /^(Write|Write again)$/ }).click();
      // The last poem's line goes as the new one starts; the new one comes when it is written.
      const ended = page.getByTestId('poet-ended');
      await ended.waitFor({ state: 'hidden', timeout: 60_000 });
      await ended.locator('.poet-speed').waitFor({ timeout: 60_000 });
      rates.push(Number(await ended.locator('.poet-speed').getAttribute('data-chars-per-second')));
    }
    const value = median(rates);
    return [
      {
        label: 'Chromium: characters written per second',
        value: Math.round(value),
        unit: 'chars/s',
        note: `target ≥ ${TARGET_CHARS_PER_SECOND}: ratio ${(value / TARGET_CHARS_PER_SECOND).toFixed(2)}; median of ${POEMS_WRITTEN} poems after 春风 (worker, TF.js CPU backend with the poet's kernels)`,
      },
    ];
  });
}

export async function run(): Promise<Figure[]> {
  const figures = await nodeFigures();
  figures.push(...browserFiguresOr('Chromium: characters written per second', await browserFigures()));
  return figures;
}
