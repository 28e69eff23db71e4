import { hourlySecret, passwordDigest, passwordProblem } from '@ai-edu/contract';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, creditBalance, signedInUser, type TestApp } from '../../test/helpers.ts';

let database: TestDatabase;
let t: TestApp;
let teacher: string;
let rival: string;
let learner: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  teacher = (await signedInUser(t, 'ms.li@example.com', { vip: '2', days: '365', company: 'Lake School' }))
    .uid;
  rival = (await signedInUser(t, 'mr.wu@example.com', { vip: '2', days: '365', company: 'Hill School' })).uid;
  learner = (await signedInUser(t, 'kid@example.com', { vip: '1' })).uid;
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

const as = (
  uid: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

async function newClass(uid = teacher, schoolCode = 'lake') {
  const res = await as(uid, 'POST', '/api/classes', { name: 'Grade 5 Class 2', schoolCode });
  return res;
}

/** Two short words and three digits (2–9): a password a child types and a teacher reads aloud. */
const READABLE = /^[a-z]{6,8}[2-9]{3}$/;

const studentLogin = (account: string, password: string) =>
  t.post('/api/login_stu', {
    account,
    password: passwordDigest(password),
    secret: hourlySecret(t.config.secrets.clientSecret, t.clock.now()),
  });

describe('classes', () => {
  it('creates students in bulk who then log in through login_stu', async () => {
    const klass = (await newClass()).json<{ data: { id: string } }>().data;
    const res = await as(teacher, 'POST', `/api/classes/${klass.id}/students`, {
      names: ['Tom', 'amy', '小明'],
    });
    const created = res.json<{ data: { account: string; password: string; displayName: string }[] }>().data;
    expect(created.map((s) => s.account)).toEqual(['tom@lake', 'amy@lake', 'xiaoming@lake']);
    expect(created.map((s) => s.displayName)).toEqual(['Tom', 'amy', '小明']);
    expect(created.every((s) => READABLE.test(s.password) && passwordProblem(s.password) === null)).toBe(
      true,
    );

    const login = await studentLogin(created[0]!.account, created[0]!.password);
    const uid = login.json<{ status: number; data: { uid: string } }>().data.uid;
    const info = await t.post('/api/user/getUserInfo', {
      secret: t.config.secrets.clientSecret,
      user_id: uid,
    });
    expect(info.json<{ data: unknown }>().data).toMatchObject({
      account: 'tom@lake',
      authInfo: { vip: 1 },
      company_name: 'Lake School',
    });

    // A login the teacher typed that is taken: nothing is made.
    const again = await as(teacher, 'POST', `/api/classes/${klass.id}/students`, {
      students: [{ name: 'Ben' }, { name: 'Tom', login: 'tom' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('these accounts already exist: tom@lake');
    const roster = await as(teacher, 'GET', `/api/classes/${klass.id}`);
    expect(
      roster.json<{ data: { students: { account: string }[] } }>().data.students.map((s) => s.account),
    ).not.toContain('ben@lake');
  });

  it('resets a student password and removes a student', async () => {
    const klass = (await newClass()).json<{ data: { id: string } }>().data;
    const [kid] = (await as(teacher, 'POST', `/api/classes/${klass.id}/students`, { names: ['Lin'] })).json<{
      data: { userId: string; account: string; password: string }[];
    }>().data;
    const reset = await as(teacher, 'POST', `/api/classes/${klass.id}/students/${kid!.userId}/password`);
    const { password } = reset.json<{ data: { password: string } }>().data;
    expect((await studentLogin(kid!.account, kid!.password)).json<{ status: number }>().status).toBe(0);
    expect((await studentLogin(kid!.account, password)).json<{ status: number }>().status).toBe(1);
    expect((await as(teacher, 'DELETE', `/api/classes/${klass.id}/students/${kid!.userId}`)).statusCode).toBe(
      200,
    );
    expect((await studentLogin(kid!.account, password)).json<{ status: number }>().status).toBe(0);
  });

  it('keeps teachers apart and students out', async () => {
    const klass = (await newClass()).json<{ data: { id: string } }>().data;
    expect((await as(rival, 'GET', `/api/classes/${klass.id}`)).statusCode).toBe(403);
    expect(
      (await as(rival, 'POST', `/api/classes/${klass.id}/students`, { names: ['Spy'] })).statusCode,
    ).toBe(403);
    expect((await as(rival, 'GET', `/api/classes/${klass.id}/dashboard`)).statusCode).toBe(403);
    const rivalList = await as(rival, 'GET', '/api/classes');
    expect(rivalList.json<{ data: { id: string }[] }>().data.map((c) => c.id)).not.toContain(klass.id);
    expect((await as(learner, 'GET', '/api/classes')).statusCode).toBe(403);
    expect((await as(learner, 'POST', '/api/classes', { name: 'x', schoolCode: 'kid' })).statusCode).toBe(
      403,
    );
    // Another school cannot make accounts under this school's code.
    const taken = await newClass(rival, 'lake');
    expect(taken.statusCode).toBe(409);
  });

  it('refuses bad logins, names and school codes with 400', async () => {
    const klass = (await newClass()).json<{ data: { id: string } }>().data;
    const post = (body: object) => as(teacher, 'POST', `/api/classes/${klass.id}/students`, body);
    expect((await post({ students: [{ name: 'A', login: 'a.b' }] })).statusCode).toBe(400);
    expect((await post({ students: [{ name: 'A', login: '张三' }] })).statusCode).toBe(400);
    expect(
      (
        await post({
          students: [
            { name: 'x', login: 'x' },
            { name: 'y', login: 'X' },
          ],
        })
      ).statusCode,
    ).toBe(400);
    expect((await post({ names: [''] })).statusCode).toBe(400);
    expect((await as(teacher, 'POST', `/api/classes/${klass.id}/students`, { names: [] })).statusCode).toBe(
      400,
    );
    expect((await newClass(teacher, 'lake.cn')).statusCode).toBe(400);
  });

  it("shows each student's recent labs and the class's most-used labs on the dashboard", async () => {
    const klass = (await newClass()).json<{ data: { id: string } }>().data;
    const [kid] = (await as(teacher, 'POST', `/api/classes/${klass.id}/students`, { names: ['Zoe'] })).json<{
      data: { account: string; password: string }[];
    }>().data;
    const uid = (await studentLogin(kid!.account, kid!.password)).json<{ data: { uid: string } }>().data.uid;
    for (const path of ['/ailab/flappyBird', '/ailab/flappyBird', '/ailab/aiChat']) {
      await t.post('/api/log/experience', { user_id: uid, type: '0', path });
    }
    const dashboard = await as(teacher, 'GET', `/api/classes/${klass.id}/dashboard`);
    const data = dashboard.json<{
      data: {
        students: { account: string; recentLabs: { lab: string }[] }[];
        topLabs: { lab: string; visits: number }[];
      };
    }>().data;
    expect(data.topLabs[0]).toEqual({ lab: 'flappyBird', visits: 2 });
    expect(data.students[0]!.recentLabs.map((v) => v.lab)).toEqual(['aiChat', 'flappyBird', 'flappyBird']);
  });

  it("shows each student's recent course activity from the edu log, with the course's title", async () => {
    const klass = (await newClass()).json<{ data: { id: string } }>().data;
    const [kid] = (await as(teacher, 'POST', `/api/classes/${klass.id}/students`, { names: ['Max'] })).json<{
      data: { account: string; password: string }[];
    }>().data;
    const uid = (await studentLogin(kid!.account, kid!.password)).json<{ data: { uid: string } }>().data.uid;
    const course = (await as(teacher, 'POST', '/api/courses', { title: 'Robots 101' })).json<{
      data: { id: string };
    }>().data;
    await t.post('/api/log/edu', { user_id: uid, type: '0', course_id: course.id });
    await t.post('/api/log/edu', { user_id: uid, type: '1', course_id: course.id, filename: 'slides.pdf' });
    await t.post('/api/log/edu', { user_id: uid, type: '0', course_id: 'not-an-id' });
    const data = (await as(teacher, 'GET', `/api/classes/${klass.id}/dashboard`)).json<{
      data: { students: { recentCourses: { title: string | null; filename: string | null }[] }[] };
    }>().data;
    expect(data.students[0]!.recentCourses).toEqual([
      expect.objectContaining({ title: null, filename: null }),
      expect.objectContaining({ title: 'Robots 101', filename: 'slides.pdf' }),
      expect.objectContaining({ title: 'Robots 101', filename: null }),
    ]);
  });

  it("gives a deleted class's unspent budget back to the school", async () => {
    const school = (
      await signedInUser(t, 'budget.school@example.com', {
        vip: '2',
        days: '365',
        company: 'Pond School',
        credits: '100',
      })
    ).uid;
    const klass = (await newClass(school, 'pond')).json<{ data: { id: string } }>().data;
    const budget = await as(school, 'PUT', `/api/classes/${klass.id}/budget`, {
      mode: 'once',
      amount: 40,
      dailyCap: null,
    });
    expect(budget.statusCode).toBe(200);
    expect(await creditBalance(t, school)).toBe(60);
    expect((await as(school, 'DELETE', `/api/classes/${klass.id}`)).statusCode).toBe(200);
    expect(await creditBalance(t, school)).toBe(100);
    expect((await as(school, 'GET', `/api/classes/${klass.id}`)).statusCode).toBe(404);
  });
});

describe('class accounts a school can hand out (issue 25)', () => {
  let school: string;
  beforeAll(async () => {
    school = (
      await signedInUser(t, 'pine.school@example.com', { vip: '2', days: '365', company: 'Pine School' })
    ).uid;
  });
  const get = async <T>(uid: string, url: string) => (await as(uid, 'GET', url)).json<{ data: T }>().data;

  it('has one code per school: set once, then used by every class and teacher', async () => {
    const fresh = (
      await signedInUser(t, 'new.school@example.com', { vip: '2', days: '365', company: 'New School' })
    ).uid;
    expect(await get(fresh, '/api/school/code')).toEqual({ schoolCode: null });
    const noCode = await as(fresh, 'POST', '/api/classes', { name: 'Grade 1' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json<{ message: string }>().message).toContain("set the school's code first");
    // Taken by another school: refused; its own code once, the same again is fine, another one is not.
    expect((await as(fresh, 'PUT', '/api/school/code', { schoolCode: 'lake' })).statusCode).toBe(409);
    expect((await as(fresh, 'PUT', '/api/school/code', { schoolCode: 'Birch' })).statusCode).toBe(200);
    expect((await as(fresh, 'PUT', '/api/school/code', { schoolCode: 'birch' })).statusCode).toBe(200);
    const changed = await as(fresh, 'PUT', '/api/school/code', { schoolCode: 'birch7' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ message: string }>().message).toContain('birch');
    expect(await get(fresh, '/api/school/code')).toEqual({ schoolCode: 'birch' });

    // Classes take it without being told; a class cannot bring another code.
    const made = await as(fresh, 'POST', '/api/classes', { name: 'Grade 1' });
    expect(made.json<{ data: { schoolCode: string } }>().data.schoolCode).toBe('birch');
    const other = await as(fresh, 'POST', '/api/classes', { name: 'Grade 2', schoolCode: 'birch2' });
    expect(other.statusCode).toBe(409);
    expect(other.json<{ message: string }>().message).toContain('birch');
    const klass = made.json<{ data: { id: string } }>().data;
    const [kid] = (await as(fresh, 'POST', `/api/classes/${klass.id}/students`, { names: ['Ann'] })).json<{
      data: { account: string }[];
    }>().data;
    expect(kid!.account).toBe('ann@birch');
    // A teacher's login too.
    const teacherLogin = (account: string) =>
      as(fresh, 'POST', '/api/school/teachers', { name: 'Ms Birch', account });
    expect((await teacherLogin('li@birch2')).statusCode).toBe(409);
    expect((await teacherLogin('li@birch')).statusCode).toBe(200);
    // Only the school sets it.
    expect((await as(learner, 'GET', '/api/school/code')).statusCode).toBe(403);
  });

  it('makes logins from the romanised names, keeps the names as typed, and lets the teacher edit them', async () => {
    const klass = (await newClass(school, 'pine')).json<{ data: { id: string } }>().data;
    const names = ['张三', '张三', 'Zoë', '😀'];
    expect(await get(school, '/api/school/code')).toEqual({ schoolCode: 'pine' });
    const preview = (await as(school, 'POST', `/api/classes/${klass.id}/students/logins`, { names })).json<{
      data: { name: string; login: string; account: string }[];
    }>().data;
    expect(preview.map((p) => p.account)).toEqual([
      'zhangsan@pine',
      'zhangsan2@pine',
      'zoe@pine',
      'student1@pine',
    ]);

    // The teacher keeps three and types a short id for the fourth.
    const created = (
      await as(school, 'POST', `/api/classes/${klass.id}/students`, {
        students: [{ name: '张三' }, { name: '张三' }, { name: 'Zoë' }, { name: '😀', login: 'S04' }],
      })
    ).json<{ data: { userId: string; account: string; displayName: string; password: string }[] }>().data;
    expect(created.map((c) => [c.account, c.displayName])).toEqual([
      ['zhangsan@pine', '张三'],
      ['zhangsan2@pine', '张三'],
      ['zoe@pine', 'Zoë'],
      ['s04@pine', '😀'],
    ]);
    const roster = await get<{ students: { account: string; displayName: string }[] }>(
      school,
      `/api/classes/${klass.id}`,
    );
    expect(roster.students.map((r) => `${r.account} ${r.displayName}`).sort()).toEqual(
      created.map((c) => `${c.account} ${c.displayName}`).sort(),
    );

    // A login edited afterwards: the same password signs in under it; the old one no longer does.
    const [first, second] = created;
    const renamed = await as(school, 'PATCH', `/api/classes/${klass.id}/students/${first!.userId}`, {
      login: 'SanZhang',
    });
    expect(renamed.json<{ data: { account: string } }>().data.account).toBe('sanzhang@pine');
    expect((await studentLogin('sanzhang@pine', first!.password)).json<{ status: number }>().status).toBe(1);
    expect((await studentLogin('zhangsan@pine', first!.password)).json<{ status: number }>().status).toBe(0);
    const taken = await as(school, 'PATCH', `/api/classes/${klass.id}/students/${second!.userId}`, {
      login: 'sanzhang',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe('these accounts already exist: sanzhang@pine');
    const bad = await as(school, 'PATCH', `/api/classes/${klass.id}/students/${second!.userId}`, {
      login: 'san.zhang',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives passwords a child can type (two words and digits), and resets them the same way', async () => {
    const klass = (await newClass(school, 'pine')).json<{ data: { id: string } }>().data;
    const created = (
      await as(school, 'POST', `/api/classes/${klass.id}/students`, { names: ['Ava', 'Ben', 'Cai'] })
    ).json<{ data: { userId: string; account: string; password: string }[] }>().data;
    for (const kid of created) {
      expect(kid.password).toMatch(READABLE);
      expect(passwordProblem(kid.password)).toBeNull();
    }
    const kid = created[0]!;
    const reset = await as(school, 'POST', `/api/classes/${klass.id}/students/${kid.userId}/password`);
    const { password } = reset.json<{ data: { password: string } }>().data;
    expect(password).toMatch(READABLE);
    expect((await studentLogin(kid.account, password)).json<{ status: number }>().status).toBe(1);
  });
});
