/**
 * A school for the class-area tests, built through the real routes: two classes (A with Amy, B with Zed), a
 * teacher of A and a teacher of B made by the school and signed in with the student login form, Amy signed
 * in, a vip 0 account, and another school with a teacher of its own.
 */
import { passwordDigest, type CreatedTeacher } from '@ai-edu/contract';
import { callAs, signedInUser, studentLogin, studentSessionOf, type TestApp } from '../../test/helpers.ts';

let seq = 0;
/** A number no other fixture in this process has used: for unique accounts, codes and names. */
export const nextSeq = () => ++seq;

export interface Person {
  /** The session token. */
  uid: string;
  id: string;
  account: string;
}

export type Role = 'school' | 'teacher' | 'otherTeacher' | 'student' | 'vip0' | 'otherSchool';
export const ROLES: readonly Role[] = ['school', 'teacher', 'otherTeacher', 'student', 'vip0', 'otherSchool'];

export interface TestSchool {
  n: number;
  /** The school code of the school's classes, and of the other school's. */
  code: string;
  otherCode: string;
  classA: string;
  classB: string;
  people: Record<Role, Person>;
  /** A teacher of the other school (for "another school's teacher is 404"). */
  foreignTeacher: Person;
}

export const TEACHER_PASSWORD = 'Teach1234';

/** Bearer-authenticated JSON request, English messages. */
export const as = callAs;

/** The answer's data, or an error naming the reply when the status is not the one expected. */
export async function dataOf<T>(reply: Promise<{ statusCode: number; body: string }>, status = 200) {
  const res = await reply;
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return (JSON.parse(res.body) as { data: T }).data;
}

export { studentLogin };
export const signInStu = studentSessionOf;

export async function newClass(t: TestApp, uid: string, code: string, students: string[] = []) {
  const klass = await dataOf<{ id: string }>(
    as(t, uid, 'POST', '/api/classes', { name: `Class ${nextSeq()}`, schoolCode: code }),
  );
  const created = students.length
    ? await dataOf<{ userId: string; account: string; password: string }[]>(
        as(t, uid, 'POST', `/api/classes/${klass.id}/students`, { names: students }),
      )
    : [];
  return { classId: klass.id, created };
}

/** A teacher the school makes with a known password, signed in. */
export async function newTeacher(
  t: TestApp,
  schoolUid: string,
  code: string,
  classIds: string[],
  name = 'Ms Li',
): Promise<Person> {
  const account = `t${nextSeq()}@${code}`;
  const made = await dataOf<CreatedTeacher>(
    as(t, schoolUid, 'POST', '/api/school/teachers', {
      name,
      account,
      password: passwordDigest(TEACHER_PASSWORD),
      classIds,
    }),
  );
  return { id: made.userId, account, uid: await signInStu(t, account, TEACHER_PASSWORD) };
}

async function school(t: TestApp, n: number, label: string, days = '365') {
  const account = `${label}${n}@example.com`;
  const user = await signedInUser(t, account, { vip: '2', days, company: `${label} School ${n}` });
  return { ...user, account };
}

export async function testSchool(t: TestApp, options: { days?: string } = {}): Promise<TestSchool> {
  const n = nextSeq();
  const code = `lake${n}`;
  const otherCode = `hill${n}`;
  const lake = await school(t, n, 'lake', options.days);
  const a = await newClass(t, lake.uid, code, ['Amy']);
  const b = await newClass(t, lake.uid, code, ['Zed']);
  const teacher = await newTeacher(t, lake.uid, code, [a.classId], 'Ms Li');
  const otherTeacher = await newTeacher(t, lake.uid, code, [b.classId], 'Mr Wu');
  const amy = a.created[0]!;
  const student = {
    id: amy.userId,
    account: amy.account,
    uid: await signInStu(t, amy.account, amy.password),
  };
  const vip0Account = `free${n}@example.com`;
  const vip0 = { ...(await signedInUser(t, vip0Account, { vip: '0' })), account: vip0Account };
  const hill = await school(t, n, 'hill');
  const foreignTeacher = await newTeacher(t, hill.uid, otherCode, [], 'Mr Hill');
  return {
    n,
    code,
    otherCode,
    classA: a.classId,
    classB: b.classId,
    people: { school: lake, teacher, otherTeacher, student, vip0, otherSchool: hill },
    foreignTeacher,
  };
}
