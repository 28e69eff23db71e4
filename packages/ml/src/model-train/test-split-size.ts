/**
 * Whether a test split is big enough for its score to mean much. With n test pictures, one picture moves a
 * score (accuracy, or an mAP over the boxes in them) by 1/n, and the score's 95 % margin is roughly ±1/√n
 * (the normal approximation of a proportion at its widest, p = ½: 1.96·½/√n ≈ 1/√n): ±100 points from 1
 * picture, ±20 from 25, ±10 from 100. One picture gives 100 % or 0 % and says nothing (issue 25).
 */

/** Pictures for a margin of about ±20 points: the least for a score worth reading. */
export const MIN_TEST_IMAGES = 25;
/** And a few of every class, or a class's part of the score rests on one or two pictures. */
export const MIN_TEST_IMAGES_PER_CLASS = 5;

export interface SmallTestSplit {
  /** Test pictures the score came from. */
  readonly images: number;
  /** Test pictures that would do: MIN_TEST_IMAGES, and MIN_TEST_IMAGES_PER_CLASS per class. */
  readonly needed: number;
  /** The score's rough 95 % margin, as a fraction (1 = ±100 points). */
  readonly margin: number;
}

/** null when `images` test pictures of `classes` classes are enough; otherwise how far short they fall. */
export function smallTestSplit(images: number, classes: number): SmallTestSplit | null {
  const needed = Math.max(MIN_TEST_IMAGES, MIN_TEST_IMAGES_PER_CLASS * Math.max(1, classes));
  if (images >= needed) return null;
  return { images, needed, margin: images > 0 ? Math.min(1, 1 / Math.sqrt(images)) : 1 };
}
