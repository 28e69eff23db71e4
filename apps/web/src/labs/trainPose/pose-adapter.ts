/**
 * The pose trainer's input: human's MoveNet-lightning body keypoints (17 points) of the most confident
 * person, normalised (centred, scaled by the body's spread, unsure points zeroed: packages/ml/trainer
 * keypoints.ts) → 17 × (x, y, seen) = 51 numbers. The skeleton is drawn over the video.
 */
import { normalizeKeypoints, valuesPerPoint, type Keypoint } from '@ai-edu/ml/trainer/index.ts';
import type { InputAdapter } from '../../features/trainer/types.ts';
import { loadHumanWithProgress, visionTf, type Human } from '../../lib/vision/human.ts';

/** MoveNet's keypoints, in its order (human names them). */
export const BODY_PARTS = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;

const at = (part: (typeof BODY_PARTS)[number]) => BODY_PARTS.indexOf(part);

export const BODY_EDGES: [number, number][] = [
  [at('leftShoulder'), at('rightShoulder')],
  [at('leftShoulder'), at('leftElbow')],
  [at('leftElbow'), at('leftWrist')],
  [at('rightShoulder'), at('rightElbow')],
  [at('rightElbow'), at('rightWrist')],
  [at('leftShoulder'), at('leftHip')],
  [at('rightShoulder'), at('rightHip')],
  [at('leftHip'), at('rightHip')],
  [at('leftHip'), at('leftKnee')],
  [at('leftKnee'), at('leftAnkle')],
  [at('rightHip'), at('rightKnee')],
  [at('rightKnee'), at('rightAnkle')],
  [at('nose'), at('leftEye')],
  [at('nose'), at('rightEye')],
  [at('leftEye'), at('leftEar')],
  [at('rightEye'), at('rightEar')],
];

const OPTIONS = { minScore: 0.3 } as const;
export const POSE_FEATURES = BODY_PARTS.length * valuesPerPoint(OPTIONS);

/** human with only the body model on (one person, no face pipeline). */
export const POSE_CONFIG = {
  face: { enabled: false },
  body: { enabled: true, modelPath: 'movenet-lightning.json', maxDetected: 1, minConfidence: 0.3 },
};

export function createPoseAdapter(): InputAdapter {
  let human: Human | null = null;
  return {
    kind: 'pose',
    extractor: `human-movenet-lightning:${BODY_PARTS.length}:xy-seen:centre-rms:min${OPTIONS.minScore}`,
    featureSize: POSE_FEATURES,
    async load(onDownloads) {
      const tf = await visionTf();
      const load = loadHumanWithProgress(POSE_CONFIG);
      onDownloads?.(load.downloads);
      human = await load.human;
      return tf;
    },
    async extract(source) {
      if (!human) throw new Error('pose model not loaded');
      const result = await human.detect(source);
      const body = result.body[0];
      if (!body || body.score < OPTIONS.minScore) return null;
      const points: Keypoint[] = BODY_PARTS.map((part) => {
        const kp = body.keypoints.find((k) => k.part === part);
        return kp ? { x: kp.position[0], y: kp.position[1], score: kp.score } : { x: 0, y: 0, score: 0 };
      });
      return { features: normalizeKeypoints(points, OPTIONS), skeleton: { points, edges: BODY_EDGES } };
    },
    dispose() {
      // The Human instance is shared (cached by configuration): nothing of ours to free.
      human = null;
    },
  };
}
