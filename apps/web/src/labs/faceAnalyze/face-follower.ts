import { steadyFaces, type Box, type Detection } from '@ai-edu/ml/face/overlap.ts';

/**
 * Follows the faces of a camera from frame to frame: one box per face (human can report one face twice, see
 * packages/ml/src/face/overlap.ts), numbered in the same order as in the last frame. A photo is a first frame.
 */
export function createFaceFollower() {
  let previous: Box[] = [];
  return {
    next<F extends Detection>(faces: readonly F[]): F[] {
      const kept = steadyFaces(previous, faces);
      previous = kept.map((face) => face.box);
      return kept;
    },
    /** Forgets the last frame (another source, a new photo). */
    reset(): void {
      previous = [];
    },
  };
}
