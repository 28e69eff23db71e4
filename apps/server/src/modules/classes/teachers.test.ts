/** Teacher accounts (issue 16): made by a school, signed in with the student form, assigned, reset, removed. */
import {
  ACCOUNT_TYPE_TEACHER,
  passwordDigest,
  type ClassSummary,
  type CreatedTeacher,
  type StaffInfo,
  type TeacherSummary,
} from '@ai-edu/contract';
import { classes, schoolTeachers, users } from '@ai-edu/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@ai-edu/db/testing';
import { DEMO_ACCOUNTS, seedDemo } from '../../seed/demo.ts';
import { appPerTest, createTestApp } from '../../test/helpers.ts';
import { TEACHER_WRITES_PER_MINUTE, teacherWritesKey } from './teacher-routes.ts';
import { setVip } from '../admin/service.ts';
import {
  as,
  dataOf,
  newClass,
  nextSeq,
  signInStu,
  studentLogin,
  TEACHER_PASSWORD,
  testSchool,
} from './test-school.ts';

const ctx = appPerTest();

const teachersOf = (uid: string) => dataOf<TeacherSummary[]>(as(ctx.t, uid, 'GET', '/api/school/teachers'));
const classIdsOf = async (uid: string) =>
  (await dataOf<ClassSummary[]>(as(ctx.t, uid, 'GET', '/api/classes'))).map((c) => c.id).sort();
/** A login's status (1 signed in); a minute on first, as the student form allows one sign-in a minute. */
const loginStatus = async (account: string, password: string) => {
  ctx.t.clock.advance(61_000);
  return (await studentLogin(ctx.t, account, password)).json<{ status: number }>().status;
};

