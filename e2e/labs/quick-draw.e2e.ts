/**
 * The doodle game (issue 14): a round played for real — the test reads the named thing from the page and
 * draws, with the mouse, a held-out Quick, Draw! drawing of it (traced row by row) that the served network
 * recognises, computed here in Node exactly as the page will (same strokes → strokesToInput → the same model
 * files); the page guesses it before the 20 s are up. The other rounds are skipped and show in the summary as
 * not guessed, each drawing with its top 3. Then the school's set: a student of a school shares a drawing
 * under a new word, the school account sees it and clears the set after a confirm. The fence fails any
 * request off this machine (the network and its examples come from our origin).
 */
import * as tf from '@tensorflow/tfjs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest, type DoodleSet } from '@ai-edu/contract';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { doodleProbabilities } from '@ai-edu/ml/doodles/model.ts';
import { loadServedDoodleModel } from '@ai-edu/ml/doodles/model-files-node.ts';
import { topK } from '@ai-edu/ml/doodles/model.ts';
import { loadDoodleSplit, type DoodleSplit } from '@ai-edu/ml/doodles/quickdraw-node.ts';
import { strokesToInput, type DoodleStroke } from '@ai-edu/ml/doodles/raster.ts';
import { planGame, targetKey } from '../../apps/web/src/labs/quickDraw/game.ts';
import { createUser, type TestAccount } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { eventually, heading, visible, DEMO_LEARNER, passwordLogin } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();

