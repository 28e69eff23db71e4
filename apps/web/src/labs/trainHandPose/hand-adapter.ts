/**
 * The hand gesture trainer's input: human's hand tracker (handtrack) + landmarks (handlandmark-lite), 21
 * points of the most confident hand with depth, normalised (centred, scaled by the hand's spread:
 * packages/ml/trainer keypoints.ts) → 21 × (x, y, z) = 63 numbers. The hand skeleton is drawn over the video.
 */
import { normalizeKeypoints, valuesPerPoint, type Keypoint } from '@ai-edu/ml/trainer/index.ts';
import type { InputAdapter } from '../../features/trainer/types.ts';
import { loadHumanWithProgress, visionTf, type Human } from '../../lib/vision/human.ts';

export const HAND_POINTS = 21;

/** Wrist (0) to each finger's base, and each finger's joints: thumb 1–4, index 5–8 … little 17–20. */
export const HAND_EDGES: [number, number][] = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 4],
  [0, 5],
  [5, 6],
  [6, 7],
  [7, 8],
  [5, 9],
  [9, 10],
  [10, 11],
  [11, 12],
  [9, 13],
  [13, 14],
  [14, 15],
  [15, 16],
  [13, 17],
  [0, 17],
  [17, 18],
  [18, 19],
  [19, 20],
];

const OPTIONS = { useZ: true, visibility: false } as const;
export const HAND_FEATURES = HAND_POINTS * valuesPerPoint(OPTIONS);

/** human with only the hand models on (one hand, no face pipeline). */
export const HAND_CONFIG = {
  face: { enabled: false },
  hand: {
    enabled: true,
    maxDetected: 1,
    minConfidence: 0.5,
    detector: { modelPath: 'handtrack.json' },
    skeleton: { modelPath: 'handlandmark-lite.json' },
  },
};

export function createHandAdapter(): InputAdapter {
  let human: Human | null = null;
  return {
    kind: 'hand',
    extractor: `human-handtrack+handlandmark-lite:${HAND_POINTS}:xyz:centre-rms`,
    featureSize: HAND_FEATURES,
    async load(onDownloads) {
      const tf = await visionTf();
      const load = loadHumanWithProgress(HAND_CONFIG);
      onDownloads?.(load.downloads);
      human = await load.human;
      return tf;
    },
    async extract(source) {
      if (!human) throw new Error('hand model not loaded');
      const result = await human.detect(source);
      const hand = result.hand[0];
      if (!hand || hand.keypoints.length !== HAND_POINTS) return null;
      const points: Keypoint[] = hand.keypoints.map(([x, y, z]) => ({ x, y, z: z ?? 0 }));
      return { features: normalizeKeypoints(points, OPTIONS), skeleton: { points, edges: HAND_EDGES } };
    },
    dispose() {
      human = null;
    },
  };
}
