/**
 * A trained head as TF.js "layers-model" files: `model.json` (topology + weights manifest pointing at
 * `weights.bin`) and the binary weights, the same files `model.save('downloads://…')` writes, so the model
 * also loads in any TF.js app with `tf.loadLayersModel`. Works in memory (no browser storage, no network).
 */
import type * as TF from '@tensorflow/tfjs';
import type { Tf } from './classifier.ts';

export const WEIGHTS_FILE = 'weights.bin';

export interface ModelFiles {
  /** The text of model.json. */
  readonly modelJson: string;
  readonly weights: ArrayBuffer;
}

function concatWeights(data: ArrayBuffer | ArrayBuffer[]): ArrayBuffer {
  if (!Array.isArray(data)) return data;
  const total = data.reduce((n, b) => n + b.byteLength, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const b of data) {
    out.set(new Uint8Array(b), offset);
    offset += b.byteLength;
  }
  return out.buffer;
}

/** Serialises a layers model to model.json + weights.bin. */
export async function saveModelFiles(tf: Tf, model: TF.LayersModel): Promise<ModelFiles> {
  let files: ModelFiles | null = null;
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      const weights = concatWeights(artifacts.weightData ?? new ArrayBuffer(0));
      const json = {
        format: 'layers-model',
        generatedBy: artifacts.generatedBy,
        convertedBy: null,
        modelTopology: artifacts.modelTopology,
        weightsManifest: [{ paths: [WEIGHTS_FILE], weights: artifacts.weightSpecs ?? [] }],
      };
      files = { modelJson: JSON.stringify(json), weights };
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  if (!files) throw new Error('the model was not saved');
  return files;
}

/** Thrown when model files cannot be read back (the message says why, in English, for logs). */
export class ModelFileError extends Error {
  constructor(
    readonly code: 'notJson' | 'notLayersModel' | 'weightsMismatch',
    message: string,
  ) {
    super(message);
  }
}

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
}

const BYTES: Record<string, number> = { float32: 4, int32: 4, bool: 1 };

/** Loads a layers model from model.json text and its weights (checked for size before TF.js sees them). */
export async function loadModelFiles(tf: Tf, files: ModelFiles): Promise<TF.LayersModel> {
  let json: unknown;
  try {
    json = JSON.parse(files.modelJson);
  } catch {
    throw new ModelFileError('notJson', 'model.json is not JSON');
  }
  const manifest = (json as { weightsManifest?: { weights?: WeightSpec[] }[] } | null)?.weightsManifest;
  const topology = (json as { modelTopology?: unknown } | null)?.modelTopology;
  if (!topology || typeof topology !== 'object' || !Array.isArray(manifest)) {
    throw new ModelFileError('notLayersModel', 'model.json has no layers-model topology or weights manifest');
  }
  const specs = manifest.flatMap((group) => group.weights ?? []);
  const expected = specs.reduce(
    (n, s) => n + (BYTES[s.dtype] ?? 4) * (s.shape ?? []).reduce((a, b) => a * b, 1),
    0,
  );
  if (expected !== files.weights.byteLength) {
    throw new ModelFileError(
      'weightsMismatch',
      `weights.bin has ${files.weights.byteLength} bytes, model.json expects ${expected}`,
    );
  }
  try {
    return await tf.loadLayersModel(
      tf.io.fromMemory({
        modelTopology: topology,
        weightSpecs: specs as TF.io.WeightsManifestEntry[],
        weightData: files.weights,
      }),
    );
  } catch (error) {
    throw new ModelFileError('notLayersModel', `TF.js could not build the model: ${String(error)}`);
  }
}

/** Number of inputs and outputs of a loaded head ([features, classes]). */
export function modelShape(model: TF.LayersModel): { inputSize: number; classes: number } {
  const input = model.inputs[0]?.shape ?? [];
  const output = model.outputs[0]?.shape ?? [];
  return { inputSize: input[input.length - 1] ?? 0, classes: output[output.length - 1] ?? 0 };
}
