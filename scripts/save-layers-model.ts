/**
 * Saves a trained TF.js layers model for the web app (used by the training scripts): model.json (topology,
 * weights manifest and `metadata` as its user-defined metadata, which the labs show; no optimizer state)
 * and weights.bin. Returns each file's name and size.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import * as prettier from 'prettier';

export async function saveModel(
  model: tf.LayersModel,
  dir: string,
  metadata: Record<string, unknown>,
): Promise<[string, number][]> {
  let written: [string, number][] = [];
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      const weights = artifacts.weightData;
      if (!weights || !artifacts.weightSpecs) throw new Error('model has no weights');
      const bytes = Buffer.concat(
        (Array.isArray(weights) ? weights : [weights]).map((b) => Buffer.from(new Uint8Array(b))),
      );
      const json = {
        format: 'layers-model',
        generatedBy: `TensorFlow.js tfjs-layers v${tf.version_layers}`,
        convertedBy: null,
        modelTopology: artifacts.modelTopology,
        weightsManifest: [{ paths: ['weights.bin'], weights: artifacts.weightSpecs }],
        userDefinedMetadata: metadata,
      };
      // Formatted as the repository's Prettier would, so `prettier --check .` passes on the committed file.
      const file = path.join(dir, 'model.json');
      const options = (await prettier.resolveConfig(file)) ?? {};
      const text = await prettier.format(JSON.stringify(json), { ...options, parser: 'json' });
      await writeFile(file, text);
      await writeFile(path.join(dir, 'weights.bin'), bytes);
      written = [
        ['model.json', Buffer.byteLength(text)],
        ['weights.bin', bytes.byteLength],
      ];
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  return written;
}
