/**
 * The studio's cloud AI blocks (docs/make-studio.md, "Cloud blocks") against the real server and a local fake
 * OpenAI-compatible provider: "ask the AI" prints the provider's answer, costs the chat's price and shows in
 * the teacher's review; while a lesson locks the AI Q&A lab the block answers a kind refusal, the program
 * goes on and nothing is charged; "paint a costume" dresses the sprite in the painted picture for the
 * painting's price, and a provider failure is refunded. The school, its class (with a credit budget), a
 * student and a teacher are made over HTTP, as in e2e/make/sharing.e2e.ts.
 */
import { CREDIT_COSTS, passwordDigest } from '@ai-edu/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProviderEnv, startFakeOpenAi } from '../../apps/server/src/test/fake-openai.ts';
import { createUser } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { productApi, type ApiMethod } from '../support/product-api.ts';
import { openProgram, txt } from './workspaces.ts';
import { openWithSession, passwordSession } from '../support/sign-in.ts';
import { eventually, expectBalance, pageHeading, visible } from '../support/ui.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const e2e = setupE2E({ serverEnv: fakeProviderEnv(fake) });
/** Sign-ins, a provider and several pages per journey: slower than the default on a busy machine. */
const JOURNEY_MS = 180_000;
/** What one student may spend from the class a day: the navbar shows what is left of it. */
const DAILY_CAP = 50;

interface Person {
  account: string;
  uid: string;
}
let student: Person;
let teacher: Person;
let classId: string;

/** A JSON request to the product API as `uid`; answers the reply's data. */
const api = <T>(uid: string, method: ApiMethod, path: string, json?: object) =>
  productApi<T>(e2e.baseUrl, uid, method, path, json);

beforeAll(async () => {
  const school = await createUser(e2e.dataDir, {
    account: 'cloud.school@example.com',
    password: 'School2pass',
    vip: 2,
    days: 90,
    company: 'Cedar School',
    credits: 500,
  });
  const schoolUid = await passwordSession(e2e.baseUrl, school);
  const klass = await api<{ id: string }>(schoolUid, 'POST', '/api/classes', {
    name: 'Cloud 6A',
    schoolCode: 'cedar',
  });
  classId = klass.id;
  const [first] = await api<{ account: string; password: string }[]>(
    schoolUid,
    'POST',
    `/api/classes/${classId}/students`,
    { names: ['Ada'] },
  );
  if (!first) throw new Error('the class has no student');
  await api(schoolUid, 'PUT', `/api/classes/${classId}/budget`, {
    mode: 'once',
    amount: 200,
    dailyCap: DAILY_CAP,
  });
  await api(schoolUid, 'POST', '/api/school/teachers', {
    name: 'Mr Wu',
    account: 'wu@cedar',
    password: passwordDigest('Teach3pass'),
    classIds: [classId],
  });
  // Students sign in at most once a minute: one session, shared by the student's pages.
  student = { account: first.account, uid: await passwordSession(e2e.baseUrl, first) };
  teacher = {
    account: 'wu@cedar',
    uid: await passwordSession(e2e.baseUrl, { account: 'wu@cedar', password: 'Teach3pass' }),
  };
});

const print = (id: string, input: object, next?: object) => ({
  type: 'text_print',
  id,
  inputs: { TEXT: input },
  ...(next ? { next: { block: next } } : {}),
});
const workspaceOf = (block: object) => ({
  blocks: { languageVersion: 0, blocks: [{ x: 40, y: 40, ...block }] },
});

/** print(ask the AI "What is a robot?"); print "after". */
const ASK = workspaceOf(
  print(
    'print-answer',
    { block: { type: 'ai_ask', id: 'ask', inputs: { QUESTION: txt('question', 'What is a robot?') } } },
    print('print-after', txt('after', 'after')),
  ),
);

/** paint a costume "a smiling robot"; print "painted". */
const PAINT = workspaceOf({
  type: 'ai_paint_costume',
  id: 'paint',
  inputs: { PROMPT: txt('prompt', 'a smiling robot') },
  next: { block: print('print-painted', txt('painted', 'painted')) },
});

/** Waits until the stage's printed lines (its screen-reader log: the canvas has no text to read) are `lines`. */
async function expectPrinted(page: Page, lines: string[]): Promise<void> {
  const log = page.getByRole('log', { name: 'What the program printed' });
  await eventually(
    () => log.locator('li').allTextContents(),
    (shown) => expect(shown).toEqual(lines),
  );
}
const runState = (page: Page) => page.locator('.make-run-state');
const stageCanvas = (page: Page) => page.locator('canvas.make-stage-canvas');
const run = (page: Page) => page.getByRole('button', { name: 'Run', exact: true });

/** Opens the studio as the student with `workspace` as a new project (from a file, as a student would). */
async function openStudioWith(name: string, workspace: object): Promise<Page> {
  const page = await e2e.newPage();
  await openWithSession(page, student.uid, student.account, { path: '/make' });
  await visible(pageHeading(page, 'Make'));
  await openProgram(page, name, workspace);
  return page;
}

