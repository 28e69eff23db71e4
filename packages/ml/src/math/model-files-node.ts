/**
 * Node only: the committed symbol network (apps/web/public/models/math, written by `npm run train:math`)
 * loaded from its files, the same bytes the lab fetches; for the tests and the benchmark.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TF from '@tensorflow/tfjs';
import { MATH_MODEL_FILE } from './symbol-model.ts';

export const MATH_MODEL_DIR = fileURLToPath(
  new URL('../../../../apps/web/public/models/math/', import.meta.url),
);

export interface MathModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: TF.io.WeightsManifestEntry[] }[];
  userDefinedMetadata: {
    symbols: string[];
    heldOutAccuracy: number;
    heldOutCount: number;
    heldOutBySymbol: Record<string, { right: number; count: number }>;
  };
}

export async function loadMathModel(tf: typeof TF): Promise<{ model: TF.LayersModel; json: MathModelJson }> {
  const json = JSON.parse(
    await readFile(path.join(MATH_MODEL_DIR, MATH_MODEL_FILE), 'utf8'),
  ) as MathModelJson;
  const buffers = await Promise.all(
    json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(MATH_MODEL_DIR, p))),
  );
  const data = Buffer.concat(buffers);
  const model = await tf.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
      weightData: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
    }),
  );
  return { model, json };
}
