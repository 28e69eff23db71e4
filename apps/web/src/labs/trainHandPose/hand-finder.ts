/**
 * The hand trainer's hand models for other pages (the block studio's hand key point block): the same human
 * configuration (HAND_CONFIG: handtrack + handlandmark-lite, one hand, loaded once and shared). Named key
 * points of the hand, 0…1 of the frame from its left and top edge.
 */
import { loadHumanWithProgress, type Human } from '../../lib/vision/human.ts';
import { HAND_CONFIG, HAND_POINTS } from './hand-adapter.ts';

/** The landmarks a block can ask for, by name: 0 is the wrist, 4 the thumb's tip … 20 the little finger's. */
export const HAND_POINT_NUMBERS = {
  wrist: 0,
  thumbTip: 4,
  indexTip: 8,
  middleTip: 12,
  ringTip: 16,
  pinkyTip: 20,
} as const;

export function createHandFinder() {
  let human: Human | null = null;
  return {
    async load(): Promise<void> {
      human = await loadHumanWithProgress(HAND_CONFIG).human;
    },
    async detect(video: HTMLVideoElement): Promise<{ points: Record<string, { x: number; y: number }> }> {
      if (!human) throw new Error('hand models not loaded');
      const result = await human.detect(video);
      const hand = result.hand[0];
      const points: Record<string, { x: number; y: number }> = {};
      if (!hand || hand.keypoints.length !== HAND_POINTS || !video.videoWidth) return { points };
      for (const [name, index] of Object.entries(HAND_POINT_NUMBERS)) {
        const [x, y] = hand.keypoints[index] ?? [0, 0];
        points[name] = { x: x / video.videoWidth, y: y / video.videoHeight };
      }
      return { points };
    },
    dispose(): void {
      human = null;
    },
  };
}
