/**
 * The text-classifier lab (issue 5): build classes from example sentences, train in the browser, classify a
 * new sentence with per-class confidences and the n-grams that decided; save the project to a file and open it
 * again; a bad file is refused with a clear error and changes nothing. The page must fit a 1280×720 projector
 * and a 390 px phone without sideways scrolling (screenshots go to .test-results/e2e for review).
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupE2E } from '../support/harness.ts';
import { repoRoot } from '../support/server.ts';
import {
  button,
  dialog,
  eventually,
  expectLoggedInAs,
  gone,
  openLoginModal,
  passwordLogin,
  settle,
  visible,
} from '../support/ui.ts';

const e2e = setupE2E();
const LEARNER = { account: 'learner@example.com', password: 'Learner123' };
const TRAINING_MS = 30_000;
/** Each journey logs in and trains at least once; on a busy shared machine that takes longer than the default. */
const JOURNEY_MS = 120_000;
/** Screenshots for a person to look at (the harness keeps its failure screenshots there too). */
const SHOTS = path.join(repoRoot, '.test-results', 'e2e');

beforeAll(() => mkdir(SHOTS, { recursive: true }));

/** Logs in (in English) and opens the lab, in `lang`. */
async function openLab(page: Page, lang: 'en' | 'zh-CN' = 'en'): Promise<void> {
  await page.goto('/');
  await openLoginModal(page);
  await passwordLogin(page, LEARNER.account, LEARNER.password);
  await gone(dialog(page));
  await expectLoggedInAs(page, LEARNER.account);
  if (lang !== 'en') await page.evaluate((value) => window.localStorage.setItem('lang', value), lang);
  await page.goto('/ailab/trainText');
  await visible(page.locator('.tt-layout'));
}

const classNames = (page: Page) => page.getByRole('textbox', { name: /^(Class name|类别名称)$/ });
const classCards = (page: Page) => page.getByTestId('tt-class');
const sentenceBox = (page: Page) => page.getByRole('textbox', { name: 'Sentence to classify' });
const prediction = (page: Page) => page.getByTestId('tt-prediction');

async function namesOfClasses(page: Page): Promise<string[]> {
  await settle(page);
  return classNames(page).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
}

async function exampleCounts(page: Page): Promise<number[]> {
  await settle(page);
  return classCards(page).evaluateAll((cards) =>
    cards.map((c) => c.querySelectorAll('.tt-examples li').length),
  );
}

async function addExamples(page: Page, className: string, sentences: string[]): Promise<void> {
  const field = page.getByRole('textbox', { name: `${className}: Add an example sentence` });
  for (const sentence of sentences) {
    await field.fill(sentence);
    await field.press('Enter');
  }
}

/** Trains and waits for the held-out check (or its "add more examples" note) to appear. */
async function train(page: Page): Promise<void> {
  await page.locator('.tt-train-button').click();
  await visible(page.locator('.tt-evaluation:not(.tt-evaluation-running)'), TRAINING_MS);
}

/**
 * Taps by real touch events (Chromium's touch emulation turns a tap into the same pointer, touch and click
 * events a phone sends), so the lab is known to work with fingers, not only with a mouse.
 */
async function touchscreen(page: Page): Promise<(target: Locator) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  return async (target) => {
    await target.first().scrollIntoViewIfNeeded();
    const box = await (await visible(target)).first().boundingBox();
    if (!box) throw new Error(`nothing to tap: ${target.toString()}`);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await settle(page);
  };
}

async function classify(page: Page, sentence: string): Promise<string> {
  await sentenceBox(page).fill(sentence);
  await visible(prediction(page));
  await settle(page);
  return (await prediction(page).textContent()) ?? '';
}

