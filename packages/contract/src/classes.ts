/** Classes and student accounts made by a teacher (a campus account, vip 2). */
import { z } from 'zod';
import { displayNameSchema, hasBidiControl, text } from './input-rules.ts';
import { serverMessages } from './messages.ts';

export const schoolCodeSchema = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{2,24}$/, 'school code: 2 to 24 letters, digits, - or _');

/** The part before the at-sign: letters (any script), digits, - and _; no dots, so the account stays student-style. */
export const studentNameSchema = text()
  .trim()
  .refine((s) => !hasBidiControl(s), serverMessages.bidiControl.en)
  .regex(/^[\p{L}\p{N}_-]{1,30}$/u, 'student name: 1 to 30 letters, digits, - or _ (no spaces or dots)');

export const classInputSchema = z.object({
  name: displayNameSchema(60).min(1),
  schoolCode: schoolCodeSchema,
});

export const bulkStudentsSchema = z.object({
  names: z
    .array(studentNameSchema)
    .min(1)
    .max(200)
    .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, 'names repeat'),
});

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
