/**
 * The pose trainer's body model for other pages (the block studio's body key point block): the same human
 * configuration (POSE_CONFIG: MoveNet lightning, one person, loaded once and shared) and the same confidence
 * floor. Each key point the model is sure of, by its MoveNet name, 0…1 of the frame from its left and top edge.
 */
import { loadHumanWithProgress, type Human } from '../../lib/vision/human.ts';
import { POSE_CONFIG } from './pose-adapter.ts';

const MIN_SCORE = POSE_CONFIG.body.minConfidence;

export function createPoseFinder() {
  let human: Human | null = null;
  return {
    async load(): Promise<void> {
      human = await loadHumanWithProgress(POSE_CONFIG).human;
    },
    async detect(video: HTMLVideoElement): Promise<{ points: Record<string, { x: number; y: number }> }> {
      if (!human) throw new Error('pose model not loaded');
      const result = await human.detect(video);
      const body = result.body[0];
      const points: Record<string, { x: number; y: number }> = {};
      if (!body || body.score < MIN_SCORE || !video.videoWidth) return { points };
      for (const { part, position, score } of body.keypoints) {
        if (score >= MIN_SCORE)
          points[part] = { x: position[0] / video.videoWidth, y: position[1] / video.videoHeight };
      }
      return { points };
    },
    dispose(): void {
      human = null;
    },
  };
}