describe('cloud AI blocks in the studio', () => {
  it(
    'ask the AI: prints the answer, costs the chat’s price, and the teacher’s review shows the question',
    async () => {
      fake.mode = 'ok';
      fake.reply = ['A robot is ', 'a machine that ', 'follows a program.'];
      const page = await openStudioWith('ask the AI', ASK);
      // The price is on the block, from the contract.
      expect(CREDIT_COSTS.aiChat).toBe(1);
      await visible(page.locator('.blocklyText', { hasText: '(1 credit)' }));
      await visible(page.getByRole('treeitem', { name: 'AI cloud' }));
      // "How does this work?": the block's Help opens its lab, on our own origin.
      await page
        .locator('.blocklyDraggable[data-id="ask"] .blocklyText', { hasText: 'ask the AI' })
        .first()
        .click({ button: 'right' });
      const [help] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByRole('menuitem', { name: 'Help' }).click(),
      ]);
      await eventually(
        () => Promise.resolve(help.url()),
        (url) => expect(url).toBe(`${e2e.baseUrl}/ailab/aiChat`),
      );
      await help.close();
      await expectBalance(page, DAILY_CAP);
      const calls = fake.requests.length;

      await run(page).click();
      await visible(runState(page).getByText('Finished.'));
      // The streamed answer, whole, then the block after it.
      await expectPrinted(page, ['A robot is a machine that follows a program.', 'after']);
      await expectBalance(page, DAILY_CAP - CREDIT_COSTS.aiChat);
      expect(fake.requests.length).toBe(calls + 1);
      expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions' });

      // The teacher's review of the class's AI use lists the question with its answer.
      const teacherPage = await e2e.newPage();
      await openWithSession(teacherPage, teacher.uid, teacher.account, { path: '/class' });
      await teacherPage.getByRole('tab', { name: 'AI-use review' }).click();
      const row = teacherPage.locator('tr', { hasText: 'What is a robot?' });
      await visible(row);
      await visible(row.getByText('A robot is a machine that follows a program.', { exact: false }));
    },
    JOURNEY_MS,
  );

  it(
    'ask the AI while a lesson locks the AI Q&A lab: a kind refusal, the program goes on, nothing charged',
    async () => {
      await api(teacher.uid, 'POST', `/api/classes/${classId}/lesson`, {
        labs: ['linearRegression'],
        minutes: 45,
        lockOthers: true,
      });
      try {
        const page = await openStudioWith('ask in a lesson', ASK);
        await expectBalance(page, DAILY_CAP - CREDIT_COSTS.aiChat);
        const calls = fake.requests.length;

        await run(page).click();
        await visible(runState(page).getByText('Finished.'));
        await expectPrinted(page, [
          'The AI cannot be used here right now: your teacher has opened other labs for this lesson; this one is locked until it ends.',
          'after',
        ]);
        expect(fake.requests.length).toBe(calls);
        await page.reload();
        await expectBalance(page, DAILY_CAP - CREDIT_COSTS.aiChat);
      } finally {
        await api(teacher.uid, 'DELETE', `/api/classes/${classId}/lesson`);
      }
    },
    JOURNEY_MS,
  );

  it(
    'paint a costume: the sprite wears the painted picture for the painting’s price; a provider failure is refunded',
    async () => {
      fake.mode = 'ok';
      const page = await openStudioWith('paint a costume', PAINT);
      await visible(page.locator('.blocklyText', { hasText: `(${CREDIT_COSTS.textToImage} credits)` }));
      let balance = DAILY_CAP - CREDIT_COSTS.aiChat;
      await expectBalance(page, balance);
      expect(await stageCanvas(page).getAttribute('data-sprite-costume')).toBe('robot');

      await run(page).click();
      await visible(runState(page).getByText('Finished.'));
      await eventually(
        () => stageCanvas(page).getAttribute('data-sprite-costume'),
        (costume) => expect(costume).toBe('image:1'),
      );
      await expectPrinted(page, ['painted']);
      expect(fake.requests.at(-1)).toMatchObject({
        path: '/v1/images/generations',
        body: { prompt: 'a smiling robot', size: '512x512' },
      });
      await eventually(
        () => page.getByRole('status', { name: 'What the sprite says' }).innerText(),
        (text) => expect(text).toBe('The picture is at x 0, y 0, facing 90°.'),
      );
      balance -= CREDIT_COSTS.textToImage;
      await expectBalance(page, balance);

      // The provider fails: the sprite keeps its costume, the stage says why, and the charge is refunded.
      fake.mode = 'error';
      await run(page).click();
      await visible(runState(page).getByText('Finished.'));
      await expectPrinted(page, ['The AI service did not answer; no credits were charged.', 'painted']);
      expect(await stageCanvas(page).getAttribute('data-sprite-costume')).toBe('robot');
      await page.reload();
      await expectBalance(page, balance);
      fake.mode = 'ok';
    },
    JOURNEY_MS,
  );
});
