/**
 * The Flappy Bird lab (issue 5): play with the keyboard, mouse and touch, crash and play again; then let the AI
 * learn at maximum speed and watch generations and a best score appear; leaving the lab stops its loop.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupE2E } from '../support/harness.ts';
import {
  eventually,
  expectLoggedInAs,
  openLoginModal,
  passwordLogin,
  settle,
  userMenu,
  visible,
} from '../support/ui.ts';
import { letTimePass } from '../support/wait.ts';

const e2e = setupE2E();

/** Generous waits: these journeys run a game loop and a lab chunk, on CI machines that may be busy. */
const SLOW_MS = 30_000;
const TEST_MS = 180_000;

/** Where a resting bird starts (FLAPPY.START_Y in packages/ml/src/flappy/physics.ts). */
const START_Y = 252;

async function openLab(page: Page): Promise<void> {
  await page.goto('/');
  await openLoginModal(page);
  await passwordLogin(page, 'learner@example.com', 'Learner123');
  await visible(userMenu(page).filter({ hasText: 'learner@example.com' }), SLOW_MS);
  await expectLoggedInAs(page, 'learner@example.com');
  await page.goto('/ailab/flappyBird');
  await visible(page.getByRole('heading', { name: 'Flappy Bird', exact: true }), SLOW_MS);
  await visible(page.locator('.fb-canvas'), SLOW_MS);
}

/** A button by its text (antd buttons with an icon also carry the icon's name). */
const labelled = (page: Page, text: string) =>
  page.getByRole('button', { name: new RegExp(`(^|\\s)${text}$`) });

const stage = (page: Page) => page.locator('.fb-canvas');
const phase = (page: Page) => stage(page).getAttribute('data-phase');

/** The number shown by the antd Statistic titled `title`. */
async function statistic(page: Page, title: string): Promise<number> {
  const box = page.locator('.ant-statistic').filter({ has: page.getByText(title, { exact: true }) });
  const text = await box.locator('.ant-statistic-content-value').first().innerText();
  return Number(text.replace(/[^\d.-]/g, ''));
}

describe('flappy bird lab', () => {
  it(
    'plays: Space makes the bird rise, it crashes, and it can play again by mouse and touch',
    async () => {
      const page = await e2e.newPage();
      await openLab(page);
      await visible(page.getByText('Press Space, click or tap to flap'));
      expect(await phase(page)).toBe('ready');

      // The bird's height is published on the canvas every frame; keep the highest point it reaches (the climb
      // lasts a fraction of a second, too short to be sure to catch it by polling).
      await page.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('.fb-canvas')!;
        const w = window as unknown as { highestY: number };
        w.highestY = Number(canvas.dataset.birdY);
        new MutationObserver(() => {
          w.highestY = Math.min(w.highestY, Number(canvas.dataset.birdY));
        }).observe(canvas, { attributes: true, attributeFilter: ['data-bird-y'] });
      });
      await page.keyboard.press('Space');
      await eventually(
        () => phase(page),
        (value) => expect(value).not.toBe('ready'),
      );
      // The flap sends the bird up from where it hovered.
      await eventually(
        () => page.evaluate(() => (window as unknown as { highestY: number }).highestY),
        (y) => expect(y).toBeLessThan(START_Y - 20),
      );

      // Without more flaps it falls to the ground: game over, with its score and best.
      await visible(page.getByText('Game over', { exact: true }), SLOW_MS);
      expect(await phase(page)).toBe('over');
      expect(await page.getByTestId('final-score').innerText()).toBe('0');
      expect(await statistic(page, 'Best')).toBe(0);

      await labelled(page, 'Play again').click();
      // The hint is also on the page while the game is over: wait for the game itself to be ready again.
      await eventually(
        () => phase(page),
        (value) => expect(value).toBe('ready'),
      );

      // A mouse click on the game flaps too.
      await page.locator('.fb-stage').click({ position: { x: 200, y: 200 } });
      await eventually(
        () => phase(page),
        (value) => expect(value).not.toBe('ready'),
      );
      await visible(page.getByText('Game over', { exact: true }), SLOW_MS);

      // After the short pause (500 ms, so a tap meant as a flap does not restart at once), a touch on the
      // game starts again; the next touch flaps.
      await letTimePass(600);
      const touch = { pointerType: 'touch', isPrimary: true, button: 0 };
      await page.locator('.fb-stage').dispatchEvent('pointerdown', touch);
      await eventually(
        () => phase(page),
        (value) => expect(value).toBe('ready'),
      );
      await page.locator('.fb-stage').dispatchEvent('pointerdown', touch);
      await eventually(
        () => phase(page),
        (value) => expect(value).not.toBe('ready'),
      );
      await visible(page.getByText('Game over', { exact: true }), SLOW_MS);
    },
    TEST_MS,
  );

  it(
    'AI mode at max speed: generations advance and a best score appears; leaving stops the loop',
    async () => {
      const page = await e2e.newPage();
      // Count animation frames, to see the lab's loop stop when the page is left.
      await page.addInitScript(() => {
        const w = window as unknown as { rafCalls: number };
        w.rafCalls = 0;
        const raf = window.requestAnimationFrame.bind(window);
        window.requestAnimationFrame = (callback) => {
          w.rafCalls += 1;
          return raf(callback);
        };
      });
      await openLab(page);

      await page.locator('.page-frame-extra').getByText('AI learns to play', { exact: true }).click();
      await visible(page.getByText("The leading bird's brain"));
      expect(await statistic(page, 'Generation')).toBe(1);
      expect(await statistic(page, 'Best so far')).toBe(0);

      await page.locator('.fb-speed').getByText('Max', { exact: true }).click();
      await labelled(page, 'Start evolution').click();
      await visible(labelled(page, 'Pause'));
      expect(await phase(page)).toBe('evolving');

      await eventually(
        () => statistic(page, 'Generation'),
        (generation) => expect(generation).toBeGreaterThanOrEqual(5),
        SLOW_MS,
      );
      await eventually(
        () => statistic(page, 'Best so far'),
        (best) => expect(best).toBeGreaterThan(0),
        SLOW_MS,
      );
      await visible(page.getByText(/A generation ends when every bird has crashed/));

      // Pause holds the generation still.
      await labelled(page, 'Pause').click();
      await settle(page);
      const paused = await statistic(page, 'Generation');
      await letTimePass(500);
      expect(await statistic(page, 'Generation')).toBe(paused);
      expect(await phase(page)).toBe('paused');

      // Reset goes back to generation 1.
      await labelled(page, 'Reset').click();
      await eventually(
        () => statistic(page, 'Generation'),
        (generation) => expect(generation).toBe(1),
      );

      // Leaving the lab stops its animation loop.
      await page.getByRole('button', { name: 'back' }).first().click();
      await eventually(
        () => page.evaluate(() => window.location.pathname),
        (path) => expect(path).toBe('/ailab'),
      );
      await letTimePass(800);
      const rafCalls = () => page.evaluate(() => (window as unknown as { rafCalls: number }).rafCalls);
      const before = await rafCalls();
      await letTimePass(1000);
      expect((await rafCalls()) - before).toBeLessThan(10);
    },
    TEST_MS,
  );
});
