/**
 * Stick-figure prediction (writingPredict) in the browser with the served doodle model: a stroke drawn with
 * the mouse gets five live guesses; a real held-out Quick, Draw! drawing, redrawn line by line with the mouse,
 * is guessed as its category; undo, clear and the eraser; a new label taught from three stick figures is
 * the guess for a fourth; the labels survive a reload, are exported and imported again (a bad file changes
 * nothing). The fence fails any request off this machine.
 *
 * Which held-out drawing is drawn is decided in Node by the page's own computation (the same strokes, the same
 * preprocessing, the same model files): the first one the model gets right with a clear margin. The test
 * then holds with any reasonably trained model, whichever drawings it happens to miss.
 */
import { readFile } from 'node:fs/promises';
import * as tf from '@tensorflow/tfjs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { topK } from '@ai-edu/ml/doodles/model.ts';
import { loadServedDoodleModel } from '@ai-edu/ml/doodles/model-files-node.ts';
import { loadDoodleSplit, type DoodleSplit } from '@ai-edu/ml/doodles/quickdraw-node.ts';
import { DOODLE_SIZE, strokesToInput, type DoodleStroke } from '@ai-edu/ml/doodles/raster.ts';
import { inkStrokes, stickFigure } from '@ai-edu/ml/doodles/trace.ts';
import { setupE2E } from '../support/harness.ts';
import { DEMO_LEARNER, eventually, settle, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();

/** Generous waits: the model loads on a machine that may be busy. */
const SLOW_MS = 60_000;
const TEST_MS = 300_000;
/** The pad's own pixels per side (`PAD_PIXELS` of doodle-pad.tsx). */
const PAD_PIXELS = 480;

interface Point {
  x: number;
  y: number;
}
/** A pen stroke as the mouse draws it: press at the first point, move through the others, release. */
type MouseStroke = Point[];

const asMouseStrokes = (strokes: DoodleStroke[]): MouseStroke[] =>
  strokes.map((s) => s.x.map((x, i) => ({ x, y: s.y[i]! })));

const FIGURES = [
  { arms: -8, legs: 0, head: 10, dx: 0 },
  { arms: 8, legs: 4, head: 9, dx: 3 },
  { arms: 0, legs: -4, head: 11, dx: -2 },
  { arms: 4, legs: 2, head: 10, dx: 1 },
].map((shape) => asMouseStrokes(stickFigure(shape)));

const pad = (page: Page) => page.getByRole('img', { name: 'Drawing area: draw a simple sketch' });
const answer = (page: Page) => page.locator('output.wp-answer');
const guessItems = (page: Page) => page.getByRole('list', { name: 'Top 5 guesses' }).getByRole('listitem');
const emptyText = (page: Page) => page.getByText('Draw something to see what the AI thinks it is.');
const labelsList = (page: Page) => page.getByRole('list', { name: 'Your labels' });

async function openLab(page: Page): Promise<void> {
  await page.goto('/ailab/writingPredict');
  await visible(page.getByRole('heading', { name: 'Stick-figure prediction', level: 1 }), SLOW_MS);
  // The model is in once the guesses card invites a drawing.
  await visible(emptyText(page), SLOW_MS);
}

/** The pad's box on screen (scrolled into view first: clicks elsewhere may have scrolled the page). */
async function padBox(page: Page) {
  await pad(page).scrollIntoViewIfNeeded();
  await settle(page);
  const box = await pad(page).boundingBox();
  if (!box) throw new Error('drawing pad not laid out');
  return box;
}

/**
 * Where each point lands: whole screen pixels (so the page reads the same numbers whether it rounds them or
 * not) and the pad pixels the page will compute from them.
 */
function placeStrokes(
  box: { x: number; y: number; width: number; height: number },
  strokes: MouseStroke[],
  toBox: (p: Point) => Point,
) {
  const screen = strokes.map((stroke) =>
    stroke.map((p) => {
      const q = toBox(p);
      return { x: Math.round(box.x + q.x * box.width), y: Math.round(box.y + q.y * box.height) };
    }),
  );
  const padStrokes: DoodleStroke[] = screen.map((stroke) => ({
    x: stroke.map((p) => ((p.x - box.x) / box.width) * PAD_PIXELS),
    y: stroke.map((p) => ((p.y - box.y) / box.height) * PAD_PIXELS),
  }));
  return { screen, padStrokes };
}

/** 28×28 bitmap pixels across most of the pad. */
const fromBitmap = (p: Point) => ({
  x: 0.05 + (p.x / DOODLE_SIZE) * 0.9,
  y: 0.05 + (p.y / DOODLE_SIZE) * 0.9,
});
/** Units of 0–100 across most of the pad. */
const fromUnits = (p: Point) => ({ x: 0.1 + (p.x / 100) * 0.8, y: 0.05 + (p.y / 100) * 0.9 });

async function drawStrokes(page: Page, screen: Point[][], steps = 1): Promise<void> {
  for (const stroke of screen) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    await page.mouse.move(first.x, first.y);
    await page.mouse.down();
    for (const p of rest) await page.mouse.move(p.x, p.y, { steps });
    await page.mouse.up();
  }
}

