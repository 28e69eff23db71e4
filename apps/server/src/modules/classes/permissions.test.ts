/**
 * Who may do what in the class area (issue 16), one row per endpoint family and one column per role: the
 * school, the teacher of class A, the teacher of class B (same school), a student of class A, a vip 0
 * account and another school. Calls that change something get a fresh target each time, so every role
 * meets the same situation.
 */
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import {
  as,
  dataOf,
  newClass,
  newTeacher,
  nextSeq,
  ROLES,
  testSchool,
  type Role,
  type TestSchool,
} from './test-school.ts';

let database: TestDatabase;
let t: TestApp;
let f: TestSchool;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  f = await testSchool(t);
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

type Reply = Awaited<ReturnType<typeof as>>;
const school = () => f.people.school.uid;
/** A student of class A, made for one call. */
const freshStudent = async () =>
  (
    await dataOf<{ userId: string }[]>(
      as(t, school(), 'POST', `/api/classes/${f.classA}/students`, { names: [`kid${nextSeq()}`] }),
    )
  )[0]!.userId;
/** A teacher of the school (of class B), made for one call. */
const freshTeacher = async () => (await newTeacher(t, school(), f.code, [f.classB], 'Mr Temp')).id;

interface Row {
  name: string;
  call: (uid: string, role: Role) => Promise<Reply>;
  expect: Record<Role, number>;
}

const classOnly = { school: 200, teacher: 200, otherTeacher: 403, student: 403, vip0: 403, otherSchool: 403 };
const anyStaff = { school: 200, teacher: 200, otherTeacher: 200, student: 403, vip0: 403, otherSchool: 200 };
const schoolOnly = {
  school: 200,
  teacher: 403,
  otherTeacher: 403,
  student: 403,
  vip0: 403,
  otherSchool: 200,
};
/** On a teacher of this school: its own school only; another school hears there is no such teacher. */
const ownTeacher = {
  school: 200,
  teacher: 403,
  otherTeacher: 403,
  student: 403,
  vip0: 403,
  otherSchool: 404,
};

const rows: Row[] = [
  { name: 'GET /api/classes/me', call: (uid) => as(t, uid, 'GET', '/api/classes/me'), expect: anyStaff },
  { name: 'GET /api/classes', call: (uid) => as(t, uid, 'GET', '/api/classes'), expect: anyStaff },
  {
    name: 'POST /api/classes',
    call: (uid, role) =>
      as(t, uid, 'POST', '/api/classes', {
        name: 'New class',
        schoolCode: role === 'otherSchool' ? f.otherCode : f.code,
      }),
    expect: anyStaff,
  },
  {
    name: 'GET /api/classes/:id',
    call: (uid) => as(t, uid, 'GET', `/api/classes/${f.classA}`),
    expect: classOnly,
  },
  {
    name: 'POST /api/classes/:id/students',
    call: (uid) => as(t, uid, 'POST', `/api/classes/${f.classA}/students`, { names: [`kid${nextSeq()}`] }),
    expect: classOnly,
  },
  {
    name: 'POST /api/classes/:id/students/:userId/password',
    call: async (uid) =>
      as(t, uid, 'POST', `/api/classes/${f.classA}/students/${await freshStudent()}/password`),
    expect: classOnly,
  },
  {
    name: 'DELETE /api/classes/:id/students/:userId',
    call: async (uid) => as(t, uid, 'DELETE', `/api/classes/${f.classA}/students/${await freshStudent()}`),
    expect: classOnly,
  },
  {
    name: 'GET /api/classes/:id/dashboard',
    call: (uid) => as(t, uid, 'GET', `/api/classes/${f.classA}/dashboard`),
    expect: classOnly,
  },
  {
    // A class the teacher made (so it is the class's teacher), deleted by each role in turn.
    name: 'DELETE /api/classes/:id',
    call: async (uid) => {
      const { classId } = await newClass(t, f.people.teacher.uid, f.code, [`kid${nextSeq()}`]);
      return as(t, uid, 'DELETE', `/api/classes/${classId}`);
    },
    expect: { ...classOnly, teacher: 403 },
  },
  {
    name: 'GET /api/school/teachers',
    call: (uid) => as(t, uid, 'GET', '/api/school/teachers'),
    expect: schoolOnly,
  },
  {
    name: 'POST /api/school/teachers',
    call: (uid, role) =>
      as(t, uid, 'POST', '/api/school/teachers', {
        name: 'Ms New',
        account: `new${nextSeq()}@${role === 'otherSchool' ? f.otherCode : f.code}`,
      }),
    expect: schoolOnly,
  },
  {
    name: 'PUT /api/school/teachers/:userId/classes',
    call: async (uid) =>
      as(t, uid, 'PUT', `/api/school/teachers/${await freshTeacher()}/classes`, { classIds: [f.classA] }),
    expect: ownTeacher,
  },
  {
    name: 'POST /api/school/teachers/:userId/password',
    call: async (uid) => as(t, uid, 'POST', `/api/school/teachers/${await freshTeacher()}/password`),
    expect: ownTeacher,
  },
  {
    name: 'DELETE /api/school/teachers/:userId',
    call: async (uid) => as(t, uid, 'DELETE', `/api/school/teachers/${await freshTeacher()}`),
    expect: ownTeacher,
  },
];

/** Why a refusal is a refusal: the message names it (students and vip 0 are not staff at all). */
function expectedMessage(role: Role, status: number, row: Row): string | undefined {
  if (status === 404) return 'requested resource does not exist';
  if (status !== 403) return undefined;
  if (role === 'student' || role === 'vip0') return 'only school (campus) and teacher accounts can do this';
  const schoolAction = row.name.includes('/school/') || row.name === 'DELETE /api/classes/:id';
  if (schoolAction && (role === 'teacher' || role === 'otherTeacher'))
    return 'only the school account can do this';
  return undefined;
}

describe('class-area permissions per role', () => {
  it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const got: Record<string, number> = {};
    for (const role of ROLES) {
      const res = await row.call(f.people[role].uid, role);
      got[role] = res.statusCode;
      const message = expectedMessage(role, res.statusCode, row);
      if (message) expect(res.json<{ message: string }>().message, `${role}: ${res.body}`).toBe(message);
    }
    expect(got).toEqual(row.expect);
  });

  it('refuses a caller with no session (401) on every family', async () => {
    for (const row of rows) expect((await row.call('', 'vip0')).statusCode, row.name).toBe(401);
  });
});
