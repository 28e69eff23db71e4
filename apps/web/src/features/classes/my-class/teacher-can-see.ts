/** The lines of the "what your teacher can see" card, from what the server says the review keeps. */
import type { MyClass, ReviewedLab } from '@ai-edu/contract';

export type SeenLine =
  | { key: 'privacy.chat' | 'privacy.painting'; lab: ReviewedLab }
  | { key: 'privacy.credits' | 'privacy.kept' | 'privacy.wordList' | 'privacy.labs' };

/** Chat turns are questions and answers; every other reviewed lab paints a picture from a prompt. */
export function reviewedLabKind(lab: ReviewedLab): 'privacy.chat' | 'privacy.painting' {
  return lab === 'aiChat' ? 'privacy.chat' : 'privacy.painting';
}

export function teacherCanSee(review: MyClass['review']): SeenLine[] {
  const lines: SeenLine[] = review.labs.map((lab) => ({ key: reviewedLabKind(lab), lab }));
  if (review.labs.length > 0) lines.push({ key: 'privacy.credits' });
  if (review.wordList) lines.push({ key: 'privacy.wordList' });
  lines.push({ key: 'privacy.labs' });
  return lines;
}
