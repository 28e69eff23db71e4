/**
 * Test fixtures for the review: a school with a class, a teacher of that class, one of another class of the
 * same school, and students, written straight to the database so these tests do not depend on the class and
 * teacher routes.
 */
import { classes, classStudents, classTeachers, schoolTeachers } from '@ai-edu/db';
import { callAs, signedInUser, type TestApp } from '../../test/helpers.ts';

let seq = 0;

/** What each student starts with. */
export const STUDENT_CREDITS = 100;

export interface SchoolFixture {
  /** Session tokens (`uid`) and user ids (`id`). */
  school: { uid: string; id: string };
  teacher: { uid: string; id: string };
  otherTeacher: { uid: string; id: string };
  student: { uid: string; id: string; account: string; displayName: string };
  classId: string;
  otherClassId: string;
  /** Adds another student to the class (or to `classId`). */
  addStudent(classId?: string, credits?: number): Promise<SchoolFixture['student']>;
}

export async function schoolWithClass(t: TestApp, company = 'Lake School'): Promise<SchoolFixture> {
  const n = ++seq;
  const { db } = t.database;
  const staff = { vip: '2', days: '365', company };
  const school = await signedInUser(t, `review-school${n}@example.com`, staff);
  const [klass] = await db
    .insert(classes)
    .values({ ownerId: school.id, name: `Grade 5 (${n})`, schoolCode: `lake${n}` })
    .returning();
  const [other] = await db
    .insert(classes)
    .values({ ownerId: school.id, name: `Grade 6 (${n})`, schoolCode: `lake${n}` })
    .returning();
  const teacherOf = async (name: string, classId: string) => {
    const teacher = await signedInUser(t, `review-${name}${n}@example.com`, staff);
    await db.insert(schoolTeachers).values({ userId: teacher.id, schoolId: school.id, name });
    await db.insert(classTeachers).values({ classId, teacherId: teacher.id });
    return teacher;
  };
  let kids = 0;
  const addStudent = async (classId = klass!.id, credits = STUDENT_CREDITS) => {
    const account = `review-kid${n}-${++kids}@example.com`;
    const kid = await signedInUser(t, account, { credits: String(credits) });
    const displayName = `Kid ${n}-${kids}`;
    await db.insert(classStudents).values({ classId, userId: kid.id, displayName });
    return { ...kid, account, displayName };
  };
  return {
    school,
    teacher: await teacherOf('li', klass!.id),
    otherTeacher: await teacherOf('wu', other!.id),
    student: await addStudent(),
    classId: klass!.id,
    otherClassId: other!.id,
    addStudent,
  };
}

/** A product API call as `uid`, in English. */
export const as = callAs;
