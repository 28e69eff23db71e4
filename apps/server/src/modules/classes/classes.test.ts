import { hourlySecret, passwordDigest } from '@ai-edu/contract';
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

const as = (uid: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
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
    expect(created.map((s) => s.account)).toEqual(['tom@lake', 'amy@lake', '小明@lake']);
    expect(created.every((s) => /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]{10}$/.test(s.password))).toBe(true);

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

    const again = await as(teacher, 'POST', `/api/classes/${klass.id}/students`, { names: ['Ben', 'Tom'] });
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

  it('refuses bad names and school codes with 400', async () => {
    const klass = (await newClass()).json<{ data: { id: string } }>().data;
    expect(
      (await as(teacher, 'POST', `/api/classes/${klass.id}/students`, { names: ['a.b'] })).statusCode,
    ).toBe(400);
    expect(
      (await as(teacher, 'POST', `/api/classes/${klass.id}/students`, { names: ['x', 'X'] })).statusCode,
    ).toBe(400);
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
