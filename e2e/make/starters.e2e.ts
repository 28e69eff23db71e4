/**
 * Starter projects in the block studio (issue 26): a student makes a project from a starter and runs it; a
 * teacher's lesson hands out a starter, which a student opens as their own copy (twice: the same copy) from
 * the lesson banner and from the studio; the teacher's live view shows the project the student is building;
 * a change draws the project's thumbnail in the project list; the line follower (issue 27) goes round the
 * robot world's line track. The school, its class, two students and a
 * teacher are made over HTTP, as a school would through its pages.
 */
import { passwordDigest, type MakeProjectList } from '@ai-edu/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { productApi, type ApiMethod } from '../support/product-api.ts';
import { openWithSession, passwordSession } from '../support/sign-in.ts';
import { eventually, gone, pageHeading, visible } from '../support/ui.ts';

const e2e = setupE2E();
/** Several sign-ins and pages per journey: slower than the default on a busy machine. */
const JOURNEY_MS = 180_000;
/** A lap of the robot world's line track takes ~25 s of real time (the world runs in real time). */
const LAP_MS = 100_000;
interface Person {
  account: string;
  uid: string;
}
let amy: Person;
let bea: Person;
let teacher: Person;

const sessionOf = async (account: string, password: string): Promise<Person> => ({
  account,
  uid: await passwordSession(e2e.baseUrl, { account, password }),
});

/** A JSON request to the product API as `uid`; answers the reply's data. */
const api = <T>(uid: string, method: ApiMethod, path: string, json?: object) =>
  productApi<T>(e2e.baseUrl, uid, method, path, json);

beforeAll(async () => {
  const school = await createUser(e2e.dataDir, {
    account: 'starters.school@example.com',
    password: 'School2pass',
    vip: 2,
    days: 90,
    company: 'Birch School',
  });
  const schoolUid = await passwordSession(e2e.baseUrl, school);
  const klass = await api<{ id: string }>(schoolUid, 'POST', '/api/classes', {
    name: 'Starters 4A',
    schoolCode: 'birch',
  });
  const students = await api<{ account: string; password: string }[]>(
    schoolUid,
    'POST',
    `/api/classes/${klass.id}/students`,
    { names: ['Amy', 'Bea'] },
  );
  const [first, second] = students;
  if (!first || !second) throw new Error('the class has no students');
  await api(schoolUid, 'POST', '/api/school/teachers', {
    name: 'Ms Li',
    account: 'li@birch',
    password: passwordDigest('Teach3pass'),
    classIds: [klass.id],
  });
  amy = await sessionOf(first.account, first.password);
  bea = await sessionOf(second.account, second.password);
  teacher = await sessionOf('li@birch', 'Teach3pass');
}, JOURNEY_MS);

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const stageCanvas = (page: Page) => page.locator('canvas.make-stage-canvas');
const projectName = (page: Page) => page.getByLabel('Project name').inputValue();

async function openStudio(page: Page, who: Person, path = '/make'): Promise<void> {
  await openWithSession(page, who.uid, who.account, { path });
  await visible(pageHeading(page, 'Make'));
}

/** Waits until the workspace shows its blocks (Run then has a program). */
async function blocksShown(page: Page): Promise<void> {
  await gone(page.locator('.make-workspace-loading'));
  await visible(page.locator('.blocklyBlockCanvas .blocklyDraggable').first());
}

const projectsOf = async (who: Person) =>
  (await api<MakeProjectList>(who.uid, 'GET', '/api/make/projects')).projects;

