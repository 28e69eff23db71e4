/** A kept head (`StoredHead`: TF.js artifacts) as the layers-model files TF.js loads: model.json + weights.bin. */
import { WEIGHTS_FILE, type ModelFiles } from '@ai-edu/ml/trainer/serialize.ts';
import type { StoredHead } from './model-store.ts';

export function headModelFiles(head: StoredHead): ModelFiles {
  const modelJson = JSON.stringify({
    format: 'layers-model',
    generatedBy: 'ai-edu model-train',
    modelTopology: head.modelTopology,
    weightsManifest: [{ paths: [WEIGHTS_FILE], weights: head.weightSpecs }],
  });
  return { modelJson, weights: head.weightData };
}
