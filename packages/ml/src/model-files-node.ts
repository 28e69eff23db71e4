/**
 * Node only: a committed TF.js layers model (model.json + weight files in a folder of apps/web/public/models)
 * loaded from its files, the same bytes a lab fetches from our origin; for tests, benchmarks and e2e checks.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as TF from '@tensorflow/tfjs';

export interface LayersModelJson<Meta = Record<string, unknown>> {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: TF.io.WeightsManifestEntry[] }[];
  userDefinedMetadata: Meta;
}

export async function loadLayersModelFiles<Meta>(
  tf: typeof TF,
  dir: string,
  file = 'model.json',
): Promise<{ model: TF.LayersModel; json: LayersModelJson<Meta> }> {
  const json = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as LayersModelJson<Meta>;
  const buffers = await Promise.all(
    json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p))),
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
