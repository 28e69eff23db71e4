/**
 * The "add students" form's logins (issue 25): the server suggests one per name (romanised, numbered when
 * taken); the teacher may type another. Pure, so the checks and the request are tested without a browser.
 * The rule mirrors the contract's studentLoginSchema.
 */
import type { SuggestedLogin } from '@ai-edu/contract';

export interface LoginRow {
  name: string;
  login: string;
}

export type LoginProblem = 'empty' | 'chars' | 'repeated';

const LOGIN = /^[a-z0-9][a-z0-9_-]{0,29}$/;

/** The login as the server keeps it: trimmed, lower case. */
export const normalLogin = (login: string) => login.trim().toLowerCase();

/** What is wrong with each row's login, by index (a login given twice is wrong in both rows). */
export function loginProblems(rows: readonly LoginRow[]): Map<number, LoginProblem> {
  const problems = new Map<number, LoginProblem>();
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const login = normalLogin(row.login);
    if (!login) return problems.set(i, 'empty');
    if (!LOGIN.test(login)) return problems.set(i, 'chars');
    const first = seen.get(login);
    if (first !== undefined) {
      problems.set(i, 'repeated');
      problems.set(first, 'repeated');
    } else seen.set(login, i);
  });
  return problems;
}

/** The suggestions as editable rows. */
export const rowsFrom = (suggested: readonly SuggestedLogin[]): LoginRow[] =>
  suggested.map(({ name, login }) => ({ name, login }));

/** `POST /api/classes/:id/students`: every student with the login the teacher kept or typed. */
export function studentsRequest(rows: readonly LoginRow[]) {
  return { students: rows.map((row) => ({ name: row.name, login: normalLogin(row.login) })) };
}
