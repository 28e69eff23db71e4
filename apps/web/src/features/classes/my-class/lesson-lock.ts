/** Pure rules of lesson mode as a student meets them (issue 16); the server applies the same ones. */
import type { LabSlug, Lesson } from '@ai-edu/contract';

/**
 * Milliseconds until the lesson ends (0 once it has). The server answers only a running lesson, so only its
 * end is checked here: a start a little ahead of this device's clock still counts as started.
 */
export function msUntilEnd(lesson: Pick<Lesson, 'endsAt'>, now: number): number {
  return Math.max(0, Date.parse(lesson.endsAt) - now);
}

/** True when a running lesson locks every lab but its own and `slug` is not one of them. */
export function isLockedByLesson(running: Lesson | null | undefined, slug: string): boolean {
  return Boolean(running?.lockOthers) && !running?.labs.some((lab) => lab === slug);
}

/** Navigation state the lab page hands the lab index when it sends a student back from a locked lab. */
export interface LessonLockState {
  lessonLock: { lab: string; open: LabSlug[] };
}

/** `open`: the labs the running lesson opened, listed by the index's alert. */
export function lessonLockState(lab: string, open: readonly LabSlug[]): LessonLockState {
  return { lessonLock: { lab, open: [...open] } };
}

/** Reads that state back from `location.state` (anything else, e.g. after a reload of another page: null). */
export function readLessonLock(state: unknown): LessonLockState['lessonLock'] | null {
  if (typeof state !== 'object' || state === null || !('lessonLock' in state)) return null;
  const lock = state.lessonLock;
  if (typeof lock !== 'object' || lock === null) return null;
  const { lab, open } = lock as { lab?: unknown; open?: unknown };
  if (typeof lab !== 'string' || !Array.isArray(open)) return null;
  return { lab, open: open.filter((s): s is LabSlug => typeof s === 'string') };
}
