/** Checking a contact list before it is sent (the server checks again and has the last word). */
import { contactListSchema, type Contact } from '@ai-edu/contract';

export type JsonProblem = { kind: 'syntax'; message: string } | { kind: 'schema'; message: string };

/** '[2].email: Invalid email address' — where in the list, and what is wrong. */
function issueText(issue: { path: PropertyKey[]; message: string }): string {
  const where = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  return where ? `${where.replace(/^\./, '')}: ${issue.message}` : issue.message;
}

export function parseContactsJson(text: string): { contacts: Contact[] } | { problems: JsonProblem[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      problems: [{ kind: 'syntax', message: error instanceof Error ? error.message : String(error) }],
    };
  }
  const parsed = contactListSchema.safeParse(value);
  if (!parsed.success)
    return {
      problems: parsed.error.issues
        .slice(0, 20)
        .map((issue) => ({ kind: 'schema', message: issueText(issue) })),
    };
  return { contacts: parsed.data };
}

/** The schema's complaints about a list, as lines to show. */
export function contactProblems(contacts: unknown): string[] {
  const parsed = contactListSchema.safeParse(contacts);
  return parsed.success ? [] : parsed.error.issues.slice(0, 20).map(issueText);
}
