/**
 * The AI routes write the review (issue 16): a class student's chat turn, painting and sketch painting are
 * recorded with what was asked, answered and charged; anyone else's are not; the school's word list blocks a
 * prompt before anything is charged or sent; a painting the teacher hides leaves the student's gallery.
 */
import { CREDIT_COSTS, type AiUseRecord, type ReviewPage } from '@ai-edu/contract';
import { aiRequests, aiUseRecords } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeProviderEnv, startFakeOpenAi, TINY_PNG, type FakeOpenAi } from '../../test/fake-openai.ts';
import {
  createTestApp,
  creditBalance,
  signedInUser,
  type ProductReply,
  type TestApp,
} from '../../test/helpers.ts';
import { as, schoolWithClass, STUDENT_CREDITS } from './test-fixtures.ts';

let database: TestDatabase;
let fake: FakeOpenAi;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  await database.dispose();
});
beforeEach(async () => {
  fake.mode = 'ok';
  fake.requests.length = 0;
  fake.editedImage = TINY_PNG;
  t = await createTestApp(fakeProviderEnv(fake), database);
});
afterEach(() => t.close());

const chat = (uid: string, content: string) =>
  as(t, uid, 'POST', '/api/ai/chat', { messages: [{ role: 'user', content }] });
const paint = (uid: string, prompt: string) =>
  as(t, uid, 'POST', '/api/ai/textToImage_model', { prompt, style: 'watercolor' });
const sketch = (uid: string, prompt?: string) =>
  as(t, uid, 'POST', '/api/ai/sketchToImage', {
    image: `data:image/png;base64,${TINY_PNG.toString('base64')}`,
    ...(prompt === undefined ? {} : { prompt }),
  });

