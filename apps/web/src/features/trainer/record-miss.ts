/**
 * What "hold to record" saw: frames with nothing to sample (no body, no hand) add no sample, so the page
 * counts them and says why next to the button instead of failing silently.
 */
export interface RecordMiss {
  /** The class being recorded. */
  readonly classId: number;
  /** Frames analysed while recording in which the input found nothing. */
  readonly skipped: number;
  /** The newest frame had nothing in it (the hint shows while this is true). */
  readonly missing: boolean;
}

/** A fresh count when a recording starts. */
export function startMiss(classId: number): RecordMiss {
  return { classId, skipped: 0, missing: false };
}

/** The count after one analysed frame of a recording of `classId`; `found` is whether it gave a sample. */
export function countFrame(prev: RecordMiss | null, classId: number, found: boolean): RecordMiss {
  const base = prev?.classId === classId ? prev : startMiss(classId);
  if (found) return base.missing ? { ...base, missing: false } : base;
  return { ...base, skipped: base.skipped + 1, missing: true };
}
