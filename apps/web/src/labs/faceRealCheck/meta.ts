/** The real-face check lab's own facts. Title, description and the camera flag come from the registry. */
import type { ChallengeStep } from '@ai-edu/ml/face/liveness.ts';

export const SLUG = 'faceRealCheck';

export const VIEW_WIDTH = 400;

/** The challenge asks for all three, in a random order each time (a recorded video can't guess it). */
export const CHALLENGE_STEPS: readonly ChallengeStep[] = ['blink', 'turnLeft', 'turnRight'];

/** Scores from the two passive models above this count as "real" / "live". */
export const PASS_SCORE = 0.5;
