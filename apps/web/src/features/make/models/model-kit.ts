/**
 * How the studio gets the feature extractors its model blocks need: the trainers' own input adapters (the same
 * model code the labs use, convention 16), handed in by the app's route (features do not import labs).
 */
import { createContext } from 'react';
import type { Tf } from '@ai-edu/ml/trainer/index.ts';
import type { CameraModelInput } from '../../../lib/program-models.ts';

/** A trainer's input adapter as the studio uses it: a camera frame → the features its models were trained on. */
export interface FeatureExtractor {
  /** The extractor's id: a model made on other features is refused. */
  readonly extractor: string;
  load(): Promise<Tf>;
  /** A camera frame, or a drawn picture (the costume and robot camera blocks, picture-model-host.ts). */
  extract(source: HTMLVideoElement | HTMLCanvasElement): Promise<{ features: Float32Array } | null>;
  dispose(): void;
}

export type ExtractorKit = Record<CameraModelInput, () => Promise<FeatureExtractor>>;

/** Null where no route provides one: model blocks then say the models cannot run here. */
export const ExtractorKitContext = createContext<ExtractorKit | null>(null);