/** Generous waits: the network loads on a machine shared with other work. */
const SLOW_MS = 60_000;
const TEST_MS = 150_000;
const TITLE = 'Doodle recognition';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A 28×28 bitmap as mouse strokes on the pad: one per run of ink in each row, at whole page pixels. Rows only
 * (not `inkStrokes`' four directions): about 55 strokes a drawing, quick enough for the 20-second round on a
 * busy machine.
 */
function traceOnPad(bitmap: Float32Array, box: Box, threshold = 0.3): DoodleStroke[] {
  const margin = 12;
  const scale = (Math.min(box.width, box.height) - 2 * margin) / 28;
  const at = (v: number, origin: number) => Math.round(origin + margin + v * scale);
  const strokes: DoodleStroke[] = [];
  for (let y = 0; y < 28; y++) {
    let start = -1;
    for (let x = 0; x <= 28; x++) {
      const ink = x < 28 && (bitmap[y * 28 + x] ?? 0) > threshold;
      if (ink && start < 0) start = x;
      if (!ink && start >= 0) {
        // From the run's left edge to its right edge, so a one-pixel run is still a line.
        strokes.push({ x: [at(start, box.x), at(x, box.x)], y: [at(y + 0.5, box.y), at(y + 0.5, box.y)] });
        start = -1;
      }
    }
  }
  return strokes;
}

/** The strokes as the pad keeps them: page pixels → the canvas's own 480 pixels per side. */
function asPadPixels(strokes: DoodleStroke[], box: Box, pixels = 480): DoodleStroke[] {
  return strokes.map((s) => ({
    x: s.x.map((v) => ((v - box.x) / box.width) * pixels),
    y: s.y.map((v) => ((v - box.y) / box.height) * pixels),
  }));
}

function bestCategory(model: tf.LayersModel, strokes: DoodleStroke[]): number {
  const input = strokesToInput(strokes);
  if (!input) return -1;
  const [probs] = doodleProbabilities(tf, model, [input]);
  return topK(probs!, 1)[0]?.index ?? -1;
}

/**
 * The first held-out drawing of `category` the network gets right when traced on this pad (both as the page
 * pixels the mouse goes to and as the pad's own pixels), or null when it gets none of them.
 */
function recognisedDrawing(
  model: tf.LayersModel,
  split: DoodleSplit,
  category: number,
  box: Box,
): DoodleStroke[] | null {
  for (let i = 0; i < split.heldOut.count; i++) {
    if (split.heldOut.labels[i] !== category) continue;
    const strokes = traceOnPad(split.heldOutBitmaps[i]!, box);
    if (strokes.length > 90) continue;
    if (
      bestCategory(model, strokes) === category &&
      bestCategory(model, asPadPixels(strokes, box)) === category
    ) {
      return strokes;
    }
  }
  return null;
}

async function drawWithMouse(page: Page, strokes: DoodleStroke[]): Promise<void> {
  for (const stroke of strokes) {
    await page.mouse.move(stroke.x[0]!, stroke.y[0]!);
    await page.mouse.down();
    for (let i = 1; i < stroke.x.length; i++) await page.mouse.move(stroke.x[i]!, stroke.y[i]!);
    await page.mouse.up();
  }
}

const pad = (page: Page) => page.getByRole('img', { name: /^Drawing area: draw / });
const says = (page: Page) => page.getByTestId('qd-says');

async function padBox(page: Page): Promise<Box> {
  await pad(page).scrollIntoViewIfNeeded();
  const box = await pad(page).boundingBox();
  if (!box) throw new Error('the drawing pad is not laid out');
  return box;
}

async function openGame(page: Page, seed: number): Promise<void> {
  await page.goto(`/ailab/quickDraw?seed=${seed}`);
  const title = page.getByRole('heading', { name: TITLE, level: 1 });
  await visible(title.or(heading(page, 'Log in')), SLOW_MS);
  if (!(await title.isVisible())) {
    // Twice in full CI runs (never alone, nor after a 45 s idle) the learner's session was gone by the time the
    // seed search ended and this address sent them to log in. Until the cause is found the game is still tested:
    // log in again and the app returns to this address; the log says it happened.
    console.warn('quick-draw e2e: the session was lost before the game opened; logging in again');
    await passwordLogin(page, DEMO_LEARNER.account, DEMO_LEARNER.password);
    await visible(title, SLOW_MS);
  }
  await visible(page.getByText('The 40 things it knows'), SLOW_MS);
  await page.getByRole('button', { name: "Let's draw!" }).click();
  await visible(pad(page));
}

/** Skips the round being drawn and goes on to the next (or to the summary after the last). */
async function skipRound(page: Page, last: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Skip' }).click();
  await visible(says(page).getByText('Skipped! On to the next one.'));
  await page.getByRole('button', { name: last ? 'See the results' : 'Next drawing' }).click();
}

describe('doodle game', () => {
  let model: tf.LayersModel;
  let split: DoodleSplit;
  let school: TestAccount;

  beforeAll(async () => {
    [model, split, school] = await Promise.all([
      tf.setBackend('cpu').then(async () => (await loadServedDoodleModel(tf)).model),
      Promise.resolve(loadDoodleSplit()),
      createUser(e2e.dataDir, {
        account: 'doodle.school@example.com',
        password: 'Doodle2pass',
        vip: 2,
        days: 90,
        company: 'Doodle School',
      }),
    ]);
  });

  it(
    'guesses a held-out drawing of the named thing drawn with the mouse before time is up; skipped rounds are not guessed',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, DEMO_LEARNER, { path: '/', timeout: SLOW_MS });
      // A game whose first thing has a held-out drawing the network recognises (the served model may be a
      // weak early one that knows only some things from their traced drawings).
      const box = await (async () => {
        await page.goto('/ailab/quickDraw');
        await visible(page.getByText('The 40 things it knows'), SLOW_MS);
        await page.getByRole('button', { name: "Let's draw!" }).click();
        return padBox(page);
      })();
      let seed = 1;
      let drawing: DoodleStroke[] | null = null;
      for (; seed < 500 && !drawing; seed++) {
        // The search is synchronous model work: let the browser connection's messages through between seeds.
        await new Promise((resolve) => setImmediate(resolve));
        const first = planGame(seed)[0]!;
        if (first.kind === 'category') drawing = recognisedDrawing(model, split, first.index, box);
      }
      seed -= 1;
      expect(drawing, 'a held-out drawing the served network recognises').not.toBeNull();

      await openGame(page, seed);
      // The page names the thing; the test draws a drawing of what it read.
      const named = ((await page.getByTestId('qd-target').textContent()) ?? '').trim();
      const category = DOODLE_CATEGORIES.findIndex((c) => c.en === named);
      expect(category, `"${named}" is one of the 40 things`).toBeGreaterThanOrEqual(0);
      expect(targetKey(planGame(seed)[0]!)).toBe(DOODLE_CATEGORIES[category]!.id);
      await visible(says(page).getByText('Start drawing! I am watching…'));
      expect(await padBox(page)).toEqual(box);

      await drawWithMouse(page, drawing!);
      await visible(says(page).getByText(new RegExp(`^Oh I know, it's (an? )?${named}!$`)), SLOW_MS);
      // It got there with time left on the clock.
      const clock = (await page.getByTestId('qd-clock').textContent()) ?? '';
      expect(Number(/(\d+)\s*s/.exec(clock)?.[1])).toBeGreaterThan(0);
      // How it works: the 28 × 28 picture, the top 5 and what it learnt the thing looks like.
      await visible(page.getByRole('img', { name: 'What the computer sees (28 × 28)' }));
      const bars = page
        .getByRole('list', { name: 'The top 5 guesses and their probabilities' })
        .getByRole('listitem');
      expect(await bars.count()).toBe(5);
      expect(await bars.first().getAttribute('aria-label')).toMatch(new RegExp(`^${named}: \\d+%$`));
      await visible(page.getByText(new RegExp(`^This is what it learnt (an? )?${named} looks like$`)));
      expect(await page.getByRole('img', { name: `A drawing of ${named}` }).count()).toBe(6);

      await page.getByRole('button', { name: 'Next drawing' }).click();
      for (let round = 2; round <= 6; round++) {
        await visible(page.getByText(`Drawing ${round} of 6`));
        await skipRound(page, round === 6);
      }

      const cards = page.getByTestId('qd-summary-card');
      await eventually(
        () => cards.count(),
        (n) => expect(n).toBe(6),
      );
      await visible(page.getByText('It guessed 1 of 6.'));
      await visible(cards.first().getByText('Guessed', { exact: true }));
      expect(await cards.first().getByRole('listitem').count()).toBe(3);
      expect(await cards.first().getByRole('listitem').first().textContent()).toMatch(
        new RegExp(`^${named} \\d+%$`),
      );
      for (let i = 1; i < 6; i++) {
        await visible(cards.nth(i).getByText('Not guessed'));
        await visible(cards.nth(i).getByText('Nothing drawn'));
      }
      // A learner in no school's class cannot share, and is told why.
      await visible(page.getByTestId('qd-share-no-school'));
      expect(await page.getByRole('checkbox', { name: /Let my class use my drawings/ }).isDisabled()).toBe(
        true,
      );
      await visible(page.getByText(/Quick, Draw! dataset by Google \(CC BY 4\.0\)/));
    },
    TEST_MS,
  );

  it(
    "a student shares a drawing under a new word; the school account sees it and clears the school's set",
    async () => {
      const page = await e2e.newPage();
      // The school makes a class and a student account (API calls as the school).
      const login = await page.request.post('/api/login_zm', {
        form: { account: school.account, password: passwordDigest(school.password), auth_type: 'email' },
      });
      const schoolUid = ((await login.json()) as { data: { uid: string } }).data.uid;
      const auth = { authorization: `Bearer ${schoolUid}`, 'accept-language': 'en' };
      const klass = (await (
        await page.request.post('/api/classes', {
          headers: auth,
          data: { name: 'Doodlers', schoolCode: 'doodle' },
        })
      ).json()) as { data: { id: string } };
      const [student] = (
        (await (
          await page.request.post(`/api/classes/${klass.data.id}/students`, {
            headers: auth,
            data: { names: ['Lin'] },
          })
        ).json()) as { data: { account: string; password: string }[] }
      ).data;

      // A game whose first thing is not what the network makes of one straight line: the line is missed.
      const line = (box: Box) => [
        {
          x: [Math.round(box.x + 60), Math.round(box.x + box.width - 60)],
          y: [Math.round(box.y + box.height / 2), Math.round(box.y + box.height / 2)],
        },
      ];
      await signIn(page, student!, { path: '/ailab/quickDraw' });
      await visible(page.getByText('The 40 things it knows'), SLOW_MS);
      await page.getByRole('button', { name: "Let's draw!" }).click();
      const box = await padBox(page);
      const lineGuess = bestCategory(model, line(box));
      let seed = 1;
      while (targetKey(planGame(seed)[0]!) === DOODLE_CATEGORIES[lineGuess]?.id) seed++;

      await openGame(page, seed);
      await drawWithMouse(page, line(await padBox(page)));
      await skipRound(page, false);
      for (let round = 2; round <= 6; round++) await skipRound(page, round === 6);

      const consent = page.getByRole('checkbox', { name: /Let my class use my drawings/ });
      expect(await consent.isChecked()).toBe(false);
      await consent.check();
      const item = page.getByTestId('qd-share-item');
      expect(await item.count()).toBe(1);
      const name = item.getByRole('combobox');
      await name.fill('Robot');
      await page.getByRole('button', { name: 'Share 1 drawing' }).click();
      await visible(
        page.getByTestId('qd-share-result').getByText("Thank you! Your school's set now has 1 drawing."),
      );

      // The school's set, as the school account reads it from the server.
      const set = (await (await page.request.get('/api/doodles', { headers: auth })).json()) as {
        data: DoodleSet;
      };
      expect(set.data.drawings.map((d) => [d.label, d.by])).toEqual([['robot', 'Lin']]);

      // The school account sees it on the lab page and clears the set after confirming.
      const teacher = await e2e.newPage();
      await signIn(teacher, school, { path: '/ailab/quickDraw' });
      await teacher.getByRole('tab', { name: "Our school's doodles" }).click({ timeout: SLOW_MS });
      await visible(teacher.getByTestId('qd-school-labels').getByText('robot · 1 (new word)'));
      await visible(teacher.getByTestId('qd-school-item').getByText('by Lin'));
      await teacher.getByRole('button', { name: 'Clear the set' }).click();
      const confirm = teacher.getByRole('dialog', { name: "Delete the school's one drawing?" });
      await visible(confirm);
      await confirm.getByRole('button', { name: 'Delete all' }).click();
      await visible(teacher.getByText('The school set is empty now.'));
      await visible(teacher.getByText('No drawings yet. Students can share theirs at the end of a game.'));
      const after = (await (await page.request.get('/api/doodles', { headers: auth })).json()) as {
        data: DoodleSet;
      };
      expect(after.data.total).toBe(0);
    },
    TEST_MS,
  );
});
