/**
 * Sharing in the block studio (issue 26): a share link opens a read-only copy that a classmate runs and remixes
 * into their own projects (and stops working once switched off); the class gallery shows a classmate's shared
 * project; a teacher sees a student's project that was never shared. The school, its class, two students and a
 * teacher are made over HTTP, as a school would through its pages.
 */
import { passwordDigest, type MakeProjectList, type MakeProjectSummary } from '@ai-edu/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { productApi, type ApiMethod } from '../support/product-api.ts';
import { openWithSession, passwordSession } from '../support/sign-in.ts';
import { dialog, eventually, gone, pageHeading, visible } from '../support/ui.ts';
import { SIX_TIMES_SEVEN } from './workspaces.ts';

const e2e = setupE2E();
/** Several sign-ins and pages per journey: slower than the default on a busy machine. */
const JOURNEY_MS = 180_000;
const CLASS_NAME = 'Studio 5B';
/** A signed-in account: students sign in once a minute at most, so each signs in once and pages share it. */
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
    account: 'make.school@example.com',
    password: 'School2pass',
    vip: 2,
    days: 90,
    company: 'Willow School',
  });
  const schoolUid = await passwordSession(e2e.baseUrl, school);
  const klass = await api<{ id: string }>(schoolUid, 'POST', '/api/classes', {
    name: CLASS_NAME,
    schoolCode: 'willow',
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
    account: 'li@willow',
    password: passwordDigest('Teach3pass'),
    classIds: [klass.id],
  });
  amy = await sessionOf(first.account, first.password);
  bea = await sessionOf(second.account, second.password);
  teacher = await sessionOf('li@willow', 'Teach3pass');
}, JOURNEY_MS);

/** A project of `who`'s, made over HTTP as the studio's "Open file" would. */
async function projectOf(who: Person, name: string): Promise<MakeProjectSummary> {
  return api<MakeProjectSummary>(who.uid, 'POST', '/api/make/projects', { name, workspace: SIX_TIMES_SEVEN });
}

const button = (page: Page, name: string) => page.getByRole('button', { name });
const readOnlyHeading = (page: Page, text: string) => page.getByRole('heading', { name: text });

/** Opens the studio on `name` (the newest project opens first). */
async function openStudio(page: Page, who: Person, name: string): Promise<void> {
  await openWithSession(page, who.uid, who.account, { path: '/make' });
  await visible(pageHeading(page, 'Make'));
  await eventually(
    () => page.getByLabel('Project name').inputValue(),
    (value) => expect(value).toBe(name),
  );
}

/** Runs the read-only project and waits for 6 × 7 on the stage. */
async function runShows42(page: Page): Promise<void> {
  // The workspace shows its blocks (the spinner goes) before Run has a program to run.
  await gone(page.locator('.make-workspace-loading'));
  await button(page, 'Run').click();
  // The log is for screen readers (the canvas shows the lines): read its items, not what is visible.
  await eventually(
    () => page.getByRole('log', { name: 'What the program printed' }).locator('li').allInnerTexts(),
    (lines) => expect(lines).toEqual(['42']),
  );
}

describe('sharing studio projects', () => {
  it(
    'opens a share link read-only for a classmate, who runs it and remixes it; a link switched off says so',
    async () => {
      await projectOf(amy, 'Rocket');
      const owner = await e2e.newPage();
      await openStudio(owner, amy, 'Rocket');
      await button(owner, 'Share').click();
      await visible(dialog(owner).getByText('Share “Rocket”'));
      await button(owner, 'Make a link').click();
      const address = await visible(dialog(owner).getByLabel('Share link address'));
      const link = await address.inputValue();
      expect(link).toMatch(/\/make\/shared\/[A-Za-z0-9_-]{43}$/);

      const reader = await e2e.newPage();
      await openWithSession(reader, bea.uid, bea.account, { path: new URL(link).pathname });
      await visible(readOnlyHeading(reader, 'Rocket (by Amy)'));
      await visible(reader.getByText('Read-only: remix it to change a copy of your own.'));
      // Read-only: Blockly shows no toolbox to take blocks from.
      expect(await reader.locator('.blocklyToolbox, .blocklyToolboxDiv').count()).toBe(0);
      await runShows42(reader);
      await button(reader, 'Remix').click();
      await eventually(
        () => reader.getByLabel('Project name').inputValue(),
        (value) => expect(value).toBe('Rocket (copy)'),
      );
      const mine = await api<MakeProjectList>(bea.uid, 'GET', '/api/make/projects');
      expect(mine.projects.map((p) => p.name)).toContain('Rocket (copy)');

      await button(owner, 'Switch the link off').click();
      await visible(dialog(owner).getByText('No link: nobody can open this project from a link.'));
      await reader.goto(new URL(link).pathname);
      await visible(reader.getByRole('alert').getByText(/This share link does not work/));
    },
    JOURNEY_MS,
  );

  it(
    'shows a project shared with the class in a classmate’s gallery, which opens it read-only',
    async () => {
      await projectOf(amy, 'Maze');
      const owner = await e2e.newPage();
      await openStudio(owner, amy, 'Maze');
      await button(owner, 'Share').click();
      const toggle = dialog(owner).getByRole('switch', { name: 'Show in my class’s gallery' });
      await toggle.click();
      await eventually(
        () => toggle.getAttribute('aria-checked'),
        (checked) => expect(checked).toBe('true'),
      );

      const classmate = await e2e.newPage();
      await openWithSession(classmate, bea.uid, bea.account, { path: '/make' });
      await button(classmate, 'Class gallery').click();
      const gallery = classmate.getByRole('region', { name: 'My class’s gallery' });
      await visible(gallery.getByText('Maze', { exact: true }));
      await gallery.getByRole('link', { name: 'Open “Maze” by Amy' }).click();
      await visible(readOnlyHeading(classmate, 'Maze (by Amy)'));
      await runShows42(classmate);
    },
    JOURNEY_MS,
  );

  it(
    'shows a teacher the projects of their class’s students, shared or not',
    async () => {
      await projectOf(amy, 'Secret robot');
      const page = await e2e.newPage();
      await openWithSession(page, teacher.uid, teacher.account, { path: '/make' });
      await visible(pageHeading(page, 'Make'));
      await button(page, 'My classes’ projects').click();
      const panel = page.getByRole('region', { name: 'Projects of my classes’ students' });
      await visible(panel.getByRole('heading', { name: CLASS_NAME }));
      await panel.getByRole('link', { name: 'Open “Secret robot” by Amy' }).click();
      await visible(readOnlyHeading(page, 'Secret robot (by Amy)'));
      await runShows42(page);
    },
    JOURNEY_MS,
  );
});
