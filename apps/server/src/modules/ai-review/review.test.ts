/**
 * The review routes (issue 16) on records written straight through recordAiUse: filters, paging, the CSV
 * export, flagging, who may look (school, the class's teacher) and who may not, the school's settings, and
 * the retention sweep.
 */
import type { AiUseRecord, ReviewPage, SchoolSettings } from '@ai-edu/contract';
import { aiUseRecords, classStudents } from '@ai-edu/db';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest, createTestApp, signedInUser, type ProductReply } from '../../test/helpers.ts';
import { recordAiUse, type AiUseOutcome } from './record.ts';
import { sweepAiUseRecords } from './retention.ts';
import { as, schoolWithClass, type SchoolFixture } from './test-fixtures.ts';

const state = appPerTest();

const answered = (prompt: string, extra: Partial<AiUseOutcome> = {}): AiUseOutcome => ({
  prompt,
  answer: `answer to ${prompt}`,
  credits: 1,
  status: 'answered',
  ...extra,
});

/** Records `outcome` for a student of `classId` at `at`. */
async function recorded(
  userId: string,
  classId: string,
  lab: 'aiChat' | 'textToImage' | 'writingPredict',
  outcome: AiUseOutcome,
  at: string,
) {
  await recordAiUse(state.t.database.db, { userId, classId }, lab, outcome, new Date(at));
}

