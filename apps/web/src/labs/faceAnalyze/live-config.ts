/**
 * The live page's face models and how it follows faces (shared with the block studio's face blocks, which
 * find faces the same way: face-finder.ts).
 */
import type { VisionConfig } from '../../lib/vision/human.ts';

/** Detector and mesh, loaded once; the mesh also follows faces between searches (FOLLOW_FACES). */
export const LIVE_CONFIG: VisionConfig = {
  face: {
    detector: { maxDetected: 3 },
    mesh: { enabled: true },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
  },
};

/**
 * Every frame, whether or not the points are shown: human searches the whole picture for faces only every
 * few frames and follows each face in between with the mesh network on a small crop around it, comparing
 * each frame with the last (cacheSensitivity). Searching every frame (the detector alone) costs ~40 ms a
 * frame on a 2-core machine without a GPU, 18 frames/s; following keeps the boxes at the camera's 24
 * (docs/vision.md). The switch only decides whether the 468 points are drawn.
 */
export const FOLLOW_FACES: VisionConfig = { cacheSensitivity: 0.7, face: { mesh: { enabled: true } } };
