/**
 * TF.js inside the lab's worker (imported by digits.worker.ts only): backend choice, the served model from
 * our own origin, and the "inspector" that reads every layer's output for one digit.
 */
import * as tf from '@tensorflow/tfjs';
import { installFastCpuKernels } from '@ai-edu/ml/digits/fast-cpu-kernels.ts';
import { LAYER_NAMES } from '@ai-edu/ml/digits/model.ts';
import { DIGIT_SIZE } from '@ai-edu/ml/digits/preprocess.ts';
import type { BackendName, FeatureMaps, Inspection, ServedModelInfo } from './worker-protocol.ts';

export { tf };

/**
 * Whether this worker can draw with a real graphics card. Without one, browsers may still offer WebGL
 * emulated on the processor (SwiftShader, llvmpipe): slower for these small networks than plain JavaScript.
 */
function hasHardwareWebGL(): boolean {
  try {
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !/swiftshader|llvmpipe|software|basic render/i.test(renderer);
  } catch {
    return false;
  }
}

/**
 * The graphics card (WebGL, through an OffscreenCanvas in the worker) when there is a real one, otherwise
 * TF.js's plain JavaScript backend with our faster convolution kernels: both run inference and training, and
 * the networks here are small enough for either.
 */
export async function initBackend(): Promise<BackendName> {
  installFastCpuKernels(tf);
  try {
    if (hasHardwareWebGL() && (await tf.setBackend('webgl'))) {
      await tf.ready();
      return 'webgl';
    }
  } catch {
    // No WebGL (no GPU, or disabled): the CPU backend below.
  }
  await tf.setBackend('cpu');
  await tf.ready();
  return 'cpu';
}

/** Loads the trained network from our own origin, with the facts the training script stored in it. */
export async function loadServedModel(
  url: string,
  fetchFunc?: typeof fetch,
): Promise<{ model: tf.LayersModel; info: ServedModelInfo | null }> {
  const model = await tf.loadLayersModel(url, fetchFunc ? { fetchFunc } : undefined);
  const meta = model.getUserDefinedMetadata() as Partial<ServedModelInfo> | undefined;
  const info =
    meta && typeof meta.heldOutAccuracy === 'number'
      ? {
          heldOutAccuracy: meta.heldOutAccuracy,
          heldOutCount: meta.heldOutCount ?? 0,
          trainCount: meta.trainCount ?? 0,
        }
      : null;
  return { model, info };
}

/** A network together with a second view of it that answers every layer's output. */
export interface Inspector {
  model: tf.LayersModel;
  /** The first layer's filters: `count` kernels of `size`×`size`. */
  filters: () => FeatureMaps;
  inspect: (pixels: Float32Array) => Inspection;
  /** Frees the network (the view shares its layers and weights). */
  dispose: () => void;
}

function toMaps(tensor: tf.Tensor): FeatureMaps {
  const [, size = 0, , count = 0] = tensor.shape;
  return { size, count, data: tensor.dataSync() as Float32Array };
}

/**
 * Wraps a digit network (served or trained here: both have the layers named in LAYER_NAMES) so one call
 * returns its feature maps, its scores before softmax and its probabilities.
 */
export function makeInspector(model: tf.LayersModel): Inspector {
  const out = model.getLayer(LAYER_NAMES.out);
  const layers = [LAYER_NAMES.conv1, LAYER_NAMES.pool1, LAYER_NAMES.conv2, LAYER_NAMES.pool2];
  const view = tf.model({
    inputs: model.inputs,
    outputs: [
      ...layers.map((name) => model.getLayer(name).output as tf.SymbolicTensor),
      out.input as tf.SymbolicTensor,
    ],
  });

  return {
    model,
    filters() {
      const weights = model.getLayer(LAYER_NAMES.conv1).getWeights()[0]!;
      const [size = 0, , , count = 0] = weights.shape;
      return { size, count, data: weights.dataSync() as Float32Array };
    },
    inspect(pixels) {
      // Read at each call: the network may be training between two calls.
      const [kernel, bias] = out.getWeights() as [tf.Tensor2D, tf.Tensor1D];
      const tensors = tf.tidy(() => {
        const x = tf.tensor4d(pixels, [1, DIGIT_SIZE, DIGIT_SIZE, 1]);
        const outputs = view.predict(x) as tf.Tensor[];
        const flat = outputs[4]!.reshape([1, -1]);
        const scores = tf.add(tf.matMul(flat, kernel), bias);
        return [...outputs.slice(0, 4), scores, tf.softmax(scores)];
      });
      const [conv1, pool1, conv2, pool2, scores, probabilities] = tensors as [
        tf.Tensor,
        tf.Tensor,
        tf.Tensor,
        tf.Tensor,
        tf.Tensor,
        tf.Tensor,
      ];
      const result: Inspection = {
        conv1: toMaps(conv1),
        pool1: toMaps(pool1),
        conv2: toMaps(conv2),
        pool2: toMaps(pool2),
        scores: Array.from(scores.dataSync()),
        probabilities: Array.from(probabilities.dataSync()),
      };
      tf.dispose(tensors);
      return result;
    },
    dispose() {
      model.dispose();
    },
  };
}
