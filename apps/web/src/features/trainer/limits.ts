/** Limits of a trainer project (the editor and the project-file reader share them). */
export const TRAINER_LIMITS = {
  maxClasses: 10,
  maxSamplesPerClass: 300,
  maxClassNameLength: 40,
  /** Project files hold thumbnails and features: 300 × 10 samples stay well under this. */
  maxProjectBytes: 60 * 1024 * 1024,
  maxModelZipBytes: 20 * 1024 * 1024,
} as const;

export const MIN_CLASSES = 2;

/** Side of the square sample thumbnails, in pixels. */
export const THUMB_SIZE = 64;

/** While the record button is held, one sample per this many milliseconds at most. */
export const RECORD_INTERVAL_MS = 120;

/** Rest between two camera frames' feature extractions, so the page stays responsive. */
export const FRAME_REST_MS = 40;

export { CLASS_COLORS, classColor } from '../../lib/class-colors.ts';
