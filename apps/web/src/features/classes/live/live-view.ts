/** The live view's order, counts and "how long ago" texts. */
import type { LiveStudent } from '@ai-edu/contract';

const STATUS_ORDER: Record<LiveStudent['status'], number> = { active: 0, signedIn: 1, offline: 2 };

/** Active students first, then signed-in, then offline; the most recently active first within each. */
export function sortLive(students: readonly LiveStudent[]): LiveStudent[] {
  const at = (s: LiveStudent) => (s.lastActiveAt ? Date.parse(s.lastActiveAt) : -Infinity);
  return [...students].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      at(b) - at(a) ||
      a.displayName.localeCompare(b.displayName),
  );
}

export function liveCounts(students: readonly LiveStudent[]): Record<LiveStudent['status'], number> {
  const counts = { active: 0, signedIn: 0, offline: 0 };
  for (const s of students) counts[s.status] += 1;
  return counts;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "3 minutes ago" in the page's language, measured against the server's clock (`now` is the reply's `at`),
 * so a student's computer clock or the teacher's cannot make it read "in 2 minutes".
 */
export function timeAgo(iso: string, now: string | number, language: string): string {
  const seconds = Math.max(0, Math.round((new Date(now).getTime() - Date.parse(iso)) / 1000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (seconds < 10) return format.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}
