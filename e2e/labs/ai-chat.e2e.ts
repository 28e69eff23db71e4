/**
 * AI Q&A (`/ailab/aiChat`) against the real server and a local fake OpenAI-compatible provider: streamed
 * Markdown answers, the navbar balance following each paid message, failures that charge nothing, stop,
 * past conversations, the switch to the tiny poet; and, on a server without a provider, the tiny poet (the
 * offline mode: live writing with its top 5, attention, nearest poems) and the set-up instructions for an admin.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../apps/server/src/test/fake-openai.ts';
import { createAdmin } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { dialog, gone, settle, visible, expectBalance } from '../support/ui.ts';
import { openLabAs } from '../support/sign-in.ts';

/** Logging in costs a password hash on a busy machine: a journey gets two minutes. */
const SLOW_TEST_MS = 120_000;

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const openChat = (page: Page) => openLabAs(page, 'aiChat', 'AI Q&A');

const messageBox = (page: Page) => page.getByRole('textbox', { name: /^Ask anything/ });
const sendButton = (page: Page) => page.getByRole('button', { name: /Send/ });
const answers = (page: Page) => page.locator('.chat-turn-assistant');
const historyItems = (page: Page) => page.locator('.chat-sidebar .chat-history-item');

async function send(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text);
  await settle(page);
  await sendButton(page).click();
}

