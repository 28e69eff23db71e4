/**
 * The lesson form's "Studio project for the lesson" select (docs/make-studio.md, "Lessons and the live view"):
 * its values are strings, `''` for none, `catalogue:<id>` or `project:<id>`; the request wants the starter.
 */
import type { LessonStarterInput } from '@ai-edu/contract';

export function starterOfChoice(choice: string): LessonStarterInput | null {
  const colon = choice.indexOf(':');
  const kind = choice.slice(0, colon);
  const id = choice.slice(colon + 1);
  if (colon < 0 || !id) return null;
  if (kind === 'catalogue') return { kind, id };
  if (kind === 'project' && /^\d+$/.test(id)) return { kind, id: Number(id) };
  return null;
}
