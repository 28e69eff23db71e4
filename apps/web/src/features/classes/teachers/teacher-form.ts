/** The "new teacher" form's values and what it sends (pure, so the mapping is tested without a browser). */
import {
  passwordDigest,
  passwordProblem,
  type ClassSummary,
  type PasswordProblem,
  type TeacherInput,
} from '@ai-edu/contract';

export interface TeacherFormValues {
  name: string;
  account: string;
  /** On: the server makes a password that follows the rules and answers it once. */
  generate: boolean;
  password?: string;
  confirm?: string;
  classIds?: string[];
}

/** The request body: the password only as its wire digest (spec §7), left out when the server makes one. */
export function teacherRequest(values: TeacherFormValues): TeacherInput {
  const input: TeacherInput = {
    name: values.name.trim(),
    account: values.account.trim().toLowerCase(),
    classIds: values.classIds ?? [],
  };
  if (!values.generate) input.password = passwordDigest(values.password ?? '');
  return input;
}

/** The §5 rule a typed password breaks (confirm included), or null; a generated password needs none. */
export function teacherPasswordProblem(
  values: Pick<TeacherFormValues, 'generate' | 'password' | 'confirm'>,
): PasswordProblem | null {
  if (values.generate) return null;
  // Without a confirmation (the password field's own check) only the §5 rules apply.
  return passwordProblem(values.password ?? '', values.confirm);
}

/** The school's class codes (the part after the @ of every login at this school), each once, sorted. */
export function schoolCodes(classes: readonly ClassSummary[] | undefined): string[] {
  return [...new Set((classes ?? []).map((c) => c.schoolCode.toLowerCase()))].sort();
}

/** A login suggestion for the hint: `name@code` with the school's first code. */
export function loginExample(codes: readonly string[]): string {
  return `wang@${codes[0] ?? 'maple'}`;
}
