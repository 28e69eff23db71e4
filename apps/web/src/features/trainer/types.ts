/**
 * What differs between the image, pose and hand trainers: the input adapter turns a camera frame or a photo
 * into one feature vector (and, for keypoints, a skeleton to draw). Everything else (classes, samples,
 * training, prediction, files) is the shared trainer.
 */
import type { Tf } from '@ai-edu/ml/trainer/index.ts';
import type { DownloadSource } from '../../lib/download-progress.ts';

export type InputKind = 'image' | 'pose' | 'hand';

/** Points and the lines between them, in the source's pixel coordinates (drawn over the video). */
export interface Skeleton {
  readonly points: readonly { x: number; y: number; score?: number }[];
  readonly edges: readonly (readonly [number, number])[];
}

export interface Extraction {
  /** The classifier's input (already normalised), `featureSize` numbers. */
  readonly features: Float32Array;
  readonly skeleton?: Skeleton;
}

export type FrameSource = HTMLVideoElement | HTMLImageElement | HTMLCanvasElement;

export interface InputAdapter {
  readonly kind: InputKind;
  /** Names the feature extractor and its settings: models and projects made with another are refused. */
  readonly extractor: string;
  readonly featureSize: number;
  /**
   * Loads the models; resolves with the tf instance the classifier must use (the same engine). Hands the
   * model files' download to `onDownloads` as soon as it starts, for the page's progress bar.
   */
  load(onDownloads?: (downloads: DownloadSource) => void): Promise<Tf>;
  /** Features of one frame or photo; null when there is nothing to see (no body, no hand). */
  extract(source: FrameSource): Promise<Extraction | null>;
  /** Frees what `load` allocated that is not shared with other pages. */
  dispose(): void;
}
