/**
 * "The robot learns by trial and error" on /embodiment (issue 27 item 3): a student picks a maze, runs
 * Q-learning at top speed and pauses it; the reward per try has improved (a trend over the tries, not a time)
 * and the best way the robot knows now is a shortest way to the goal. Everything is read from the page: the
 * status line, the plot's points (`data-rewards`) and the value map's pixels.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { signIn } from '../support/sign-in.ts';
import { eventually, pageHeading, visible } from '../support/ui.ts';

const e2e = setupE2E();
let student: TestAccount;

beforeAll(async () => {
  student = await createUser(e2e.dataDir, {
    account: 'learning.robot@example.com',
    password: 'Learner2pass',
    vip: 1,
  });
});

const section = (page: Page) => page.getByRole('region', { name: 'The robot learns by trial and error' });
const status = (page: Page) => section(page).getByRole('status');
const button = (page: Page, name: string) => section(page).getByRole('button', { name, exact: true });
const episodesShown = async (page: Page) => Number(await status(page).getAttribute('data-episodes'));

/** The mean of the last quarter minus the mean of the first quarter: above 0 when the robot improved. */
function trend(points: number[]): number {
  const quarter = Math.floor(points.length / 4);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return mean(points.slice(-quarter)) - mean(points.slice(0, quarter));
}

describe('the learning robot', () => {
  it('learns the shortest way through a maze at top speed, and its reward per try improves', async () => {
    const page = await e2e.newPage();
    await signIn(page, student, { path: '/embodiment' });
    await visible(pageHeading(page, 'Embodied intelligence'));
    await visible(section(page));
    expect(await status(page).textContent()).toContain('No try finished yet.');

    await section(page).getByRole('combobox', { name: 'Maze' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Two ways' })
      .click();
    await section(page).locator('.ant-segmented-item', { hasText: 'Top speed' }).click();
    await button(page, 'Start').click();
    await eventually(
      () => episodesShown(page),
      (episodes) => expect(episodes).toBeGreaterThanOrEqual(150),
    );
    await button(page, 'Pause').click();
    await visible(button(page, 'Start'));

    const episodes = await episodesShown(page);
    const plot = section(page).getByRole('img', { name: /^Points of each try/ });
    expect(Number(await plot.getAttribute('data-episodes'))).toBe(episodes);
    const points = JSON.parse((await plot.getAttribute('data-rewards')) ?? '[]') as number[];
    expect(points.length).toBeGreaterThanOrEqual(100);
    expect(trend(points)).toBeGreaterThan(0);

    // The greedy path takes as many steps as the shortest way (12 in "Two ways"), and the page says so.
    expect(Number(await status(page).getAttribute('data-shortest'))).toBe(12);
    expect(Number(await status(page).getAttribute('data-best-steps'))).toBe(12);
    const text = (await status(page).textContent()) ?? '';
    expect(text).toContain(`Tries: ${episodes}`);
    expect(text).toContain('reaches the goal in 12 steps (shortest possible: 12)');

    // The value map is drawn: the square right of the start is coloured by its value, not the unknown grey.
    const pixel = await section(page)
      .locator('canvas')
      .evaluate((canvas: HTMLCanvasElement) => {
        const size = canvas.width / 7;
        return Array.from(canvas.getContext('2d')!.getImageData(size + 8, 8, 1, 1).data);
      });
    expect(pixel.slice(0, 3)).not.toEqual([233, 235, 245]);
    expect(pixel[3]).toBe(255);

    // Paused, one step by hand is told in words: where the robot was, where it went, how its guess changed.
    await button(page, 'One step').click();
    await visible(
      section(page).getByText(/^It was at row \d, column \d, went (up|right|down|left) and got -?\d+/),
    );
    expect((await episodesShown(page)) - episodes).toBeLessThanOrEqual(1);
  });

  it('teaches the physics robot to follow the line: its best moves alone drive a full lap', async () => {
    const page = await e2e.newPage();
    await signIn(page, student, { path: '/embodiment' });
    await visible(section(page));
    await section(page).getByRole('combobox', { name: 'Maze' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Line track' })
      .click();
    await visible(section(page).getByRole('img', { name: /^The line track seen from above/ }));
    // The Q-table lists all 12 states in words.
    await visible(
      section(page).getByRole('rowheader', { name: 'left sees the line, right doesn’t, last seen left' }),
    );
    expect(await section(page).getByTestId('line-q-table').locator('tbody tr').count()).toBe(12);

    await section(page).locator('.ant-segmented-item', { hasText: 'Top speed' }).click();
    await button(page, 'Start').click();
    // Bounded: in Node it takes a handful of tries (about a second); the page has up to 90 s.
    await eventually(
      async () => Number(await status(page).getAttribute('data-first-lap')),
      (episode) => expect(episode).toBeGreaterThanOrEqual(1),
      90_000,
    );
    await button(page, 'Pause').click();
    await visible(button(page, 'Start'));
    // The first greedy lap is kept; the latest test drive (which may still wobble) is told beside it.
    const first = Number(await status(page).getAttribute('data-first-lap'));
    expect(first).toBeGreaterThanOrEqual(1);
    const text = (await status(page).textContent()) ?? '';
    expect(text).toContain(`Its best moves alone first drove a full lap after try ${first}.`);
    expect(text).toMatch(/Driving its best moves only, it (goes|does not get) round/);
    const plot = section(page).getByRole('img', { name: /^Points of each try/ });
    expect(Number(await plot.getAttribute('data-episodes'))).toBe(await episodesShown(page));
  });
});
