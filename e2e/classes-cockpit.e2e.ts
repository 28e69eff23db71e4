/**
 * The teacher's cockpit (issue 16), end to end: a school makes a teacher; the teacher gives a class 20 credits
 * with a 5-per-student daily cap; a student chats (a local fake OpenAI-compatible provider answers) until the
 * cap and is told who to ask; the teacher reviews every turn, flags one and exports the CSV; lesson mode locks
 * a lab and the student is sent back to the lab index with a message.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../apps/server/src/test/fake-openai.ts';
import { createUser, type TestAccount } from './support/admin.ts';
import { setupE2E } from './support/harness.ts';
import {
  dialog,
  eventually,
  expectBalance,
  expectPath,
  gone,
  settle,
  toastSeen,
  visible,
} from './support/ui.ts';
import { signIn } from './support/sign-in.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const e2e = setupE2E({ serverEnv: { AI_CHAT_BASE_URL: fake.url, AI_CHAT_API_KEY: fake.apiKey } });
/** Three people signed in, many pages: slower than the default on a busy machine. */
const JOURNEY_MS = 300_000;
const action = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name });

let school: TestAccount;
const TEACHER = { name: 'Ms Li', account: 'li@oak', password: 'Teach1234' };

beforeAll(async () => {
  school = await createUser(e2e.dataDir, {
    account: 'cockpit.school@example.com',
    password: 'School1234',
    vip: 2,
    days: 365,
    company: 'Oak School',
    credits: 500,
  });
});

/** The chat lab's message box and send button (see e2e/labs/ai-chat.e2e.ts). */
const messageBox = (page: Page) => page.getByRole('textbox', { name: /^Ask anything/ });
const sendButton = (page: Page) => page.getByRole('button', { name: /Send/ });

async function ask(page: Page, text: string) {
  await messageBox(page).fill(text);
  await settle(page);
  await sendButton(page).click();
}