describe('text classifier lab', () => {
  it(
    'trains on classes the learner makes and explains a prediction',
    async () => {
      const page = await e2e.newPage();
      await openLab(page);
      expect(await namesOfClasses(page)).toEqual(['Class 1', 'Class 2']);
      await page.screenshot({ path: path.join(SHOTS, 'train-text-empty.png') });
      await visible(page.getByText('Class "Class 1" has no examples yet.'));

      await classNames(page).nth(0).fill('Weather');
      await classNames(page).nth(0).press('Enter');
      await classNames(page).nth(1).fill('Sports');
      await classNames(page).nth(1).press('Enter');
      expect(await namesOfClasses(page)).toEqual(['Weather', 'Sports']);

      await addExamples(page, 'Weather', [
        '今天下大雨，记得带伞',
        '明天是晴天，天气很好',
        '外面刮大风，下雨了',
        'It is raining and windy today',
        'Sunny weather tomorrow',
        'Heavy rain and cold wind tonight',
      ]);
      await addExamples(page, 'Sports', [
        '我们班赢了足球比赛',
        '周末一起去打篮球',
        '他在比赛中进了一个球',
        'Our team won the football match',
        'We play basketball after school',
        'He scored a goal in the game',
      ]);
      // A repeat is refused with a note, and not added twice.
      await addExamples(page, 'Sports', ['We play basketball after school']);
      await visible(page.getByText('1 sentence is already in this class.'));
      expect(await exampleCounts(page)).toEqual([6, 6]);

      await train(page);
      await visible(page.getByTestId('tt-progress').getByText('Epoch 30 / 30'));
      await visible(page.getByRole('img', { name: 'Loss per epoch' }));
      await visible(page.getByTestId('tt-eval-accuracy'));

      expect(await classify(page, '明天会下雨吗')).toBe('Weather');
      const bars = page.getByTestId('tt-confidence');
      expect(await bars.count()).toBe(2);
      const percents = (await bars.locator('.tt-bar-value').allTextContents()).map((p) => parseInt(p, 10));
      expect(percents[0]).toBeGreaterThan(50);
      expect(Math.abs(percents[0]! + percents[1]! - 100)).toBeLessThanOrEqual(1);
      // 雨 pushed towards Weather: it is highlighted as such in the sentence.
      await visible(page.getByTestId('tt-highlight').locator('mark.tt-push-for', { hasText: '雨' }));
      await visible(page.getByTestId('tt-explanation').locator('li[data-feature="雨"] .tt-value-for'));

      expect(await classify(page, 'Who won the basketball game?')).toBe('Sports');
      // Explaining the other class shows the same words pushing away from it.
      await page.getByTestId('tt-explanation').getByText('Weather', { exact: true }).click();
      await visible(
        page.getByTestId('tt-explanation').locator('li[data-feature="basketball"] .tt-value-against'),
      );

      // Changing the examples marks the model as out of date.
      await addExamples(page, 'Weather', ['Snow is falling']);
      await visible(
        page.getByText('The examples or settings changed since the last training.', { exact: false }),
      );
    },
    JOURNEY_MS,
  );

  it(
    'saves a project to a file, opens it again, and refuses bad files without changing anything',
    async () => {
      const page = await e2e.newPage();
      await openLab(page);
      await page.getByRole('button', { name: /Example projects/ }).click();
      await page.getByRole('menuitem', { name: /Weather, sports or food/ }).click();
      await eventually(
        () => namesOfClasses(page),
        (names) => expect(names).toEqual(['Weather', 'Sports', 'Food']),
      );
      expect(await exampleCounts(page)).toEqual([16, 16, 16]);

      await train(page);
      await page.getByRole('button', { name: '明天会下雨吗？' }).click();
      await eventually(
        () => prediction(page).textContent(),
        (text) => expect(text).toBe('Weather'),
      );
      const accuracy = parseInt((await page.getByTestId('tt-eval-accuracy').textContent()) ?? '', 10);
      expect(accuracy).toBeGreaterThanOrEqual(70);

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: /^(save )?Save$/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('Weather, sports or food.json');
      const saved = await download.path();
      const file = JSON.parse(await readFile(saved, 'utf8')) as {
        format: string;
        version: number;
        classes: { name: string; examples: string[] }[];
      };
      expect(file.format).toBe('ai-edu/train-text');
      expect(file.version).toBe(1);
      expect(file.classes.map((c) => c.name)).toEqual(['Weather', 'Sports', 'Food']);
      expect(file.classes[0]!.examples).toContain('今天下大雨，出门记得带伞');

      // Change the project, then open the saved file: the unsaved change needs a confirmation.
      const food = classCards(page).nth(2);
      await food.getByRole('button', { name: 'Delete class' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await eventually(
        () => namesOfClasses(page),
        (names) => expect(names).toEqual(['Weather', 'Sports']),
      );
      await page.locator('input[type=file]').setInputFiles(saved);
      await visible(page.getByRole('dialog', { name: 'Replace the current project?' }));
      await button(page.locator('.ant-modal-confirm'), 'Replace').click();
      await eventually(
        () => namesOfClasses(page),
        (names) => expect(names).toEqual(['Weather', 'Sports', 'Food']),
      );
      expect(await exampleCounts(page)).toEqual([16, 16, 16]);
      // A new project was opened: the old model is gone until it is trained again.
      await visible(page.getByText('Train the model first, then type a sentence here.'));

      const badFiles = [
        { name: 'notes.json', text: 'these are my notes', error: 'The file is not readable JSON.' },
        {
          name: 'other-lab.json',
          text: JSON.stringify({ format: 'ai-edu/train-image', version: 1, classes: [] }),
          error: 'This is not a text classifier project file.',
        },
        {
          name: 'long.json',
          text: JSON.stringify({
            format: 'ai-edu/train-text',
            version: 1,
            classes: [
              { name: 'A', examples: ['fine'] },
              { name: 'B', examples: ['ok', 'ok too', 'x'.repeat(500)] },
            ],
          }),
          error: 'Example 3 of class 2 is empty, not text, or longer than 200 characters.',
        },
      ];
      for (const bad of badFiles) {
        await page.locator('input[type=file]').setInputFiles({
          name: bad.name,
          mimeType: 'application/json',
          buffer: Buffer.from(bad.text),
        });
        const alert = page.locator('.tt-file-error');
        await visible(alert.getByText(`Could not open "${bad.name}". Nothing was changed.`));
        await visible(alert.getByText(bad.error, { exact: false }));
        expect(await namesOfClasses(page)).toEqual(['Weather', 'Sports', 'Food']);
        expect(await exampleCounts(page)).toEqual([16, 16, 16]);
      }
      await page.screenshot({ path: path.join(SHOTS, 'train-text-bad-file.png') });
    },
    JOURNEY_MS,
  );

  for (const lang of ['zh-CN', 'en'] as const) {
    it(
      `works by touch on a 390 px phone and fits a 1280×720 projector (${lang})`,
      async () => {
        const page = await e2e.newPage();
        await openLab(page, lang);
        await page.setViewportSize({ width: 390, height: 844 });
        const tap = await touchscreen(page);
        await tap(page.locator('.tt-project-bar button').first());
        await tap(page.locator('.ant-dropdown-menu').getByRole('menuitem').nth(1));
        await eventually(
          () => exampleCounts(page),
          (counts) => expect(counts).toEqual([16, 16, 16]),
        );
        await tap(page.locator('.tt-train-button'));
        await visible(page.locator('.tt-evaluation:not(.tt-evaluation-running)'), TRAINING_MS);
        await tap(page.locator('.tt-sample').first());
        await visible(prediction(page));
        // Explain another class by tapping it.
        await tap(page.getByTestId('tt-explanation').locator('.ant-segmented-item').nth(1));
        await eventually(
          () => page.getByTestId('tt-explanation').locator('.ant-segmented-item-selected').textContent(),
          (text) => expect(text).toBe(lang === 'en' ? 'Sports' : '运动'),
        );
        for (const size of [
          { width: 390, height: 844 },
          { width: 1280, height: 720 },
        ]) {
          await page.setViewportSize(size);
          await settle(page);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `sideways scrolling at ${size.width} px`).toBeLessThanOrEqual(0);
          const file = path.join(SHOTS, `train-text-${lang}-${size.width}`);
          await page.screenshot({ path: `${file}.png`, fullPage: true });
          await page.screenshot({ path: `${file}-top.png` });
        }
      },
      JOURNEY_MS,
    );
  }
});