async function page(uid: string, s: SchoolFixture, query = ''): Promise<ReviewPage> {
  const res = await as(state.t, uid, 'GET', `/api/classes/${s.classId}/ai-use${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductReply<ReviewPage>>().data;
}

const prompts = (p: ReviewPage) => p.items.map((r) => r.prompt);

/** A class with records across two days, labs, statuses and two students; one in another class. */
async function classWithRecords() {
  const { t } = state;
  const s = await schoolWithClass(t);
  const amy = await s.addStudent();
  const outsider = await s.addStudent(s.otherClassId);
  // 2026-03-01 23:59:59 and 2026-03-02 00:00:00 China time either side of midnight.
  await recorded(s.student.id, s.classId, 'aiChat', answered('pandas eat bamboo'), '2026-03-01T15:59:59Z');
  await recorded(s.student.id, s.classId, 'aiChat', answered('100% sure?'), '2026-03-01T16:00:00Z');
  await recorded(
    amy.id,
    s.classId,
    'textToImage',
    answered('a Red dragon', { answer: null, credits: 10 }),
    '2026-03-02T01:00:00Z',
  );
  await recorded(
    amy.id,
    s.classId,
    'aiChat',
    { prompt: 'you are stupid', credits: 0, status: 'blocked', blockedWord: 'stupid' },
    '2026-03-03T01:00:00Z',
  );
  await recorded(
    s.student.id,
    s.classId,
    'writingPredict',
    { prompt: 'snake_case', credits: 0, status: 'failed' },
    '2026-03-04T01:00:00Z',
  );
  await recorded(outsider.id, s.otherClassId, 'aiChat', answered('other class'), '2026-03-02T02:00:00Z');
  return { s, amy, outsider };
}

describe('the AI-use review', () => {
  it('lists only this class, newest first, with filters for student, lab, days, words and status', async () => {
    const { s, amy } = await classWithRecords();
    const all = await page(s.teacher.uid, s);
    expect(all.total).toBe(5);
    expect(prompts(all)).toEqual([
      'snake_case',
      'you are stupid',
      'a Red dragon',
      '100% sure?',
      'pandas eat bamboo',
    ]);
    expect(all.items[2]).toMatchObject({ displayName: amy.displayName, account: amy.account, credits: 10 });

    expect(prompts(await page(s.teacher.uid, s, `?student=${amy.id}`))).toEqual([
      'you are stupid',
      'a Red dragon',
    ]);
    expect(prompts(await page(s.teacher.uid, s, '?lab=textToImage'))).toEqual(['a Red dragon']);
    // Days are China time, both ends included.
    expect(prompts(await page(s.teacher.uid, s, '?from=2026-03-02&to=2026-03-02'))).toEqual([
      'a Red dragon',
      '100% sure?',
    ]);
    expect(prompts(await page(s.teacher.uid, s, '?to=2026-03-01'))).toEqual(['pandas eat bamboo']);
    expect(prompts(await page(s.teacher.uid, s, '?from=2026-03-03'))).toEqual([
      'snake_case',
      'you are stupid',
    ]);
    // Words: case-insensitive, in the prompt or the answer, LIKE wildcards taken literally.
    expect(prompts(await page(s.teacher.uid, s, '?q=RED'))).toEqual(['a Red dragon']);
    expect(prompts(await page(s.teacher.uid, s, '?q=answer%20to%20pandas'))).toEqual(['pandas eat bamboo']);
    expect(prompts(await page(s.teacher.uid, s, `?q=${encodeURIComponent('100%')}`))).toEqual(['100% sure?']);
    expect(prompts(await page(s.teacher.uid, s, `?q=${encodeURIComponent('0%')}`))).toEqual(['100% sure?']);
    expect(prompts(await page(s.teacher.uid, s, '?q=e_c'))).toEqual(['snake_case']);
    expect(prompts(await page(s.teacher.uid, s, '?q=%25'))).toEqual(['100% sure?']);
    expect(prompts(await page(s.teacher.uid, s, '?q=a_R'))).toEqual([]);
    expect(prompts(await page(s.teacher.uid, s, '?status=blocked'))).toEqual(['you are stupid']);
    expect((await page(s.teacher.uid, s, '?status=blocked')).items[0]!.blockedWord).toBe('stupid');
    expect(prompts(await page(s.teacher.uid, s, '?status=failed&lab=writingPredict'))).toEqual([
      'snake_case',
    ]);

    // Bad filters are the client's mistake.
    for (const bad of ['?lab=flappyBird', '?from=2026-13-01', '?status=odd', '?pageSize=201', '?student=x'])
      expect(
        (await as(state.t, s.teacher.uid, 'GET', `/api/classes/${s.classId}/ai-use${bad}`)).statusCode,
      ).toBe(400);
  });

  it('pages the results', async () => {
    const { s } = await classWithRecords();
    const first = await page(s.school.uid, s, '?pageSize=2');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(prompts(first)).toEqual(['snake_case', 'you are stupid']);
    expect(prompts(await page(s.school.uid, s, '?pageSize=2&page=3'))).toEqual(['pandas eat bamboo']);
    expect(await page(s.school.uid, s, '?pageSize=2&page=4')).toMatchObject({ total: 5, items: [] });
    expect((await page(s.school.uid, s)).pageSize).toBe(50);
  });

  it("leaves out a student who left the class, and another class's records", async () => {
    const { s, amy } = await classWithRecords();
    await state.t.database.db
      .delete(classStudents)
      .where(and(eq(classStudents.classId, s.classId), eq(classStudents.userId, amy.id)));
    const left = await page(s.teacher.uid, s);
    expect(left.total).toBe(3);
    expect(left.items.every((r) => r.userId === s.student.id)).toBe(true);
  });

  it('flags and unflags a record, and filters by flag', async () => {
    const { s, outsider } = await classWithRecords();
    const [newest] = (await page(s.teacher.uid, s)).items;
    const url = `/api/classes/${s.classId}/ai-use/${newest!.id}/flag`;
    const flagged = await as(state.t, s.teacher.uid, 'POST', url, { flagged: true });
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json<ProductReply<AiUseRecord>>().data).toMatchObject({ id: newest!.id, flagged: true });
    const [row] = await state.t.database.db
      .select()
      .from(aiUseRecords)
      .where(eq(aiUseRecords.id, newest!.id));
    expect(row!.flaggedBy).toBe(s.teacher.id);
    expect(prompts(await page(s.school.uid, s, '?flagged=true'))).toEqual(['snake_case']);
    expect(await page(s.school.uid, s, '?flagged=false')).toMatchObject({ total: 4 });

    const unflagged = await as(state.t, s.school.uid, 'POST', url, { flagged: false });
    expect(unflagged.json<ProductReply<AiUseRecord>>().data.flagged).toBe(false);
    expect((await page(s.school.uid, s, '?flagged=true')).total).toBe(0);

    // A record of another class, one that does not exist, a painting-less record to hide, bad input.
    const [theirs] = await state.t.database.db
      .select()
      .from(aiUseRecords)
      .where(eq(aiUseRecords.userId, outsider.id));
    const base = `/api/classes/${s.classId}/ai-use`;
    expect(
      (await as(state.t, s.school.uid, 'POST', `${base}/${theirs!.id}/flag`, { flagged: true })).statusCode,
    ).toBe(404);
    expect(
      (await as(state.t, s.school.uid, 'POST', `${base}/${theirs!.id}/hide`, { hidden: true })).statusCode,
    ).toBe(404);
    expect(
      (await as(state.t, s.school.uid, 'POST', `${base}/99999999/flag`, { flagged: true })).statusCode,
    ).toBe(404);
    expect(
      (await as(state.t, s.school.uid, 'POST', `${base}/${newest!.id}/hide`, { hidden: true })).statusCode,
    ).toBe(404);
    expect((await as(state.t, s.school.uid, 'POST', url, { flagged: 'yes' })).statusCode).toBe(400);
    expect((await as(state.t, s.school.uid, 'POST', `${base}/abc/flag`, { flagged: true })).statusCode).toBe(
      400,
    );
  });

  it('exports the filtered review as a CSV for Excel, headers in the asked language', async () => {
    const { s, amy } = await classWithRecords();
    await recorded(
      s.student.id,
      s.classId,
      'aiChat',
      answered('=HYPERLINK("http://evil")', { answer: 'line one\nline two, with "quotes"' }),
      '2026-03-05T01:00:00Z',
    );
    const csv = await state.t.app.inject({
      method: 'GET',
      url: `/api/classes/${s.classId}/ai-use.csv?lab=aiChat`,
      headers: { authorization: `Bearer ${s.teacher.uid}`, 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="ai-use-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''Grade%205%20%28\d+%29-ai-use-/,
    );
    const body = csv.rawPayload.toString('utf8');
    expect(
      body.startsWith(
        '\uFEFFTime (China),Student,Account,Lab,Status,Prompt,Answer,Credits,Flagged,Blocked word\r\n',
      ),
    ).toBe(true);
    const lines = body.slice(1).split('\r\n');
    // Header, four chat records (the quoted answer keeps its line break inside its quotes), the last CRLF.
    expect(body.slice(1).match(/\r\n/g)).toHaveLength(5);
    expect(lines[1]).toBe(
      `2026-03-05 09:00:00,${s.student.displayName},${s.student.account},AI chat,answered,"'=HYPERLINK(""http://evil"")","line one\nline two, with ""quotes""",1,no,`,
    );
    expect(lines.at(-2)).toBe(
      `2026-03-01 23:59:59,${s.student.displayName},${s.student.account},AI chat,answered,pandas eat bamboo,answer to pandas eat bamboo,1,no,`,
    );
    expect(body).toContain('you are stupid,,0,no,stupid');

    const zh = await state.t.app.inject({
      method: 'GET',
      url: `/api/classes/${s.classId}/ai-use.csv?status=blocked`,
      headers: { authorization: `Bearer ${s.school.uid}`, 'accept-language': 'zh-CN' },
    });
    const zhLines = zh.rawPayload.toString('utf8').split('\r\n');
    expect(zhLines[0]).toBe('\uFEFF时间（北京时间）,学生,账号,实验,状态,提示词,回答,积分,已标记,屏蔽词');
    expect(zhLines.slice(1, -1)).toEqual([
      `2026-03-03 09:00:00,${amy.displayName},${amy.account},AI 对话,已屏蔽,you are stupid,,0,否,stupid`,
    ]);
  });

  it('lets the school and the class teacher look, and nobody else', async () => {
    const { t } = state;
    const { s } = await classWithRecords();
    const rival = await schoolWithClass(t, 'Hill School');
    const family = await signedInUser(t, 'review-family@example.com', { vip: '1', days: '30' });
    const free = await signedInUser(t, 'review-free0@example.com');
    const [record] = (await page(s.school.uid, s)).items;
    const base = `/api/classes/${s.classId}/ai-use`;
    const calls = [
      ['GET', base, undefined],
      ['GET', `${base}.csv`, undefined],
      ['POST', `${base}/${record!.id}/flag`, { flagged: true }],
      ['POST', `${base}/${record!.id}/hide`, { hidden: true }],
    ] as const;
    const statuses = async (uid: string) =>
      Promise.all(calls.map(async ([method, url, body]) => (await as(t, uid, method, url, body)).statusCode));
    expect(await statuses(s.school.uid)).toEqual([200, 200, 200, 404]);
    expect(await statuses(s.teacher.uid)).toEqual([200, 200, 200, 404]);
    expect(await statuses(s.otherTeacher.uid)).toEqual([403, 403, 403, 403]);
    expect(await statuses(rival.school.uid)).toEqual([403, 403, 403, 403]);
    expect(await statuses(rival.teacher.uid)).toEqual([403, 403, 403, 403]);
    expect(await statuses(s.student.uid)).toEqual([403, 403, 403, 403]);
    expect(await statuses(family.uid)).toEqual([403, 403, 403, 403]);
    expect(await statuses(free.uid)).toEqual([403, 403, 403, 403]);
    const anonymous = await t.app.inject({ method: 'GET', url: base });
    expect(anonymous.statusCode).toBe(401);
    const student = await as(t, s.student.uid, 'GET', base);
    expect(student.json<{ message: string }>().message).toMatch(/teacher/i);
    expect(
      (await as(t, s.school.uid, 'GET', '/api/classes/00000000-0000-4000-8000-000000000000/ai-use'))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/review-images/00000000-0000-4000-8000-000000000000?exp=1&sig=x',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("the school's settings", () => {
  it('shows the defaults, lets the school save and its teachers read', async () => {
    const { t } = state;
    const s = await schoolWithClass(t);
    const read = async (uid: string) => {
      const res = await as(t, uid, 'GET', '/api/school/settings');
      return { status: res.statusCode, data: res.json<ProductReply<SchoolSettings>>().data };
    };
    expect(await read(s.school.uid)).toEqual({ status: 200, data: { blockedWords: [], retentionDays: 180 } });

    const saved = await as(t, s.school.uid, 'PUT', '/api/school/settings', {
      blockedWords: ['  Stupid ', 'stupid', 'ＳＴＵＰＩＤ', '笨蛋'],
      retentionDays: 30,
    });
    expect(saved.statusCode).toBe(200);
    const expected = { blockedWords: ['stupid', '笨蛋'], retentionDays: 30 };
    expect(saved.json<ProductReply<SchoolSettings>>().data).toEqual(expected);
    expect(await read(s.school.uid)).toEqual({ status: 200, data: expected });
    expect(await read(s.teacher.uid)).toEqual({ status: 200, data: expected });
    expect(await read(s.otherTeacher.uid)).toEqual({ status: 200, data: expected });
    const again = await as(t, s.school.uid, 'PUT', '/api/school/settings', {
      blockedWords: [],
      retentionDays: 365,
    });
    expect(again.json<ProductReply<SchoolSettings>>().data).toEqual({ blockedWords: [], retentionDays: 365 });

    // Teachers read only; students and others neither; another school has its own.
    const byTeacher = await as(t, s.teacher.uid, 'PUT', '/api/school/settings', expected);
    expect(byTeacher.statusCode).toBe(403);
    expect(byTeacher.json<{ message: string }>().message).toMatch(/school/i);
    expect((await as(t, s.student.uid, 'GET', '/api/school/settings')).statusCode).toBe(403);
    expect((await as(t, s.student.uid, 'PUT', '/api/school/settings', expected)).statusCode).toBe(403);
    const rival = await schoolWithClass(t, 'Hill School');
    expect((await read(rival.school.uid)).data).toEqual({ blockedWords: [], retentionDays: 180 });

    for (const bad of [
      { blockedWords: [], retentionDays: 6 },
      { blockedWords: [], retentionDays: 731 },
      { blockedWords: ['x'.repeat(31)], retentionDays: 30 },
      { blockedWords: [''], retentionDays: 30 },
      { blockedWords: Array.from({ length: 501 }, (_, i) => `w${i}`), retentionDays: 30 },
      { retentionDays: 30 },
    ])
      expect((await as(t, s.school.uid, 'PUT', '/api/school/settings', bad)).statusCode).toBe(400);
  });
});

describe('retention', () => {
  it('sweeps when a server starts', async () => {
    const { t } = state;
    const s = await schoolWithClass(t);
    const longAgo = new Date(t.clock.now().getTime() - 181 * 86_400_000).toISOString();
    await recorded(s.student.id, s.classId, 'aiChat', answered('long ago'), longAgo);
    await recorded(s.student.id, s.classId, 'aiChat', answered('today'), t.clock.now().toISOString());
    const restarted = await createTestApp({}, t.database);
    await restarted.close();
    expect(prompts(await page(s.school.uid, s))).toEqual(['today']);
  });

  it("deletes records older than each school's retention (180 days unless set), in batches", async () => {
    const { t } = state;
    const keeps = await schoolWithClass(t);
    const short = await schoolWithClass(t, 'Hill School');
    await as(t, short.school.uid, 'PUT', '/api/school/settings', { blockedWords: [], retentionDays: 7 });
    const now = t.clock.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    for (const days of [200, 181, 179, 10, 1])
      await recorded(keeps.student.id, keeps.classId, 'aiChat', answered(`keeps ${days}`), daysAgo(days));
    for (const days of [30, 8, 6, 1])
      await recorded(short.student.id, short.classId, 'aiChat', answered(`short ${days}`), daysAgo(days));

    expect(await sweepAiUseRecords(t.database.db, now, { batch: 1 })).toBe(4);
    expect(prompts(await page(keeps.school.uid, keeps))).toEqual(['keeps 1', 'keeps 10', 'keeps 179']);
    expect(prompts(await page(short.school.uid, short))).toEqual(['short 1', 'short 6']);
    expect(await sweepAiUseRecords(t.database.db, now)).toBe(0);

    // A bounded sweep leaves the rest for the next one (other tests' records share this database).
    t.clock.advance(200 * 86_400_000);
    expect(await sweepAiUseRecords(t.database.db, t.clock.now(), { batch: 1, maxBatches: 2 })).toBe(2);
    expect(await sweepAiUseRecords(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(3);
    const left = await t.database.db
      .select({ id: aiUseRecords.id })
      .from(aiUseRecords)
      .where(inArray(aiUseRecords.classId, [keeps.classId, short.classId]));
    expect(left).toEqual([]);
  });
});
