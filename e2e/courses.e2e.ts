/** Courses (issue 7): the seeded courses, a teacher writing one, the lesson presentation, progress. */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from './support/admin.ts';
import { setupE2E } from './support/harness.ts';
import { dialog, eventually, expectPath, gone, pageHeading, visible } from './support/ui.ts';
import { signIn } from './support/sign-in.ts';

const e2e = setupE2E();
/** Several logins and pages per journey: slower than the default on a busy machine. */
const JOURNEY_MS = 180_000;
/** A button by the start of its text (antd icons add their own names to the accessible name). */
const action = (scope: Page | Locator, name: string) => scope.getByRole('button', { name });
let teacher: TestAccount;
let learner: TestAccount;

beforeAll(async () => {
  teacher = await createUser(e2e.dataDir, {
    account: 'courses.teacher@example.com',
    password: 'Teach2pass',
    vip: 2,
    days: 90,
    company: 'Courses School',
  });
  learner = await createUser(e2e.dataDir, {
    account: 'courses.learner@example.com',
    password: 'Learn1pass',
    vip: 1,
    days: 30,
  });
});

/** The top bar's language switch (each language named in itself). */
const chooseLanguage = (page: Page, name: '中文' | 'EN') =>
  page.locator('.top-bar-actions .language-switch').getByText(name, { exact: true }).click();

describe('courses', () => {
  it(
    'opens a demo course from its home card, in the chosen language, and its AI lab works without a provider',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, learner);
      await chooseLanguage(page, '中文');
      const card = page.getByTestId('home-course').first();
      await visible(card.getByText('什么是人工智能？', { exact: true }));
      await card.click();
      await eventually(
        () => Promise.resolve(new URL(page.url()).pathname),
        (value) => expect(value).toMatch(/^\/course\/[\w-]+$/),
      );
      await visible(pageHeading(page, '什么是人工智能？'));
      await visible(page.locator('.course-session h2', { hasText: '第 1 课　身边的人工智能' }));
      await visible(page.locator('.course-lab-link', { hasText: 'AI 问答' }));

      await chooseLanguage(page, 'EN');
      await visible(pageHeading(page, 'What is artificial intelligence?'));
      await visible(page.locator('.course-session h2', { hasText: 'Lesson 1  AI around you' }));
      await visible(page.locator('.course-session').getByRole('heading', { name: 'Try it' }));
      await visible(page.locator('.course-lab-link', { hasText: 'AI Q&A' }));
      await page.goto('/course');
      await visible(page.locator('.course-card h3', { hasText: 'Teaching computers to see' }));
      expect(await page.getByText('教计算机“看”世界').count()).toBe(0);
    },
    JOURNEY_MS,
  );

  it(
    'lists the seeded courses and records a learner’s progress',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, learner, { path: '/course' });
      await visible(pageHeading(page, 'Courses'));
      const cards = page.locator('.course-card');
      await visible(cards);
      // The demo courses, one or more per lab category with a built lab.
      expect(await cards.count()).toBe(5);
      expect(await action(page, 'New course').count()).toBe(0);

      await cards.first().click();
      await visible(page.locator('.course-sessions li'));
      const lessons = await page.locator('.course-sessions li').count();
      expect(lessons).toBeGreaterThan(1);
      await visible(page.getByText(`0 of ${lessons} lessons done`));
      expect(await action(page, 'Present').count()).toBe(0);

      await action(page, 'Mark as done').click();
      await visible(page.getByText(`1 of ${lessons} lessons done`));
      await page.goto('/course');
      await visible(page.locator('.course-card .ant-progress').first());
    },
    JOURNEY_MS,
  );

  it(
    'lets a teacher write a course with a lesson and present it; vip 1 cannot open /lesson',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, teacher, { path: '/course' });
      await action(page, 'New course').click();
      await dialog(page).getByLabel('Title').fill('Robots in class');
      await dialog(page).getByLabel('Description').fill('Sense, decide, act.');
      await action(dialog(page), 'Save').click();
      await visible(pageHeading(page, 'Robots in class'));
      await visible(page.getByText('This course has no lessons yet.'));

      await action(page, 'Add lesson').click();
      await dialog(page).getByLabel('Lesson title').fill('Light sensors');
      await dialog(page)
        .getByLabel('Content (Markdown)')
        .fill('Intro text\n\n## What a sensor sees\n\nDark or **light**\n\n---\n\n## Deciding\n\nTurn left');
      await visible(dialog(page).locator('.session-editor-preview strong', { hasText: 'light' }));
      await action(dialog(page), 'Save').click();
      await gone(dialog(page));
      await visible(page.locator('.course-session h2', { hasText: 'What a sensor sees' }));

      await action(page, 'Present').click();
      await visible(page.locator('.lesson-stage'));
      await eventually(
        () => Promise.resolve(new URL(page.url()).pathname),
        (value) => expect(value).toMatch(/^\/lesson\/[\w-]+\/[\w-]+$/),
      );
      await visible(page.getByText('1 / 3'));
      await visible(page.locator('.lesson-slide').getByText('Intro text'));
      await page.keyboard.press('ArrowRight');
      await visible(page.getByText('2 / 3'));
      await visible(page.locator('.lesson-slide').getByRole('heading', { name: 'What a sensor sees' }));
      await action(page, 'Next').click();
      await visible(page.getByText('3 / 3'));
      await visible(page.locator('.lesson-slide').getByRole('heading', { name: 'Deciding' }));
      await page.keyboard.press('ArrowLeft');
      await visible(page.getByText('2 / 3'));
      const lessonPath = new URL(page.url()).pathname;
      await action(page, 'Exit').click();
      await visible(pageHeading(page, 'Robots in class'));

      const other = await e2e.newPage();
      await signIn(other, learner, { path: lessonPath });
      await expectPath(other, '/ailab');
    },
    JOURNEY_MS,
  );
});
