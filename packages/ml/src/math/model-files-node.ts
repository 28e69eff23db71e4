/**
 * Node only: the committed symbol network (apps/web/public/models/math, written by `npm run train:math`)
 * loaded from its files, the same bytes the lab fetches; for the tests and the benchmark.
 */
import { fileURLToPath } from 'node:url';
import type * as TF from '@tensorflow/tfjs';
import { loadLayersModelFiles, type LayersModelJson } from '../model-files-node.ts';
import { MATH_MODEL_FILE } from './symbol-model.ts';

export const MATH_MODEL_DIR = fileURLToPath(
  new URL('../../../../apps/web/public/models/math/', import.meta.url),
);

export type MathModelJson = LayersModelJson<{
  symbols: string[];
  heldOutAccuracy: number;
  heldOutCount: number;
  heldOutBySymbol: Record<string, { right: number; count: number }>;
}>;

export const loadMathModel = (tf: typeof TF): Promise<{ model: TF.LayersModel; json: MathModelJson }> =>
  loadLayersModelFiles(tf, MATH_MODEL_DIR, MATH_MODEL_FILE);
