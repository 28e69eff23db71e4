/** The class area (issue 7): a teacher's class and student accounts, a student's progress on the dashboard. */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestAccount } from './support/admin.ts';
import { setupE2E } from './support/harness.ts';
import { dialog, eventually, gone, pageHeading, settle, visible } from './support/ui.ts';
import { signIn } from './support/sign-in.ts';

const e2e = setupE2E();
/** Several logins and pages per journey: slower than the default on a busy machine. */
const JOURNEY_MS = 180_000;
/** A button by the start of its text (antd icons add their own names to the accessible name). */
const action = (scope: Page | Locator, name: string) => scope.getByRole('button', { name });
let teacher: TestAccount;
let learner: TestAccount;
let oneClassTeacher: TestAccount;

beforeAll(async () => {
  teacher = await createUser(e2e.dataDir, {
    account: 'classes.teacher@example.com',
    password: 'Teach2pass',
    vip: 2,
    days: 90,
    company: 'Maple School',
  });
  learner = await createUser(e2e.dataDir, {
    account: 'classes.learner@example.com',
    password: 'Learn1pass',
    vip: 1,
    days: 30,
  });
  oneClassTeacher = await createUser(e2e.dataDir, {
    account: 'classes.single@example.com',
    password: 'Teach3pass',
    vip: 2,
    days: 90,
  });
});

describe('class area', () => {
  it(
    'creates a class and students; a student’s course progress reaches the dashboard',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, teacher, { path: '/class' });
      await visible(pageHeading(page, 'Class'));
      await visible(page.getByText('No classes yet: create the first one.'));

      await page.getByLabel('Class name').fill('Grade 5 A');
      await page.getByLabel('School code').fill('maple');
      await action(page, 'Create class').click();
      await visible(page.locator('.class-main-header h2', { hasText: 'Grade 5 A' }));
      const stored = await page.evaluate(
        () => document.querySelector('.class-list .active')?.textContent ?? '',
      );
      expect(stored).toContain('Grade 5 A');

      await page.getByRole('tab', { name: 'Add students' }).click();
      // Names as typed, in any script: each gets a login from its romanisation, which the teacher may edit.
      await page.getByLabel('Student names, one per line').fill('ann\n张波\n');
      await action(page, 'Next: check the logins (2)').click();
      expect(await page.getByLabel('Login of ann').inputValue()).toBe('ann');
      expect(await page.getByLabel('Login of 张波').inputValue()).toBe('zhangbo');
      await page.getByLabel('Login of 张波').fill('bo');
      await action(page, 'Create 2 accounts').click();
      await visible(dialog(page).getByText('ann@maple'));
      await visible(dialog(page).getByText('bo@maple'));
      await visible(dialog(page).getByText('张波'));
      const row = dialog(page).locator('tr', { hasText: 'ann@maple' });
      const password = ((await row.locator('code').textContent()) ?? '').trim();
      // Two short words and three digits: a password a child types and a teacher reads aloud.
      expect(password).toMatch(/^[a-z]{6,8}[2-9]{3}$/);

      // The CSV downloads with every account and password.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        action(page, 'Download CSV').click(),
      ]);
      expect(download.suggestedFilename()).toBe('Grade 5 A-students.csv');
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await gone(dialog(page));
      await visible(page.getByRole('cell', { name: 'bo@maple' }));

      // Removing bo asks first.
      await page.locator('tr', { hasText: 'bo@maple' }).getByRole('button', { name: 'Remove' }).click();
      await settle(page);
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
      await gone(page.getByRole('cell', { name: 'bo@maple' }));

      // The student logs in with the printed password, opens a course and finishes its first lesson.
      const student = await e2e.newPage();
      await signIn(student, { account: 'ann@maple', password }, { path: '/course' });
      const card = (await visible(student.locator('.course-card'))).first();
      const courseTitle = (await card.locator('h3').textContent())?.trim() ?? '';
      expect(courseTitle).not.toBe('');
      await card.click();
      await action(student, 'Mark as done').click();
      await visible(student.getByText(/^1 of \d+ lessons done$/));

      await page.getByRole('tab', { name: 'Dashboard' }).click();
      const progress = page.locator('.class-dashboard-table tr', { hasText: 'ann' }).locator('.class-course');
      await visible(progress);
      expect(await progress.first().textContent()).toMatch(/1\/\d+/);
      // Opening the course wrote an edu log row, which the dashboard lists under the student.
      const visits = page
        .locator('.class-dashboard-table tr', { hasText: 'ann' })
        .locator('.class-course-visit');
      await visible(visits.filter({ hasText: courseTitle }));
    },
    JOURNEY_MS,
  );

  it(
    'shows the only class at once, also after a reload, and keeps the chosen class in the address',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, oneClassTeacher, { path: '/class' });
      await page.getByLabel('Class name').fill('Grade 6 B');
      await page.getByLabel('School code').fill('birch');
      await action(page, 'Create class').click();
      const header = page.locator('.class-main-header h2', { hasText: 'Grade 6 B' });
      await visible(header);
      await eventually(
        async () => new URL(page.url()).searchParams.get('class'),
        (id) => expect(id).toMatch(/^[0-9a-f-]{36}$/),
      );

      await page.reload();
      await visible(header);
      // A fresh load without the address's choice (nothing kept in memory) opens the only class too.
      await page.goto('/class');
      await visible(header);
      expect(await page.getByText('Choose a class on the left.').count()).toBe(0);
    },
    JOURNEY_MS,
  );

  it(
    'shows a 403 page to accounts that are not schools',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, learner, { path: '/class' });
      await visible(page.getByText('The class area is for school accounts'));
      expect(await page.getByLabel('Class name').count()).toBe(0);
    },
    JOURNEY_MS,
  );
});