describe('starter projects', () => {
  it(
    'makes a project from a starter that runs as it says, and draws its thumbnail after a change',
    async () => {
      const page = await e2e.newPage();
      await openStudio(page, bea);
      await button(page, 'New from a starter').click();
      const picker = page.getByRole('region', { name: 'Start from a starter project' });
      await visible(picker.getByText('Guess my number', { exact: true }));
      await picker.getByRole('button', { name: 'Use the starter “Steer the robot”' }).click();
      await eventually(
        () => projectName(page),
        (name) => expect(name).toBe('Steer the robot'),
      );
      await gone(picker);
      await blocksShown(page);

      await button(page, 'Run').click();
      await eventually(
        () => stageCanvas(page).getAttribute('data-sprite-says'),
        (says) => expect(says).toBe('Steer me with the arrow keys!'),
      );
      await page.keyboard.press('ArrowRight');
      await eventually(
        () => stageCanvas(page).getAttribute('data-sprite-x'),
        (x) => expect(x).toBe('20'),
      );
      await page.keyboard.press('ArrowUp');
      await eventually(
        () => stageCanvas(page).getAttribute('data-sprite-y'),
        (y) => expect(y).toBe('20'),
      );
      await button(page, 'Stop').click();
      const mine = await projectsOf(bea);
      expect(mine.map((p) => p.name)).toEqual(['Steer the robot']);
      // No picture before the first change: the list shows a placeholder.
      expect(mine[0]?.thumbnail).toBeNull();

      // A change (a script dragged aside) is saved, and the picture of the blocks comes with it.
      const hat = page.locator('.blocklyBlockCanvas > .blocklyDraggable').first();
      const box = await hat.boundingBox();
      if (!box) throw new Error('no block on the workspace');
      await page.mouse.move(box.x + 15, box.y + 25);
      await page.mouse.down();
      await page.mouse.move(box.x + 60, box.y + 40, { steps: 5 });
      await page.mouse.up();
      await visible(page.getByRole('status').getByText('Saved'));
      await button(page, 'Projects').click();
      const item = page.getByRole('list', { name: 'My projects' }).getByRole('listitem');
      await visible(item.locator('img.make-thumb'));
      expect(await item.locator('img.make-thumb').getAttribute('src')).toMatch(
        /^data:image\/(webp|png|jpeg);base64,/,
      );
    },
    JOURNEY_MS,
  );

  it(
    'hands out a lesson’s starter: each student opens their own copy, the same one again; the live view shows it',
    async () => {
      const teacherPage = await e2e.newPage();
      await openWithSession(teacherPage, teacher.uid, teacher.account, { path: '/class' });
      await teacherPage.getByRole('tab', { name: 'Lesson mode' }).click();
      await teacherPage.getByRole('checkbox', { name: 'Linear regression' }).check();
      await teacherPage.getByRole('combobox', { name: 'Studio project for the lesson' }).click();
      await teacherPage.locator('.ant-select-item-option', { hasText: 'Keyboard piano' }).click();
      await teacherPage.getByRole('button', { name: /Start lesson/ }).click();
      await visible(teacherPage.getByText('Studio project: Keyboard piano'));

      // From the lesson banner on the lab list: the student's own copy opens in the studio.
      const student = await e2e.newPage();
      await openWithSession(student, amy.uid, amy.account, { path: '/ailab' });
      const banner = student.getByRole('region', { name: 'Your teacher opened these labs for this lesson' });
      // The studio's name in the navbar, then the project's.
      const bannerLink = banner.getByRole('link', { name: 'Make · Keyboard piano' });
      await bannerLink.click();
      await visible(pageHeading(student, 'Make'));
      await eventually(
        () => projectName(student),
        (name) => expect(name).toBe('Keyboard piano'),
      );
      await blocksShown(student);
      const [copy] = await projectsOf(amy);
      expect(copy?.name).toBe('Keyboard piano');

      // The teacher's live view shows what the student is building.
      await teacherPage.getByRole('tab', { name: 'Live view' }).click();
      const row = teacherPage.locator('tr.class-live-row', { hasText: amy.account });
      await visible(row.getByText('Keyboard piano', { exact: true }));
      await visible(teacherPage.getByText('Studio project: Keyboard piano'));

      // Opening it again, from the banner or in the studio, opens the same copy: no second one.
      await student.goto('/ailab');
      await bannerLink.click();
      await visible(pageHeading(student, 'Make'));
      await eventually(
        () => projectName(student),
        (name) => expect(name).toBe('Keyboard piano'),
      );
      const lesson = student.getByRole('region', {
        name: 'Your teacher’s project for this lesson: Keyboard piano',
      });
      await Promise.all([
        student.waitForResponse((res) => res.url().endsWith('/api/make/lesson-starter/open') && res.ok()),
        lesson.getByRole('button', { name: 'Open my copy' }).click(),
      ]);
      const after = await projectsOf(amy);
      expect(after.map((p) => p.id)).toEqual([copy?.id]);
    },
    JOURNEY_MS,
  );

  it(
    'the line follower starter drives round the robot world’s line track',
    async () => {
      const kim = await createUser(e2e.dataDir, {
        account: 'starters.robot@example.com',
        password: 'Robot4pass',
        vip: 1,
      });
      const page = await e2e.newPage();
      await openStudio(page, await sessionOf(kim.account, kim.password));
      await button(page, 'New from a starter').click();
      const picker = page.getByRole('region', { name: 'Start from a starter project' });
      await picker.getByRole('button', { name: 'Use the starter “Robot: follow the line”' }).click();
      await blocksShown(page);
      // A program with robot blocks shows the robot world instead of the sprite stage, before it runs.
      const world = page.getByRole('img', { name: 'Robot world: line track' });
      await visible(world);
      await expect(stageCanvas(page).count()).resolves.toBe(0);
      expect(await world.getAttribute('data-laps')).toBe('0');

      await button(page, 'Run').click();
      await eventually(
        async () => [await world.getAttribute('data-led'), Number(await world.getAttribute('data-laps'))],
        ([led, laps]) => {
          expect(led).toBe('#34c759');
          expect(laps).toBeGreaterThanOrEqual(1);
        },
        LAP_MS,
      );
      await button(page, 'Stop').click();
      await visible(page.locator('.make-run-state').getByText('Stopped.'));
      // The Robot category offers the robot blocks.
      await page.getByRole('treeitem', { name: 'Robot' }).click();
      await visible(page.locator('.blocklyFlyout .blocklyText').getByText('stop motors'));
    },
    JOURNEY_MS,
  );
});