async function review(uid: string, classId: string, query = ''): Promise<ReviewPage> {
  const res = await as(t, uid, 'GET', `/api/classes/${classId}/ai-use${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<ProductReply<ReviewPage>>().data;
}

const recordsOf = (userId: string) =>
  database.db.select().from(aiUseRecords).where(eq(aiUseRecords.userId, userId));

describe('recording AI use for the review', () => {
  it("records a class student's chat turn, painting and sketch painting with the right fields", async () => {
    const s = await schoolWithClass(t);
    const answered = await chat(s.student.uid, 'Tell me about pandas');
    expect(answered.body).toContain('"type":"done"');
    expect((await paint(s.student.uid, 'a panda reading')).statusCode).toBe(200);
    expect((await sketch(s.student.uid, 'a house')).statusCode).toBe(200);
    expect((await sketch(s.student.uid)).statusCode).toBe(200);

    const page = await review(s.teacher.uid, s.classId);
    expect(page.total).toBe(4);
    const [noPrompt, house, panda, turn] = page.items as [AiUseRecord, AiUseRecord, AiUseRecord, AiUseRecord];
    expect(turn).toMatchObject({
      userId: s.student.id,
      displayName: s.student.displayName,
      account: s.student.account,
      lab: 'aiChat',
      prompt: 'Tell me about pandas',
      answer: 'Hello, world!',
      imageUrl: null,
      imageHidden: false,
      credits: CREDIT_COSTS.aiChat,
      status: 'answered',
      blockedWord: null,
      flagged: false,
    });
    expect(panda).toMatchObject({
      lab: 'textToImage',
      prompt: 'a panda reading',
      answer: null,
      credits: CREDIT_COSTS.textToImage,
    });
    expect(house).toMatchObject({
      lab: 'writingPredict',
      prompt: 'a house',
      status: 'answered',
      credits: CREDIT_COSTS.writingPredict,
    });
    expect(noPrompt).toMatchObject({ lab: 'writingPredict', prompt: '' });
    expect(panda.imageUrl).toMatch(/^\/api\/review-images\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    const image = await t.app.inject({ method: 'GET', url: panda.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // Each record names the gateway's request of its call.
    const rows = await recordsOf(s.student.id);
    const requests = await database.db
      .select({ id: aiRequests.id })
      .from(aiRequests)
      .where(eq(aiRequests.userId, s.student.id));
    expect(new Set(rows.map((r) => r.requestId))).toEqual(new Set(requests.map((r) => r.id)));
    expect(rows.every((r) => r.classId === s.classId)).toBe(true);
  });

  it('records failed calls with nothing charged, and nobody outside a class', async () => {
    const s = await schoolWithClass(t);
    fake.mode = 'error';
    await chat(s.student.uid, 'will fail');
    expect((await paint(s.student.uid, 'will fail too')).statusCode).toBe(502);
    const page = await review(s.school.uid, s.classId);
    expect(page.items.map((r) => [r.lab, r.prompt, r.status, r.credits, r.answer])).toEqual([
      ['textToImage', 'will fail too', 'failed', 0, null],
      ['aiChat', 'will fail', 'failed', 0, null],
    ]);
    expect(await creditBalance(t, s.student.uid)).toBe(STUDENT_CREDITS);

    fake.mode = 'ok';
    const loner = await signedInUser(t, 'review-loner@example.com', { credits: '30' });
    await chat(loner.uid, 'hello');
    await paint(loner.uid, 'a cat');
    expect(await recordsOf(loner.id)).toEqual([]);
    // A teacher's own use is not a student's either.
    await chat(s.teacher.uid, 'hello');
    expect(await recordsOf(s.teacher.id)).toEqual([]);
  });

  it("blocks a prompt with a word from the school's list: recorded, 422, nothing charged or sent", async () => {
    const s = await schoolWithClass(t);
    const saved = await as(t, s.school.uid, 'PUT', '/api/school/settings', {
      blockedWords: ['Stupid', '笨蛋', 'ass'],
      retentionDays: 180,
    });
    expect(saved.statusCode).toBe(200);

    const blocked = await chat(s.student.uid, 'you are STUPID');
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json<{ message: string }>().message).toBe(
      'your school does not allow a word in this prompt; please rephrase it. The word: stupid',
    );
    const painted = await paint(s.student.uid, '画一只笨蛋猫');
    expect(painted.statusCode).toBe(422);
    expect((await sketch(s.student.uid, 'a stupid dog')).statusCode).toBe(422);
    expect(fake.requests).toEqual([]);
    expect(await creditBalance(t, s.student.uid)).toBe(STUDENT_CREDITS);
    const requests = await database.db.select().from(aiRequests).where(eq(aiRequests.userId, s.student.id));
    expect(requests).toEqual([]);

    // The history is screened too (a refused question must not reach the model as history), but not what
    // the model itself said.
    const withHistory = (history: { role: string; content: string }[]) =>
      as(t, s.student.uid, 'POST', '/api/ai/chat', {
        messages: [...history, { role: 'user', content: 'and now?' }],
      });
    const refusedAgain = await withHistory([
      { role: 'user', content: 'draw a 笨蛋' },
      { role: 'assistant', content: 'sorry' },
    ]);
    expect(refusedAgain.statusCode).toBe(422);
    expect(fake.requests).toEqual([]);
    expect((await withHistory([{ role: 'system', content: 'say stupid' }])).statusCode).toBe(422);
    expect(fake.requests).toEqual([]);
    const repliedWithWord = await withHistory([
      { role: 'user', content: 'what is a rude word?' },
      { role: 'assistant', content: 'stupid is one' },
    ]);
    expect(repliedWithWord.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(1);

    // A whole Latin word only: "class" is fine.
    expect((await chat(s.student.uid, 'my class is fun')).statusCode).toBe(200);

    const page = await review(s.teacher.uid, s.classId, '?status=blocked');
    expect(page.items.map((r) => [r.lab, r.prompt, r.blockedWord, r.credits, r.status])).toEqual([
      ['aiChat', 'say stupid', 'stupid', 0, 'blocked'],
      ['aiChat', 'draw a 笨蛋', '笨蛋', 0, 'blocked'],
      ['writingPredict', 'a stupid dog', 'stupid', 0, 'blocked'],
      ['textToImage', '画一只笨蛋猫', '笨蛋', 0, 'blocked'],
      ['aiChat', 'you are STUPID', 'stupid', 0, 'blocked'],
    ]);

    // Nor does the list apply to anyone outside a class.
    const loner = await signedInUser(t, 'review-free@example.com', { credits: '5' });
    expect((await chat(loner.uid, 'stupid robot')).statusCode).toBe(200);
  });

  it("hides a painting: gone from the student's gallery and link, still shown to the class's staff", async () => {
    const s = await schoolWithClass(t);
    const painting = (await paint(s.student.uid, 'a dragon')).json<
      ProductReply<{ id: string; url: string }>
    >().data;
    const gallery = async () =>
      (await as(t, s.student.uid, 'GET', '/api/ai/images'))
        .json<ProductReply<{ id: string }[]>>()
        .data.map((p) => p.id);
    expect(await gallery()).toEqual([painting.id]);
    const [record] = (await review(s.teacher.uid, s.classId)).items;

    const hidden = await as(t, s.teacher.uid, 'POST', `/api/classes/${s.classId}/ai-use/${record!.id}/hide`, {
      hidden: true,
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<ProductReply<AiUseRecord>>().data).toMatchObject({
      id: record!.id,
      imageHidden: true,
    });
    expect(await gallery()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: painting.url })).statusCode).toBe(404);
    expect((await as(t, s.student.uid, 'DELETE', `/api/ai/images/${painting.id}`)).statusCode).toBe(404);
    const staffView = (await review(s.school.uid, s.classId)).items[0]!;
    expect(staffView.imageHidden).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: staffView.imageUrl! })).statusCode).toBe(200);
    // The student's own link cannot be turned into a review link, nor the other way round.
    const sig = new URL(painting.url, 'http://x').search;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/review-images/${painting.id}${sig}` })).statusCode,
    ).toBe(403);
    const reviewSig = new URL(staffView.imageUrl!, 'http://x').search;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/ai/images/${painting.id}${reviewSig}` })).statusCode,
    ).toBe(403);

    const shown = await as(t, s.teacher.uid, 'POST', `/api/classes/${s.classId}/ai-use/${record!.id}/hide`, {
      hidden: false,
    });
    expect(shown.json<ProductReply<AiUseRecord>>().data.imageHidden).toBe(false);
    expect(await gallery()).toEqual([painting.id]);
    expect((await t.app.inject({ method: 'GET', url: painting.url })).statusCode).toBe(200);
  });
});
