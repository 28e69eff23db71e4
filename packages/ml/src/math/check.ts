/**
 * From a read line to a mark the page can show: the mark itself, and whether the reading was doubtful
 * (shown in orange, so a misread is never silently marked as the student's mistake).
 */
import { markLine, type Mark } from './mark.ts';
import type { Exercise } from './exercises.ts';

/** Below this confidence a line is "unsure": the page asks the student to check what was read. */
export const UNSURE_BELOW = 0.8;

export interface CheckedLine {
  text: string;
  confidence: number;
  unsure: boolean;
  mark: Mark;
}

export function checkLine(text: string, confidence: number): CheckedLine {
  return { text, confidence, unsure: confidence < UNSURE_BELOW, mark: markLine(text) };
}

/** Right and wrong counts of a page (unreadable lines are in neither). */
export function summarise(lines: readonly CheckedLine[]): {
  right: number;
  wrong: number;
  unreadable: number;
} {
  const count = (status: Mark['status']) => lines.filter((l) => l.mark.status === status).length;
  return { right: count('right'), wrong: count('wrong'), unreadable: count('unreadable') };
}

/**
 * How many exercises of a generated page were judged as they should be (a right answer marked right, a
 * wrong one wrong), pairing lines in reading order; an unreadable or missing line counts as misjudged.
 */
export function judgedCorrectly(exercises: readonly Exercise[], marks: readonly Mark[]): number {
  return exercises.filter((exercise, i) => marks[i]?.status === (exercise.right ? 'right' : 'wrong')).length;
}
