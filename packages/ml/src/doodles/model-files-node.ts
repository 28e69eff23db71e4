/**
 * Node only: the committed doodle network (apps/web/public/models/doodles, written by `npm run train:doodles`)
 * loaded from its files, for the tests, benchmarks and e2e checks (`doodleProbabilities` of `model.ts` reads it).
 */
import { fileURLToPath } from 'node:url';
import type * as TF from '@tensorflow/tfjs';
import { loadLayersModelFiles, type LayersModelJson } from '../model-files-node.ts';

export const DOODLE_MODEL_DIR = fileURLToPath(
  new URL('../../../../apps/web/public/models/doodles/', import.meta.url),
);

export type DoodleModelJson = LayersModelJson<{
  categories: string[];
  heldOutTop1: number;
  heldOutTop3: number;
  heldOutCount: number;
  epochs: number;
}>;

export const loadServedDoodleModel = (
  tf: typeof TF,
): Promise<{ model: TF.LayersModel; json: DoodleModelJson }> => loadLayersModelFiles(tf, DOODLE_MODEL_DIR);
