/**
 * The backbone's weights as plain arrays for the converter, from the files (`tf.io.decodeWeights`, which also
 * dequantises the float16 weights exactly as the page's loader does) or from an already loaded GraphModel.
 */
import type * as TF from '@tensorflow/tfjs';
import type { NamedWeights } from './tf-graph.ts';

type Tf = typeof TF;

/** Copies tensors' values out (the tensors stay the caller's). */
export function namedWeightsFromTensors(tensors: Record<string, TF.Tensor>): NamedWeights {
  const out: NamedWeights = {};
  for (const [name, t] of Object.entries(tensors)) {
    out[name] = {
      shape: [...t.shape],
      data: t.dtype === 'int32' ? t.dataSync() : Float32Array.from(t.dataSync()),
    };
  }
  return out;
}

/** Decodes the weight files listed in a graph model JSON's `weightsManifest` (bytes in manifest order). */
export function decodeGraphWeights(
  tf: Tf,
  manifest: readonly { paths: string[]; weights: TF.io.WeightsManifestEntry[] }[],
  buffers: readonly (ArrayBuffer | Uint8Array)[],
): NamedWeights {
  const total = buffers.reduce((n, b) => n + b.byteLength, 0);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const b of buffers) {
    bytes.set(b instanceof Uint8Array ? b : new Uint8Array(b), offset);
    offset += b.byteLength;
  }
  const tensors = tf.io.decodeWeights(
    bytes.buffer,
    manifest.flatMap((g) => g.weights),
  );
  try {
    return namedWeightsFromTensors(tensors);
  } finally {
    tf.dispose(Object.values(tensors));
  }
}

/** The constants of a loaded GraphModel (its `weights` map: node name → tensors). */
export function namedWeightsFromGraphModel(model: TF.GraphModel): NamedWeights {
  const tensors: Record<string, TF.Tensor> = {};
  for (const [name, list] of Object.entries(model.weights)) if (list[0]) tensors[name] = list[0];
  return namedWeightsFromTensors(tensors);
}