describe('teacher accounts', () => {
  it('makes a teacher with the password the form sent, who signs in with the student form as vip 2', async () => {
    const { t } = ctx;
    const f = await testSchool(t);
    const { teacher, school } = f.people;
    const info = await t.post('/api/user/getUserInfo', {
      secret: t.config.secrets.clientSecret,
      user_id: teacher.uid,
    });
    expect(info.json<{ data: unknown }>().data).toMatchObject({
      account: teacher.account,
      accountType: ACCOUNT_TYPE_TEACHER,
      authInfo: { vip: 2, account_type: ACCOUNT_TYPE_TEACHER, company_name: `lake School ${f.n}` },
    });
    expect(await dataOf<StaffInfo>(as(t, teacher.uid, 'GET', '/api/classes/me'))).toEqual({
      kind: 'teacher',
      name: 'Ms Li',
      schoolName: `lake School ${f.n}`,
    });
    expect(await dataOf<StaffInfo>(as(t, school.uid, 'GET', '/api/classes/me'))).toEqual({
      kind: 'school',
      name: `lake School ${f.n}`,
      schoolName: `lake School ${f.n}`,
    });

    // The school's list: both teachers with their classes; last activity from the experience log.
    await t.post('/api/log/experience', { user_id: teacher.uid, type: '0', path: '/ailab/aiChat' });
    const list = await teachersOf(school.uid);
    expect(list.map((x) => [x.name, x.account, x.classIds])).toEqual([
      ['Ms Li', teacher.account, [f.classA]],
      ['Mr Wu', f.people.otherTeacher.account, [f.classB]],
    ]);
    expect(list[0]!.lastActiveAt).toBe(t.clock.now().toISOString());
    expect(list[1]!.lastActiveAt).toBeNull();
    expect(list.some((x) => 'password' in x)).toBe(false);
    // Another school's list has only its own teacher.
    expect((await teachersOf(f.people.otherSchool.uid)).map((x) => x.userId)).toEqual([f.foreignTeacher.id]);

    // A teacher sees its classes only; the school sees all, each with its teachers.
    expect(await classIdsOf(teacher.uid)).toEqual([f.classA]);
    const all = await dataOf<ClassSummary[]>(as(t, school.uid, 'GET', '/api/classes'));
    expect(Object.fromEntries(all.map((c) => [c.id, c.teachers.map((x) => x.name)]))).toEqual({
      [f.classA]: ['Ms Li'],
      [f.classB]: ['Mr Wu'],
    });
  });

  it('makes a password when none is sent, answers it once, and it signs in', async () => {
    const { t } = ctx;
    const f = await testSchool(t);
    const account = `gen${nextSeq()}@${f.code}`;
    const made = await dataOf<CreatedTeacher>(
      as(t, f.people.school.uid, 'POST', '/api/school/teachers', {
        name: 'Ms Gen',
        account: account.toUpperCase(),
      }),
    );
    expect(made).toMatchObject({ name: 'Ms Gen', account, classIds: [], lastActiveAt: null });
    expect(made.password).toMatch(/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]{10}$/);
    expect(await loginStatus(account, made.password!)).toBe(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, made.userId));
    expect(row).toMatchObject({
      vip: 2,
      accountType: ACCOUNT_TYPE_TEACHER,
      companyName: `lake School ${f.n}`,
    });
  });

  it('refuses an account that exists (409) and a class not of the school, leaving nothing half-made', async () => {
    const { t } = ctx;
    const f = await testSchool(t);
    const { school } = f.people;
    const before = await teachersOf(school.uid);
    const create = (body: object) =>
      as(t, school.uid, 'POST', '/api/school/teachers', { name: 'Ms Dup', ...body });

    // A teacher's login, a student's login: both taken.
    for (const account of [f.people.teacher.account, f.people.student.account]) {
      const res = await create({ account, password: passwordDigest('Other1234') });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(`these accounts already exist: ${account}`);
    }
    expect(await loginStatus(f.people.teacher.account, TEACHER_PASSWORD)).toBe(1);

    // Classes must be this school's: another school's is 403, an unknown one 404; no account is left behind.
    const foreign = await newClass(t, f.people.otherSchool.uid, f.otherCode);
    const fresh = `fresh${nextSeq()}@${f.code}`;
    expect((await create({ account: fresh, classIds: [f.classA, foreign.classId] })).statusCode).toBe(403);
    expect((await create({ account: fresh, classIds: [crypto.randomUUID()] })).statusCode).toBe(404);
    // Nor may a school take logins under another school's code.
    const squat = await create({ account: `spy${nextSeq()}@${f.otherCode}` });
    expect(squat.statusCode).toBe(409);
    expect(squat.json<{ message: string }>().message).toMatch(/school code/i);
    expect(await t.database.db.select().from(users).where(eq(users.account, fresh))).toEqual([]);
    expect(await teachersOf(school.uid)).toEqual(before);

    // Bad input is a 400, not a 500.
    expect((await create({ account: 'no-at-sign' })).statusCode).toBe(400);
    expect((await create({ account: `x@${f.code}`, password: 'plain' })).statusCode).toBe(400);
  });

  it('replaces a teacher’s classes with the given set', async () => {
    const { t } = ctx;
    const f = await testSchool(t);
    const { school, teacher } = f.people;
    const put = (classIds: string[]) =>
      as(t, school.uid, 'PUT', `/api/school/teachers/${teacher.id}/classes`, { classIds });

    expect((await dataOf<TeacherSummary>(put([f.classB]))).classIds).toEqual([f.classB]);
    expect(await classIdsOf(teacher.uid)).toEqual([f.classB]);
    expect((await as(t, teacher.uid, 'GET', `/api/classes/${f.classA}`)).statusCode).toBe(403);
    expect((await as(t, teacher.uid, 'GET', `/api/classes/${f.classB}`)).statusCode).toBe(200);

    expect((await dataOf<TeacherSummary>(put([f.classA, f.classB, f.classA]))).classIds.sort()).toEqual(
      [f.classA, f.classB].sort(),
    );
    const foreign = await newClass(t, f.people.otherSchool.uid, f.otherCode);
    expect((await put([foreign.classId])).statusCode).toBe(403);
    expect(await classIdsOf(teacher.uid)).toEqual([f.classA, f.classB].sort());

    expect((await dataOf<TeacherSummary>(put([]))).classIds).toEqual([]);
    expect(await classIdsOf(teacher.uid)).toEqual([]);
    // Another school's teacher cannot be assigned: it does not exist for this school.
    const res = await as(t, school.uid, 'PUT', `/api/school/teachers/${f.foreignTeacher.id}/classes`, {
      classIds: [f.classA],
    });
    expect(res.statusCode).toBe(404);
  });

  it('resets a teacher’s password: a new one, answered once, and the old sessions end', async () => {
    const { t } = ctx;
    const f = await testSchool(t);
    const { school, teacher } = f.people;
    const reset = await dataOf<CreatedTeacher>(
      as(t, school.uid, 'POST', `/api/school/teachers/${teacher.id}/password`),
    );
    expect(reset).toMatchObject({ userId: teacher.id, account: teacher.account, classIds: [f.classA] });
    expect((await as(t, teacher.uid, 'GET', '/api/classes/me')).statusCode).toBe(401);
    expect(await loginStatus(teacher.account, TEACHER_PASSWORD)).toBe(0);
    t.clock.advance(61_000);
    const uid = await signInStu(t, teacher.account, reset.password!);
    expect((await as(t, uid, 'GET', '/api/classes/me')).statusCode).toBe(200);
  });

  it('deletes a teacher’s account; its classes stay with the school', async () => {
    const { t } = ctx;
    const f = await testSchool(t);
    const { school, teacher } = f.people;
    expect((await as(t, school.uid, 'DELETE', `/api/school/teachers/${teacher.id}`)).statusCode).toBe(200);
    expect((await as(t, teacher.uid, 'GET', '/api/classes/me')).statusCode).toBe(401);
    expect(await loginStatus(teacher.account, TEACHER_PASSWORD)).toBe(0);
    expect((await teachersOf(school.uid)).map((x) => x.name)).toEqual(['Mr Wu']);
    const all = await dataOf<ClassSummary[]>(as(t, school.uid, 'GET', '/api/classes'));
    expect(all.find((c) => c.id === f.classA)).toMatchObject({ students: 1, teachers: [] });
    expect((await as(t, school.uid, 'DELETE', `/api/school/teachers/${teacher.id}`)).statusCode).toBe(404);
    expect(
      (await as(t, school.uid, 'DELETE', `/api/school/teachers/${f.foreignTeacher.id}`)).statusCode,
    ).toBe(404);
    expect((await as(t, f.people.otherSchool.uid, 'GET', '/api/classes/me')).statusCode).toBe(200);
  });

  it('lets a teacher make a class: owned by its school, assigned to the teacher, under the school’s code', async () => {
    const { t } = ctx;
    const f = await testSchool(t);
    const { school, teacher } = f.people;
    const made = await dataOf<ClassSummary>(
      as(t, teacher.uid, 'POST', '/api/classes', { name: 'Robots club', schoolCode: f.code }),
    );
    expect(made).toMatchObject({ students: 0, teachers: [{ userId: teacher.id, name: 'Ms Li' }] });
    const [row] = await t.database.db.select().from(classes).where(eq(classes.id, made.id));
    expect(row!.ownerId).toBe(school.id);
    expect(await classIdsOf(school.uid)).toContain(made.id);
    expect(await classIdsOf(teacher.uid)).toEqual([f.classA, made.id].sort());
    // The code is judged for the school: another school's teacher cannot use it.
    const rival = await as(t, f.foreignTeacher.uid, 'POST', '/api/classes', {
      name: 'y',
      schoolCode: f.code,
    });
    expect(rival.statusCode).toBe(409);
  });

  it('refuses the teacher of a school whose authorization has ended, and copies the end to new teachers', async () => {
    const { t } = ctx;
    const f = await testSchool(t);
    const { school, teacher } = f.people;
    const db = t.database.db;
    const end = new Date(t.clock.now().getTime() + 86_400_000);
    await db.update(users).set({ validUntil: end }).where(eq(users.id, school.id));

    const later = await dataOf<CreatedTeacher>(
      as(t, school.uid, 'POST', '/api/school/teachers', {
        name: 'Ms Late',
        account: `late${nextSeq()}@${f.code}`,
      }),
    );
    const [copy] = await db.select().from(users).where(eq(users.id, later.userId));
    expect(copy!.validUntil).toEqual(end);

    t.clock.advance(2 * 86_400_000);
    // The teacher's own authorization still runs (a year): the school's end takes it out all the same.
    const me = await as(t, teacher.uid, 'GET', '/api/classes/me');
    expect(me.statusCode).toBe(403);
    expect(me.json<{ message: string }>().message).toBe(
      'only school (campus) and teacher accounts can do this',
    );
    expect((await as(t, teacher.uid, 'GET', `/api/classes/${f.classA}`)).statusCode).toBe(403);
    expect((await as(t, school.uid, 'GET', '/api/classes')).statusCode).toBe(403);
    const [link] = await db.select().from(schoolTeachers).where(eq(schoolTeachers.userId, teacher.id));
    expect(link!.schoolId).toBe(school.id);

    // Renewed by an admin (the CLI's set-vip), the school takes its teachers along.
    const [schoolRow] = await db.select().from(users).where(eq(users.id, school.id));
    await setVip(db, { account: schoolRow!.account, vip: 2, days: 30 }, t.clock.now());
    const renewed = new Date(t.clock.now().getTime() + 30 * 86_400_000);
    const [teacherRow] = await db.select().from(users).where(eq(users.id, later.userId));
    expect(teacherRow!.validUntil).toEqual(renewed);
    expect((await as(t, teacher.uid, 'GET', '/api/classes/me')).statusCode).toBe(200);
  });

  it('limits how many teacher accounts and resets a school makes a minute (429)', async () => {
    const { t } = ctx;
    const f = await testSchool(t);
    const { school, teacher } = f.people;
    const key = teacherWritesKey(school.id);
    for (let i = 0; i < TEACHER_WRITES_PER_MINUTE; i++)
      await t.limiter.hit(key, TEACHER_WRITES_PER_MINUTE, 60_000);
    const create = () =>
      as(t, school.uid, 'POST', '/api/school/teachers', {
        name: 'Ms Many',
        account: `many${nextSeq()}@${f.code}`,
      });
    const refused = await create();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await as(t, school.uid, 'POST', `/api/school/teachers/${teacher.id}/password`)).statusCode).toBe(
      429,
    );
    // Another school has its own allowance.
    const other = await as(t, f.people.otherSchool.uid, 'POST', '/api/school/teachers', {
      name: 'Ms Other',
      account: `other${nextSeq()}@${f.otherCode}`,
    });
    expect(other.statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await create()).statusCode).toBe(200);
  });
});

describe('the demo teacher', () => {
  it('is the demo school’s teacher and signs in with the student form', async () => {
    const database = await createTestDatabase();
    const t = await createTestApp({}, database);
    try {
      await seedDemo(database.db, t.clock.now());
      const demo = DEMO_ACCOUNTS.find((d) => d.account === 'teacher@demo')!;
      const uid = await signInStu(t, demo.account, demo.password);
      expect(await dataOf<StaffInfo>(as(t, uid, 'GET', '/api/classes/me'))).toEqual({
        kind: 'teacher',
        name: '李老师',
        schoolName: '示范实验学校',
      });
      // The demo school's code is its teacher's: its classes' students get `…@demo` (issue 25).
      expect(await dataOf(as(t, uid, 'GET', '/api/school/code'))).toEqual({ schoolCode: 'demo' });
    } finally {
      await t.close();
      await database.dispose();
    }
  });
});
