/** Classes and student accounts made by a teacher (a campus account, vip 2). */
import { z } from 'zod';
import { displayNameSchema, text } from './input-rules.ts';

export const schoolCodeSchema = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{2,24}$/, 'school code: 2 to 24 letters, digits, - or _');

/**
 * The part before the at-sign of a student's login: what a child types, so plain a–z, 0–9, - and _ (no dots,
 * so the account stays student-style, spec §5). Made from the display name's romanisation (张三 → zhangsan)
 * unless the teacher types another.
 */
export const studentLoginSchema = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,29}$/, 'student login: 1 to 30 of a–z, 0–9, - or _ (no spaces or dots)');

/** A student's name as the teacher types it (any script, spaces allowed): shown to the teacher, never a login. */
export const studentNameSchema = displayNameSchema(30).min(1);

/** The school code is the school's (set once): a class gives it only while the school has none yet. */
export const classInputSchema = z.object({
  name: displayNameSchema(60).min(1),
  schoolCode: schoolCodeSchema.optional(),
});

export const studentEntrySchema = z.object({ name: studentNameSchema, login: studentLoginSchema.optional() });

/**
 * Students to make: `{students: [{name, login?}]}`, a login left out made from the name; `{names: […]}` is the
 * short form. Two students may share a name (two 张伟 in one class), never a login.
 */
export const bulkStudentsSchema = z
  .preprocess(
    (body) =>
      body &&
      typeof body === 'object' &&
      'names' in body &&
      !('students' in body) &&
      Array.isArray(body.names)
        ? { students: body.names.map((name: unknown) => ({ name })) }
        : body,
    z.object({ students: z.array(studentEntrySchema).min(1).max(200) }),
  )
  .refine(({ students }) => {
    const logins = students.flatMap((s) => (s.login ? [s.login] : []));
    return new Set(logins).size === logins.length;
  }, 'logins repeat');

/** The logins the server would make for these names (`POST /api/classes/:id/students/logins`). */
export const studentNamesSchema = z.object({ names: z.array(studentNameSchema).min(1).max(200) });

export interface SuggestedLogin {
  name: string;
  /** Free now, before the at-sign. */
  login: string;
  /** The whole login: `login@schoolCode`. */
  account: string;
}

/** A student's new login (`PATCH /api/classes/:id/students/:userId`). */
export const studentRenameSchema = z.object({ login: studentLoginSchema });

/** The school's code (`GET`/`PUT /api/school/code`): set once, then every class and teacher login uses it. */
export const schoolCodeInputSchema = z.object({ schoolCode: schoolCodeSchema });
export interface SchoolCodeView {
  schoolCode: string | null;
}

export interface ClassSummary {
  id: string;
  name: string;
  schoolCode: string;
  students: number;
  createdAt: string;
  /** The class's teachers (issue 16); empty when only the school looks after it. */
  teachers: { userId: string; name: string }[];
}

export interface ClassStudent {
  userId: string;
  account: string;
  displayName: string;
  lastActiveAt: string | null;
}

/** A created student with the initial password, shown once for the CSV and the printable sheet. */
export interface CreatedStudent {
  userId: string;
  account: string;
  displayName: string;
  password: string;
}
