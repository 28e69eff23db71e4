/** Demo accounts for a fresh installation, so a school can try every kind of account at once. */
import { users, type Db } from '@ai-edu/db';
import { sql } from 'drizzle-orm';
import { passwordDigest } from '@ai-edu/contract';
import { hashPassword } from '../lib/passwords.ts';
import { createUser } from '../modules/admin/service.ts';
import { setSchoolCode } from '../modules/classes/school-code.ts';
import { insertTeacher } from '../modules/classes/teachers.ts';
import { findUserByAccount } from '../modules/users/accounts.ts';

export const DEMO_ACCOUNTS = [
  {
    account: 'learner@example.com',
    password: 'Learner123',
    vip: 0,
    credits: 100,
    what: 'learner, vip 0 (unauthorised)',
  },
  {
    account: 'student@demo',
    password: 'Student123',
    vip: 1,
    credits: 200,
    what: 'student, vip 1 (student-style account)',
  },
  {
    account: 'campus@example.com',
    password: 'Campus123',
    vip: 2,
    credits: 1000,
    days: 365,
    company: '示范实验学校',
    what: 'school, vip 2 (campus account, 365 days)',
  },
  {
    // Made by the school above, as a school makes its teachers: it signs in like a student (name@code).
    account: 'teacher@demo',
    password: 'Teacher123',
    teacherName: '李老师',
    school: 'campus@example.com',
    what: 'teacher, vip 2 (made by the school account)',
  },
  {
    // Opens the admin console (accounts, lab access, AI providers), so a school can try that too.
    account: 'admin@example.com',
    password: 'Admin123',
    vip: 0,
    credits: 0,
    admin: true,
    what: 'admin (the admin console in the user menu)',
  },
] as const;

/** Seeds only an empty database; returns what it made (nothing when there were users already). */
export async function seedDemo(db: Db, now = new Date()) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return [];
  for (const demo of DEMO_ACCOUNTS) {
    if ('teacherName' in demo) {
      const school = await findUserByAccount(db, demo.school);
      if (!school) throw new Error(`demo school ${demo.school} is missing`);
      const passwordHash = await hashPassword(passwordDigest(demo.password));
      const teacher = { account: demo.account, name: demo.teacherName, passwordHash, classIds: [] };
      await insertTeacher(db, school, teacher, now);
      // The school's code is its teacher's (teacher@demo): its classes' students get `…@demo` too.
      await setSchoolCode(db, school, demo.account.slice(demo.account.indexOf('@') + 1), now);
      continue;
    }
    await createUser(
      db,
      {
        account: demo.account,
        password: demo.password,
        vip: demo.vip,
        days: 'days' in demo ? demo.days : undefined,
        company: 'company' in demo ? demo.company : undefined,
        credits: demo.credits,
        admin: 'admin' in demo && demo.admin,
      },
      now,
    );
  }
  return DEMO_ACCOUNTS;
}