async function drawFigure(page: Page, figure: MouseStroke[]): Promise<void> {
  const { screen } = placeStrokes(await padBox(page), figure, fromUnits);
  await drawStrokes(page, screen, 3);
}

async function guessLabels(page: Page): Promise<string[]> {
  await settle(page);
  return guessItems(page).evaluateAll((items) => items.map((li) => li.getAttribute('aria-label') ?? ''));
}

const clearPad = (page: Page) => page.getByRole('button', { name: /Clear$/ }).click();

describe('stick-figure prediction lab', () => {
  let split: DoodleSplit;
  let model: tf.LayersModel;

  beforeAll(async () => {
    split = loadDoodleSplit();
    await tf.setBackend('cpu');
    model = (await loadServedDoodleModel(tf)).model;
  });

  /** The served model's probabilities for strokes in pad pixels, as the page computes them. */
  const probabilities = (strokes: DoodleStroke[]): Float32Array | null => {
    const input = strokesToInput(strokes);
    if (!input) return null;
    return tf.tidy(
      () =>
        (
          model.predict(tf.tensor4d(input, [1, DOODLE_SIZE, DOODLE_SIZE, 1])) as tf.Tensor
        ).dataSync() as Float32Array,
    );
  };

  it(
    'guesses live while drawing; a held-out drawing redrawn with the mouse is guessed as its category',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, DEMO_LEARNER, { path: '/', timeout: SLOW_MS });
      await openLab(page);
      await visible(page.getByText(/Quick, Draw! dataset by Google, licensed CC BY 4.0/));

      // One stroke is enough for five guesses with their shares.
      const box = await padBox(page);
      const line = placeStrokes(
        box,
        [
          [
            { x: 20, y: 50 },
            { x: 80, y: 50 },
          ],
        ],
        fromUnits,
      );
      await drawStrokes(page, line.screen, 5);
      await eventually(
        () => guessLabels(page),
        (labels) => {
          expect(labels).toHaveLength(5);
          for (const label of labels) expect(label).toMatch(/^.+: (\d+%|<1%)$/);
        },
        SLOW_MS,
      );
      await clearPad(page);
      await visible(emptyText(page));

      // The first held-out drawing the served model gets right, clearly, as the mouse will draw it.
      const here = await padBox(page);
      const chosen = (() => {
        for (let i = 0; i < split.heldOut.count; i++) {
          const placed = placeStrokes(here, asMouseStrokes(inkStrokes(split.heldOutBitmaps[i]!)), fromBitmap);
          const probs = probabilities(placed.padStrokes);
          if (!probs) continue;
          const [best, second] = topK(probs, 2);
          if (!best || !second || best.index !== split.heldOut.labels[i]) continue;
          if (best.probability - second.probability > 0.2) return { ...placed, category: best.index };
        }
        throw new Error('the served model gets no held-out drawing clearly right');
      })();
      const name = DOODLE_CATEGORIES[chosen.category]!.en;
      await drawStrokes(page, chosen.screen);
      await eventually(
        () => answer(page).textContent(),
        (text) => expect(text).toBe(name),
        SLOW_MS,
      );
      const labels = await guessLabels(page);
      expect(labels[0]).toMatch(new RegExp(`^${name}: \\d+%$`));
      // Its training drawings of that category, to compare with.
      await visible(page.getByText(`Drawings it learned “${name}” from`));
      expect(await page.getByRole('img', { name: `A training drawing of ${name}` }).count()).toBeGreaterThan(
        0,
      );
    },
    TEST_MS,
  );

  it(
    'undoes the last stroke, clears, and erases the lines the eraser touches',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, DEMO_LEARNER, { path: '/', timeout: SLOW_MS });
      await openLab(page);
      const undo = page.getByRole('button', { name: /Undo$/ });
      // Lines drawn in many small moves, as a hand draws them (the eraser touches the points drawn).
      const box = await padBox(page);
      const two = placeStrokes(
        box,
        [
          [
            { x: 20, y: 30 },
            { x: 80, y: 30 },
          ],
          [
            { x: 50, y: 10 },
            { x: 50, y: 90 },
          ],
        ],
        fromUnits,
      );
      await drawStrokes(page, two.screen, 30);
      await visible(answer(page));
      await undo.click();
      // One line left: still a guess.
      await visible(answer(page));
      await undo.click();
      await visible(emptyText(page));
      expect(await undo.isEnabled()).toBe(false);

      await drawStrokes(page, two.screen, 30);
      await visible(answer(page));
      await clearPad(page);
      await visible(emptyText(page));

      // The eraser: a drag across both lines removes them; the pen then draws again.
      await drawStrokes(page, two.screen, 30);
      await visible(answer(page));
      await page.getByText('Eraser', { exact: true }).click();
      const across = placeStrokes(
        await padBox(page),
        [
          [
            { x: 35, y: 45 },
            { x: 65, y: 15 },
          ],
        ],
        fromUnits,
      );
      await drawStrokes(page, across.screen, 20);
      await visible(emptyText(page));
      await page.getByText('Pen', { exact: true }).click();
      await drawStrokes(page, two.screen, 30);
      await visible(answer(page));
    },
    TEST_MS,
  );

  it(
    'learns a new label from three stick figures and guesses it for a fourth; keeps, exports and imports it',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, DEMO_LEARNER, { path: '/', timeout: SLOW_MS });
      await openLab(page);
      const teach = page.getByTestId('wp-teach');
      const add = teach.getByRole('button', { name: 'Add this drawing as an example' });

      // Nothing drawn: nothing to add.
      await teach.getByRole('textbox', { name: 'New label' }).fill('robot');
      await add.click();
      await visible(teach.getByText('Draw an example first, then add it.'));

      const needs = ['needs 2 more examples', 'needs 1 more example', 'is ready'];
      for (const [i, figure] of FIGURES.slice(0, 3).entries()) {
        await drawFigure(page, figure);
        await visible(answer(page), SLOW_MS);
        await add.click();
        await visible(teach.getByText(new RegExp(`“robot” ${needs[i]}`)));
        // The pad is cleared for the next example.
        await visible(emptyText(page));
      }
      const robotEntry = labelsList(page).getByTestId('wp-label').filter({ hasText: 'robot' });
      await visible(robotEntry.getByText('3 examples'));
      expect(await robotEntry.getByRole('img', { name: /^Example \d of robot$/ }).count()).toBe(3);

      // A fourth stick figure, never added: the taught label is the guess.
      await drawFigure(page, FIGURES[3]!);
      await eventually(
        () => answer(page).textContent(),
        (text) => expect(text).toBe('robot'),
        SLOW_MS,
      );
      expect((await guessLabels(page))[0]).toMatch(/^robot: \d+%$/);
      await visible(page.locator('.wp-guess[data-kind="taught"]').getByText('taught by you'));

      // Kept in this browser for this account.
      await page.reload();
      await visible(emptyText(page), SLOW_MS);
      await visible(robotEntry.getByText('3 examples'));

      // Exported as a file…
      const downloading = page.waitForEvent('download');
      await teach.getByRole('button', { name: 'Export labels' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('taught-labels.json');
      const saved = await download.path();
      const file = JSON.parse(await readFile(saved, 'utf8')) as {
        format: string;
        labels: { name: string; examples: string[] }[];
      };
      expect(file.format).toBe('ai-edu/writing-predict-labels');
      expect(file.labels.map((l) => [l.name, l.examples.length])).toEqual([['robot', 3]]);

      // …deleted…
      await robotEntry.getByRole('button', { name: 'Delete robot' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await visible(teach.getByText('No labels yet: the ones you teach appear here.'));
      await drawFigure(page, FIGURES[3]!);
      await eventually(
        () => answer(page).textContent(),
        (text) => expect(text).not.toBe('robot'),
        SLOW_MS,
      );

      // …a bad file changes nothing…
      const input = teach.locator('input[type=file]');
      await input.setInputFiles({
        name: 'notes.json',
        mimeType: 'application/json',
        buffer: Buffer.from('my notes'),
      });
      await visible(teach.getByText('“notes.json” could not be imported. Your labels were not changed.'));
      await visible(teach.getByText('The file is not readable JSON.'));
      const damaged = structuredClone(file);
      damaged.labels[0]!.examples[0] = 'AAAA';
      await input.setInputFiles({
        name: 'damaged.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(damaged)),
      });
      await visible(teach.getByText(/This is not a labels file from this lab, or part of it is damaged/));
      await visible(teach.getByText('No labels yet: the ones you teach appear here.'));

      // …and the exported file brings the label back: the same drawing is the robot again.
      await input.setInputFiles(saved);
      await visible(teach.getByText('Imported 1 label.'));
      await visible(robotEntry.getByText('3 examples'));
      await eventually(
        () => answer(page).textContent(),
        (text) => expect(text).toBe('robot'),
        SLOW_MS,
      );
    },
    TEST_MS,
  );
});
