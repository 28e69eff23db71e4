/**
 * The live page's face finding for other pages (the block studio's face blocks): the same models
 * (LIVE_CONFIG, loaded once and shared through lib/vision/human.ts), the same following between searches
 * (FOLLOW_FACES), the same frame size and one box per face (face-follower.ts). Each face as its box's centre,
 * 0…1 of the frame from its left and top edge, the most confident face first.
 */
import { analysisSize } from '../../lib/vision/geometry.ts';
import { frameTensor, loadHumanWithProgress, type Human } from '../../lib/vision/human.ts';
import { createFaceFollower } from './face-follower.ts';
import { FOLLOW_FACES, LIVE_CONFIG } from './live-config.ts';
import { LIVE_SIZE } from './meta.ts';

export interface FaceCentre {
  x: number;
  y: number;
}

export function createFaceFinder() {
  let human: Human | null = null;
  const follower = createFaceFollower();
  const canvas = document.createElement('canvas');
  return {
    async load(): Promise<void> {
      human = await loadHumanWithProgress(LIVE_CONFIG).human;
    },
    async detect(video: HTMLVideoElement): Promise<{ faces: FaceCentre[] }> {
      if (!human) throw new Error('face models not loaded');
      const size = analysisSize(video.videoWidth, video.videoHeight, LIVE_SIZE, LIVE_SIZE);
      canvas.width = size.width;
      canvas.height = size.height;
      canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0, size.width, size.height);
      const input = await frameTensor(canvas);
      try {
        const result = await human.detect(input, FOLLOW_FACES);
        const faces = [...follower.next(result.face)].sort((a, b) => b.score - a.score);
        return {
          faces: faces.map(({ box }) => ({
            x: (box[0] + box[2] / 2) / size.width,
            y: (box[1] + box[3] / 2) / size.height,
          })),
        };
      } finally {
        input.dispose();
      }
    },
    dispose(): void {
      // The Human instance is shared (cached by configuration): nothing of ours to free.
      human = null;
      follower.reset();
    },
  };
}
