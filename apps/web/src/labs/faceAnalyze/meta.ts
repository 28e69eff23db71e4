/** The face-analysis lab's own facts. Title, description and the camera flag come from the registry entry. */
export const SLUG = 'faceAnalyze';

/** Spec §9: the live page shows the camera in a 300 × 300 area. */
export const LIVE_SIZE = 300;

/** The analysis canvas (camera or photo) is drawn at this width; height follows the picture. */
export const ANALYZE_WIDTH = 480;

/** Faces found at most in one picture. */
export const MAX_FACES = 5;
