/**
 * Handwritten digits lab, in Node: per drawing, the MNIST preprocessing (280×280 pad → 28×28) and the
 * committed network's answer, one digit at a time as the lab asks for it — the probabilities alone, and the
 * lab's full inspection (every layer's feature maps too) — on TF.js's CPU backend (with the lab's faster
 * convolution kernels; the browser's fallback) and, when it starts, the WASM backend. Drawings are held-out
 * MNIST digits enlarged to the pad.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { digitPixels } from '../../../packages/ml/src/digits/dataset.ts';
import { installFastCpuKernels } from '../../../packages/ml/src/digits/fast-cpu-kernels.ts';
import { MODEL_FILE } from '../../../packages/ml/src/digits/files.ts';
import { loadDigitSplit } from '../../../packages/ml/src/digits/mnist-node.ts';
import { LAYER_NAMES } from '../../../packages/ml/src/digits/model.ts';
import { preprocessDrawing, type GreyImage } from '../../../packages/ml/src/digits/preprocess.ts';
import { PAD } from '../../../packages/ml/src/digits/strokes.ts';
import type { Figure } from '../lab-figure.ts';

export const name = 'handwritten digits';

const modelDir = fileURLToPath(new URL('../../../apps/web/public/models/digits/', import.meta.url));

async function loadModel(): Promise<tf.LayersModel> {
  const json = JSON.parse(await readFile(path.join(modelDir, MODEL_FILE), 'utf8')) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  };
  const paths = json.weightsManifest.flatMap((g) => g.paths);
  const bytes = Buffer.concat(await Promise.all(paths.map((p) => readFile(path.join(modelDir, p)))));
  return tf.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
      weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    }),
  );
}

/** A 28×28 digit enlarged to the pad, as if written there. */
function asDrawing(pixels: Float32Array): GreyImage {
  const size = PAD.pixels;
  const scale = size / 28;
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++)
      out[y * size + x] = pixels[Math.floor(y / scale) * 28 + Math.floor(x / scale)] ?? 0;
  }
  return { width: size, height: size, pixels: out };
}

/** Mean milliseconds of `work` over as many calls as fit in `seconds` (after a short warm-up). */
async function msPerCall(seconds: number, work: (i: number) => void | Promise<void>): Promise<number> {
  for (let i = 0; i < 20; i++) await work(i);
  let calls = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) await work(calls++);
  return (performance.now() - start) / calls;
}

export async function run(settings: { durationSec: number }): Promise<Figure[]> {
  const { heldOut } = loadDigitSplit();
  const drawings = Array.from({ length: 100 }, (_, i) => asDrawing(digitPixels(heldOut, i)));
  const digits = drawings.map((d) => preprocessDrawing(d)!.digit.pixels);
  const share = Math.max(1, settings.durationSec / 4);
  const figures: Figure[] = [];

  figures.push({
    label: 'preprocess a drawing (280² → 28²)',
    value: await msPerCall(share, (i) => {
      preprocessDrawing(drawings[i % drawings.length]!);
    }),
    unit: 'ms',
    note: 'crop, area-average to 20 px, centre by mass',
  });

  const backends: string[] = ['cpu'];
  try {
    await import('@tensorflow/tfjs-backend-wasm');
    backends.push('wasm');
  } catch {
    // No WASM backend in this Node: CPU figures only.
  }

  for (const backend of backends) {
    if (!(await tf.setBackend(backend).catch(() => false))) {
      figures.push({
        label: `answer one digit (${backend})`,
        value: Number.NaN,
        unit: 'ms',
        note: 'backend failed to start',
      });
      continue;
    }
    await tf.ready();
    if (backend === 'cpu') installFastCpuKernels(tf);
    const model = await loadModel();
    const view = tf.model({
      inputs: model.inputs,
      outputs: [
        LAYER_NAMES.conv1,
        LAYER_NAMES.pool1,
        LAYER_NAMES.conv2,
        LAYER_NAMES.pool2,
        LAYER_NAMES.out,
      ].map((n) => model.getLayer(n).output as tf.SymbolicTensor),
    });
    const one = (i: number) => tf.tensor4d(digits[i % digits.length]!, [1, 28, 28, 1]);
    figures.push({
      label: `answer one digit (${backend})`,
      value: await msPerCall(share, (i) => {
        const x = one(i);
        const y = model.predict(x) as tf.Tensor;
        y.dataSync();
        tf.dispose([x, y]);
      }),
      unit: 'ms',
      note: 'probabilities of 0–9',
    });
    figures.push({
      label: `answer + feature maps (${backend})`,
      value: await msPerCall(share, (i) => {
        const x = one(i);
        const ys = view.predict(x) as tf.Tensor[];
        for (const y of ys) y.dataSync();
        tf.dispose([x, ...ys]);
      }),
      unit: 'ms',
      note: 'what the lab computes per drawing',
    });
    model.dispose();
  }
  return figures;
}
