/**
 * The block studio's input latency while a program never stops (issue 26, target ≤ 100 ms), in headless
 * Chromium on the built app: a project whose top level spins `repeat while true: turn 1°` at the Fast speed
 * and whose "when → pressed" script moves the sprite 1 step. Each sample is the time from a key press on the
 * page to the stage showing the moved sprite (the canvas's data-sprite-x changing, which happens on the
 * animation frame that draws it). Skipped when apps/web/dist or Chromium is missing.
 */
import { withSignedInPage } from '../browser-login.ts';

export const name = 'block studio input (Chromium)';

const SAMPLES = 30;

const num = (value: number) => ({ shadow: { type: 'math_number', fields: { NUM: value } } });
const SPIN_AND_STEER = {
  blocks: {
    languageVersion: 0,
    blocks: [
      {
        type: 'controls_whileUntil',
        x: 40,
        y: 40,
        fields: { MODE: 'WHILE' },
        inputs: {
          BOOL: { block: { type: 'logic_boolean', fields: { BOOL: 'TRUE' } } },
          DO: { block: { type: 'sprite_turn', fields: { WAY: 'RIGHT' }, inputs: { DEGREES: num(1) } } },
        },
      },
      {
        type: 'event_when_key_pressed',
        x: 40,
        y: 240,
        fields: { KEY: 'right' },
        next: { block: { type: 'sprite_move', inputs: { STEPS: num(1) } } },
      },
    ],
  },
};

/** Runs in the page: one key press, resolved with the ms until the sprite's x changes on the stage. */
const PRESS_AND_WAIT = `new Promise((resolve) => {
  const canvas = document.querySelector('canvas.make-stage-canvas');
  const observer = new MutationObserver(() => {
    observer.disconnect();
    resolve(performance.now() - start);
  });
  observer.observe(canvas, { attributes: true, attributeFilter: ['data-sprite-x'] });
  const start = performance.now();
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
})`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

export async function run() {
  const result = await withSignedInPage(async (page) => {
    await page.goto('/make');
    await page.locator('input[type=file]').setInputFiles({
      name: 'spin and steer.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(SPIN_AND_STEER)),
    });
    await page.locator('.blocklyBlockCanvas .blocklyDraggable').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Fast', exact: true }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // The loop is turning the sprite: the program runs.
    await page.waitForFunction(
      "document.querySelector('canvas.make-stage-canvas')?.dataset.spriteDirection !== '90'",
    );
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(await page.evaluate<number>(PRESS_AND_WAIT));
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    return samples.sort((a, b) => a - b);
  });
  if ('skipped' in result)
    return [{ label: 'key press → sprite moved', value: 0, unit: '-', note: `skipped: ${result.skipped}` }];
  return [
    {
      label: 'key press → sprite moved, median',
      value: percentile(result, 50),
      unit: 'ms',
      note: `${SAMPLES} presses during an endless loop; target ≤ 100 ms`,
    },
    { label: 'key press → sprite moved, p95', value: percentile(result, 95), unit: 'ms' },
    { label: 'key press → sprite moved, max', value: result.at(-1) ?? NaN, unit: 'ms' },
  ];
}
