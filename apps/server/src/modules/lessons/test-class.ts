/**
 * A school with one class for the lesson tests: its students signed in, a teacher of the class, a teacher
 * of another class, a student of another class, a vip 0 account and another school.
 */
import { classTeachers, schoolTeachers } from '@ai-edu/db';
import { callAs, signedInUser, studentSessionOf, type TestApp } from '../../test/helpers.ts';

let seq = 0;

export interface Person {
  /** The session token. */
  uid: string;
  id: string;
  account: string;
}

export interface TestClass {
  classId: string;
  school: Person;
  teacher: Person;
  otherTeacher: Person;
  students: Person[];
  /** A student of another class of the same school. */
  outsider: Person;
  vip0: Person;
  otherSchool: Person;
}

/** Bearer-authenticated JSON request, English messages. */
export const as = callAs;

async function makeClass(t: TestApp, school: string, code: string, names: string[]) {
  const made = await as(t, school, 'POST', '/api/classes', { name: `Class ${code}`, schoolCode: code });
  if (made.statusCode !== 200) throw new Error(`class: ${made.body}`);
  const classId = made.json<{ data: { id: string } }>().data.id;
  const res = await as(t, school, 'POST', `/api/classes/${classId}/students`, { names });
  if (res.statusCode !== 200) throw new Error(`students: ${res.body}`);
  return {
    classId,
    created: res.json<{ data: { userId: string; account: string; password: string }[] }>().data,
  };
}

/** Signs a student in through the student login (as the class's students do). */
export const studentSignIn = studentSessionOf;

async function teacherOf(t: TestApp, schoolId: string, name: string, company: string, classIds: string[]) {
  const account = `teacher${++seq}@example.com`;
  const user = await signedInUser(t, account, { vip: '2', days: '365', company });
  const db = t.database.db;
  await db.insert(schoolTeachers).values({ userId: user.id, schoolId, name });
  for (const classId of classIds) await db.insert(classTeachers).values({ classId, teacherId: user.id });
  return { ...user, account };
}

/**
 * Builds the class. Students named in `signIn` (all by default) get a session now; the others only an
 * account, and their password in `passwords`.
 */
export async function testClass(
  t: TestApp,
  names: string[] = ['Amy', 'Ben'],
  signIn: (name: string) => boolean = () => true,
): Promise<TestClass & { passwords: Map<string, { account: string; password: string }> }> {
  const n = ++seq;
  const company = `Lake School ${n}`;
  const schoolAccount = `school${n}@example.com`;
  const school = {
    ...(await signedInUser(t, schoolAccount, { vip: '2', days: '365', company })),
    account: schoolAccount,
  };
  const { classId, created } = await makeClass(t, school.uid, `lake${n}`, names);
  const other = await makeClass(t, school.uid, `lake${n}`, ['Zed']);
  const teacher = await teacherOf(t, school.id, 'Ms Li', company, [classId]);
  const otherTeacher = await teacherOf(t, school.id, 'Mr Wu', company, [other.classId]);
  const passwords = new Map<string, { account: string; password: string }>();
  const students: Person[] = [];
  for (const [i, s] of created.entries()) {
    passwords.set(names[i]!, s);
    students.push({
      id: s.userId,
      account: s.account,
      uid: signIn(names[i]!) ? await studentSignIn(t, s.account, s.password) : '',
    });
  }
  const zed = other.created[0]!;
  const outsider = {
    id: zed.userId,
    account: zed.account,
    uid: await studentSignIn(t, zed.account, zed.password),
  };
  const vip0Account = `free${n}@example.com`;
  const vip0 = { ...(await signedInUser(t, vip0Account, { vip: '0' })), account: vip0Account };
  const rivalAccount = `rival${n}@example.com`;
  const otherSchool = {
    ...(await signedInUser(t, rivalAccount, { vip: '2', days: '365', company: `Hill School ${n}` })),
    account: rivalAccount,
  };
  return { classId, school, teacher, otherTeacher, students, outsider, vip0, otherSchool, passwords };
}