describe('teacher cockpit', () => {
  it(
    'a school makes a teacher, who budgets a class’s credits, reviews every AI turn and runs a lesson that locks labs',
    async () => {
      // The school: a class with one student, then a teacher for it.
      const schoolPage = await e2e.newPage();
      await signIn(schoolPage, school, { path: '/class' });
      await schoolPage.getByLabel('Class name').fill('Grade 7 A');
      await schoolPage.getByLabel('School code').fill('oak');
      await action(schoolPage, 'Create class').click();
      await visible(schoolPage.locator('.class-main-header h2', { hasText: 'Grade 7 A' }));
      await schoolPage.getByRole('tab', { name: 'Add students' }).click();
      await schoolPage.getByLabel('Student names, one per line').fill('mia');
      await action(schoolPage, 'Next: check the logins (1)').click();
      await action(schoolPage, 'Create 1 accounts').click();
      const row = dialog(schoolPage).locator('tr', { hasText: 'mia@oak' });
      const studentPassword = (
        (await visible(row.locator('code')).then((c) => c.textContent())) ?? ''
      ).trim();
      expect(studentPassword.length).toBeGreaterThanOrEqual(8);
      await dialog(schoolPage).getByRole('button', { name: 'Close' }).click();
      await gone(dialog(schoolPage));

      await schoolPage.getByRole('tab', { name: 'Teachers' }).click();
      await action(schoolPage, /New teacher/).click();
      const form = dialog(schoolPage);
      await form.getByLabel('Name', { exact: true }).fill(TEACHER.name);
      await form.getByLabel('Login', { exact: true }).fill(TEACHER.account);
      await form.getByLabel('Password', { exact: true }).fill(TEACHER.password);
      await form.getByLabel('Confirm password', { exact: true }).fill(TEACHER.password);
      await form.getByLabel('Classes').click();
      await schoolPage.locator('.ant-select-item-option', { hasText: 'Grade 7 A' }).click();
      // The multi-select stays open over the button: close it by clicking the dialog's title.
      await form.locator('.ant-modal-title').click();
      await action(form, /Create teacher/).click();
      await gone(form);
      await visible(schoolPage.getByRole('cell', { name: TEACHER.account }));

      // The teacher signs in with the login the school chose and gives the class 20 credits, 5 a day each.
      const teacherPage = await e2e.newPage();
      await signIn(teacherPage, TEACHER, { path: '/class' });
      await visible(teacherPage.locator('.class-main-header h2', { hasText: 'Grade 7 A' }));
      expect(await teacherPage.getByRole('tab', { name: 'Teachers' }).count()).toBe(0);
      await teacherPage.getByRole('tab', { name: 'Credits' }).click();
      await teacherPage.getByLabel('One-off').check();
      await teacherPage.getByLabel('Credits for the class').fill('20');
      await teacherPage.getByLabel('Daily limit per student').fill('5');
      await action(teacherPage, 'Save budget').click();
      await settle(teacherPage);
      await teacherPage.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
      await visible(teacherPage.getByText('20 credits left'));

      // The student chats: each answer costs 1 from the class, the points show what is left today.
      const student = await e2e.newPage();
      await signIn(student, { account: 'mia@oak', password: studentPassword }, { path: '/ailab/aiChat' });
      await visible(student.getByRole('heading', { name: 'AI Q&A', level: 1 }));
      await expectBalance(student, 5);
      fake.mode = 'ok';
      for (let turn = 1; turn <= 5; turn++) {
        fake.reply = [`Answer number ${turn}.`];
        await ask(student, `Question number ${turn}`);
        await visible(student.locator('.chat-turn-assistant').last().getByText(`Answer number ${turn}.`));
        await expectBalance(student, 5 - turn);
      }
      const providerCalls = fake.requests.length;
      await ask(student, 'Question number 6');
      // The refusal is said in the chat, naming who to ask.
      const refusal = student.locator('.chat-turn-assistant').last();
      await visible(refusal.getByText("you have used today's credits from your class", { exact: false }));
      await visible(refusal.getByText(TEACHER.name, { exact: false }));
      // The lab says so too, naming who to ask.
      await visible(student.getByRole('status').filter({ hasText: `ask ${TEACHER.name}` }));
      expect(fake.requests.length).toBe(providerCalls);

      // The teacher's review lists every turn; one is flagged; the CSV has them all.
      await teacherPage.getByRole('tab', { name: 'AI-use review' }).click();
      for (let turn = 1; turn <= 5; turn++)
        await visible(teacherPage.getByRole('cell', { name: `Question number ${turn}` }));
      const flagged = teacherPage.locator('tr', { hasText: 'Question number 3' });
      await flagged.getByRole('button', { name: /Flag/ }).click();
      await visible(flagged.getByRole('button', { name: /Unflag/ }));
      const [download] = await Promise.all([
        teacherPage.waitForEvent('download'),
        action(teacherPage, /Export CSV/).click(),
      ]);
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      for (let turn = 1; turn <= 5; turn++) expect(csv).toContain(`Question number ${turn}`);
      expect(csv).toContain('Answer number 5.');
      expect(csv.split('\n').find((line) => line.includes('Question number 3'))).toMatch(/yes/i);

      // Lesson mode: the teacher opens one lab and locks the rest; the student is sent back with a message.
      // (One journey: the student form signs an account in at most once a minute, a replay guard.)
      await teacherPage.goto('/class');
      await teacherPage.getByRole('tab', { name: 'Lesson mode' }).click();
      await teacherPage.getByRole('checkbox', { name: 'Linear regression' }).check();
      await action(teacherPage, /Start lesson/).click();
      await visible(action(teacherPage, /End lesson/));

      await student.goto('/ailab');
      const banner = student.getByRole('region', { name: 'Your teacher opened these labs for this lesson' });
      await visible(banner);
      await visible(banner.getByTestId('lab-card-linearRegression'));
      await student.goto('/ailab/aiChat');
      await expectPath(student, '/ailab');
      await visible(
        student.getByRole('alert').filter({
          hasText: 'Your teacher has locked this lab during the lesson. These labs are open now:',
        }),
      );
      await toastSeen(student, 'Your teacher has locked this lab during the lesson.');

      // The live view shows the student in the class.
      await teacherPage.getByRole('tab', { name: 'Live view' }).click();
      await visible(teacherPage.locator('tr, .live-student', { hasText: 'mia' }).getByText(/Active/));

      // Ending the lesson opens the lab again.
      await teacherPage.getByRole('tab', { name: 'Lesson mode' }).click();
      await action(teacherPage, /End lesson/).click();
      await teacherPage.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
      await visible(action(teacherPage, /Start lesson/));
      await student.goto('/ailab/aiChat');
      await visible(student.getByRole('heading', { name: 'AI Q&A', level: 1 }));
      await eventually(
        () => Promise.resolve(new URL(student.url()).pathname),
        (path) => expect(path).toBe('/ailab/aiChat'),
      );
    },
    JOURNEY_MS,
  );
});
