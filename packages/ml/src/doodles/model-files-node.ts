/**
 * Node only: the committed doodle network (apps/web/public/models/doodles, written by `npm run train:doodles`)
 * loaded from its files, and what it makes of a network input; for the tests, benchmarks and e2e checks.
 */
import { fileURLToPath } from 'node:url';
import type * as TF from '@tensorflow/tfjs';
import { loadLayersModelFiles, type LayersModelJson } from '../model-files-node.ts';
import { DOODLE_SIZE } from './raster.ts';

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

/** The model's probabilities (one per category) for each of `inputs` (28×28 network inputs). */
export function doodleProbabilities(
  tf: typeof TF,
  model: TF.LayersModel,
  inputs: Float32Array[],
): Float32Array[] {
  return tf.tidy(() => {
    const batch = new Float32Array(inputs.length * DOODLE_SIZE * DOODLE_SIZE);
    inputs.forEach((input, i) => batch.set(input, i * DOODLE_SIZE * DOODLE_SIZE));
    const probs = model.predict(
      tf.tensor4d(batch, [inputs.length, DOODLE_SIZE, DOODLE_SIZE, 1]),
    ) as TF.Tensor;
    const flat = probs.dataSync() as Float32Array;
    const classes = flat.length / Math.max(1, inputs.length);
    return inputs.map((_, i) => flat.slice(i * classes, (i + 1) * classes));
  });
}