describe('AI Q&A with a provider', () => {
  const e2e = setupE2E({ serverEnv: { AI_CHAT_BASE_URL: fake.url, AI_CHAT_API_KEY: fake.apiKey } });

  it(
    'streams a Markdown answer with a code block, keeps the conversation and charges 1 credit per message',
    async () => {
      fake.mode = 'slow';
      fake.reply = [
        'Here is a **prime check**:\n\n',
        '```python\n',
        'def is_prime(n):\n',
        '    return n > 1 and all(n % d for d in range(2, n))\n',
        '```\n\n',
        '| n | prime |\n|---|---|\n| 7 | yes |\n',
      ];
      const page = await e2e.newPage();
      await openChat(page);

      await visible(page.getByText('Each message costs 1 credit.'));
      await visible(
        page.getByText('A reply cut off by stop or error is charged only if the provider produced output.'),
      );
      await expectBalance(page, 100);
      expect(await sendButton(page).textContent()).toContain('1');

      await send(page, 'Write a prime check in Python');
      // The answer is still coming: the stop button replaces send.
      await visible(page.getByRole('button', { name: 'Stop' }));
      const answer = answers(page).last();
      await visible(answer.locator('pre code').filter({ hasText: 'def is_prime(n):' }));
      await visible(answer.locator('strong', { hasText: 'prime check' }));
      await visible(answer.locator('td', { hasText: 'yes' }));
      await visible(answer.locator('.chat-code-lang', { hasText: 'python' }));
      await visible(answer.getByRole('button', { name: 'Copy' }).first());
      await visible(sendButton(page));
      await expectBalance(page, 99);

      const request = fake.requests.at(-1);
      expect(request?.path).toBe('/v1/chat/completions');
      expect(request?.body).toMatchObject({
        stream: true,
        messages: [{ role: 'user', content: 'Write a prime check in Python' }],
      });

      // The conversation is listed under its first message.
      await visible(historyItems(page).filter({ hasText: 'Write a prime check in Python' }));
      expect(await historyItems(page).count()).toBe(1);

      // A second message carries the history: the provider sees the whole conversation.
      fake.mode = 'ok';
      fake.reply = ['Because ', 'it has no divisors.'];
      await send(page, 'Why is 7 prime?');
      await visible(answers(page).last().getByText('Because it has no divisors.'));
      await expectBalance(page, 98);
      const messages = (fake.requests.at(-1)?.body.messages ?? []) as { role: string; content: string }[];
      expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
      expect(messages[1]?.content).toContain('def is_prime(n):');
      expect(await historyItems(page).count()).toBe(1);

      // After a reload the conversation opens again from the list, then it is deleted.
      await page.reload();
      await visible(page.getByRole('heading', { name: 'What would you like to know?' }));
      await historyItems(page).first().locator('.chat-history-open').click();
      await visible(page.locator('.chat-turn-user', { hasText: 'Why is 7 prime?' }));
      await visible(answers(page).locator('pre code').filter({ hasText: 'def is_prime(n):' }));
      await historyItems(page).first().hover();
      await historyItems(page)
        .first()
        .getByRole('button', { name: /^Delete conversation/ })
        .click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await visible(page.getByText('Conversation deleted'));
      await gone(historyItems(page));
      await visible(page.getByRole('heading', { name: 'What would you like to know?' }));
      await expectBalance(page, 98);
    },
    SLOW_TEST_MS,
  );

  it(
    'switches between the cloud AI and the tiny poet, and remembers the choice in the address',
    async () => {
      const page = await e2e.newPage();
      await openChat(page);
      const modes = page.getByRole('radiogroup', { name: 'Which AI writes' });
      await visible(messageBox(page));
      await modes.getByText('Our tiny poet').click();
      await visible(page.getByTestId('poet-mode'));
      expect(new URL(page.url()).searchParams.get('mode')).toBe('tiny');
      expect(await messageBox(page).count()).toBe(0);
      await page.reload();
      await visible(page.getByTestId('poet-mode'));
      await modes.getByText('Cloud AI').click();
      await visible(messageBox(page));
      expect(new URL(page.url()).searchParams.get('mode')).toBe('cloud');
    },
    SLOW_TEST_MS,
  );

  it(
    'explains a provider error, charges nothing, and a retry with the same key is charged once',
    async () => {
      fake.mode = 'error';
      const page = await e2e.newPage();
      const keys: unknown[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/ai/chat')
          keys.push((request.postDataJSON() as { idempotencyKey?: string }).idempotencyKey);
      });
      await openChat(page);
      await expectBalance(page, 98);

      await send(page, 'Tell me a joke');
      const failed = answers(page).last();
      await visible(failed.getByText('the AI service did not answer; no credits were charged'));
      await expectBalance(page, 98);

      fake.mode = 'ok';
      fake.reply = ['Why did the robot ', 'go on holiday?'];
      await failed.getByRole('button', { name: 'Try again' }).click();
      await visible(answers(page).last().getByText('Why did the robot go on holiday?'));
      await expectBalance(page, 97);
      // One user message on the page, sent twice under one idempotency key.
      expect(await page.locator('.chat-turn-user').count()).toBe(1);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[\w.:-]{8,100}$/);
      expect(keys[1]).toBe(keys[0]);
    },
    SLOW_TEST_MS,
  );

  it(
    'stops a reply before any output without charging',
    async () => {
      fake.mode = 'hang';
      const page = await e2e.newPage();
      await openChat(page);
      await expectBalance(page, 97);

      await send(page, 'This will take forever');
      await visible(page.getByText('Thinking…'));
      await page.getByRole('button', { name: 'Stop' }).click();
      await visible(page.getByText('Stopped before any output: not charged.'));
      // The server refunds once it sees the browser go; the navbar asks again and shows the same balance.
      await expectBalance(page, 97);
      await visible(sendButton(page));
      fake.mode = 'ok';
    },
    SLOW_TEST_MS,
  );

  it(
    'refuses a message when the credits run out',
    async () => {
      fake.mode = 'ok';
      const page = await e2e.newPage();
      await openChat(page);
      // Spend down to 0 through the API with the page's own session, then try from the page.
      const spent = await page.evaluate(async () => {
        const stored = JSON.parse(window.localStorage.getItem('ai-edu') ?? '{}') as {
          state?: { users?: { uid?: string } };
        };
        const uid = stored.state?.users?.uid ?? '';
        let last = 0;
        for (let i = 0; i < 200; i++) {
          const res = await fetch('/api/ai/chat', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${uid}` },
            body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
          });
          last = res.status;
          await res.text();
          if (res.status !== 200) break;
        }
        return last;
      });
      // Either the credits or the per-minute limit stops it first; both are explained on the page.
      expect([402, 429]).toContain(spent);
      await send(page, 'One more?');
      const refused = answers(page).last();
      await visible(refused.locator('.chat-note'));
      const note = (await refused.locator('.chat-note').textContent()) ?? '';
      expect(note).toMatch(/Not enough credits for this message \(1 credit needed\)|Too many requests/);
    },
    SLOW_TEST_MS,
  );
});

describe('AI Q&A without a provider', () => {
  const e2e = setupE2E();

  it(
    'opens the tiny poet: it continues a typed line in Chinese with its top 5, offline and free',
    async () => {
      const page = await e2e.newPage();
      await openChat(page);
      await visible(page.getByTestId('poet-mode'));
      // No switch and no server settings for a student: the tiny poet is the lab.
      expect(await page.getByRole('radiogroup', { name: 'Which AI writes' }).count()).toBe(0);
      expect(await page.getByText('AI chat is not set up on this school’s server yet').count()).toBe(0);
      await expectBalance(page, 100);

      await page.getByRole('textbox', { name: 'The start of your poem' }).fill('春风');
      await page.getByRole('button', { name: 'Write' }).click();
      await visible(page.getByTestId('poet-ended'));
      const poem = (await page.getByTestId('poet-poem').textContent()) ?? '';
      expect(poem.startsWith('春风')).toBe(true);
      // It wrote Chinese characters of its own (and punctuation), beyond the two typed.
      expect([...poem].slice(2).filter((c) => /\p{Script=Han}/u.test(c)).length).toBeGreaterThan(2);
      const written = page.getByTestId('poet-poem').locator('.poet-char-written');
      expect(await written.count()).toBe([...poem].length - 2);

      // The last step's five likeliest characters, likeliest first, and the one drawn marked (after them
      // when it was less likely).
      const choices = page.getByTestId('poet-choices').locator('li');
      expect([5, 6]).toContain(await choices.count());
      expect(await page.locator('.poet-choice-drawn').count()).toBe(1);
      const shares = await page.locator('.poet-choice-p').allTextContents();
      const numbers = shares.slice(0, 5).map((text) => Number.parseFloat(text));
      expect(numbers.every((n, i) => i === 0 || n <= numbers[i - 1]!)).toBe(true);

      // A character it wrote: its own choices, and where it looked while writing it.
      await written.first().click();
      await visible(page.getByText('Its top 5 choices for character 3'));
      await visible(page.getByTestId('poet-attention').getByText(/^Writing “.”, it looked at:/));
      expect(await page.locator('.poet-char-shaded').count()).toBe([...poem].length);
      await visible(page.getByTestId('poet-nearest-verdict'));

      // The other poet learnt Shakespeare's sonnets: it continues an English start with letters.
      await page
        .getByRole('radiogroup', { name: 'What the poet learnt from' })
        .getByText('English sonnets')
        .click();
      await visible(page.locator('[data-testid="poet-mode"][data-corpus="en"]'));
      await visible(
        page.getByTestId('poet-held-out').getByText(/^On lines it never saw it needs \d\.\d bits/),
      );
      await page.getByRole('textbox', { name: 'The start of your poem' }).fill('Shall I');
      await page.getByRole('button', { name: 'Write' }).click();
      await visible(page.getByTestId('poet-ended'));
      const line = (await page.getByTestId('poet-poem').textContent()) ?? '';
      expect(line.startsWith('Shall I')).toBe(true);
      expect(line.slice('Shall I'.length)).toMatch(/[a-z]{2}/);
      expect(new URL(page.url()).searchParams.get('poet')).toBe('en');
      await page
        .getByRole('radiogroup', { name: 'What the poet learnt from' })
        .getByText('Chinese poems')
        .click();
      await visible(page.locator('[data-testid="poet-mode"][data-corpus="zh"]'));

      // Fine-tuning needs a few lines to learn from: one is refused with a reason.
      await page.getByRole('button', { name: 'Teach it your class’s texts' }).click();
      await page.getByRole('textbox', { name: 'Your class’s texts' }).fill('春天来了。');
      await page.getByRole('button', { name: 'Train on these texts' }).click();
      await visible(page.getByText('Give it at least 2 lines to learn from.'));

      await expectBalance(page, 100);
      expect(await dialog(page).count()).toBe(0);

      // The endpoint itself refuses with 503 and keeps the credits.
      const status = await page.evaluate(async () => {
        const stored = JSON.parse(window.localStorage.getItem('ai-edu') ?? '{}') as {
          state?: { users?: { uid?: string } };
        };
        const res = await fetch('/api/ai/chat', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${stored.state?.users?.uid ?? ''}`,
          },
          body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
        });
        return res.status;
      });
      expect(status).toBe(503);
      await expectBalance(page, 100);

      // The lab index opens it the same way.
      await page.goto('/ailab');
      await page.getByTestId('lab-card-aiChat').click();
      await visible(page.getByTestId('poet-mode'));
    },
    SLOW_TEST_MS,
  );

  it(
    'shows an admin how to set it up: the console tab, or the environment',
    async () => {
      const account = await createAdmin(e2e.dataDir);
      const page = await e2e.newPage();
      await openLabAs(page, 'aiChat', 'AI Q&A', account);
      // An admin also starts with the tiny poet, and finds the set-up behind "Cloud AI".
      await visible(page.getByTestId('poet-mode'));
      await page.getByRole('radiogroup', { name: 'Which AI writes' }).getByText('Cloud AI').click();
      await visible(page.getByText(/Set one up in the admin console’s “AI providers” tab/));
      for (const name of ['AI_CHAT_BASE_URL', 'AI_CHAT_API_KEY', 'AI_CHAT_MODEL']) {
        await visible(page.locator('.chat-not-configured .provider-settings code', { hasText: name }));
      }
      await page.getByRole('button', { name: 'Set up AI providers' }).click();
      await visible(page.getByRole('tab', { name: 'AI providers', selected: true }));
      await visible(page.getByTestId('ai-provider-chat'));
    },
    SLOW_TEST_MS,
  );
});
