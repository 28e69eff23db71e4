/**
 * The committed model files (apps/web/public/models/digits, written by `npm run train:digits`): loaded in Node
 * from the files themselves, measured on the held-out MNIST digits, checked against what they claim.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  balancedSubset,
  decodePack,
  digitPixels,
  fingerprint,
  quantize,
  type DigitSet,
  type Split,
} from './dataset.ts';
import { installFastCpuKernels } from './fast-cpu-kernels.ts';
import { MODEL_FILE, PACK_FILE, PACK_LEVELS, PACK_TEST_PER_CLASS, PACK_TRAIN_PER_CLASS } from './files.ts';
import { loadDigitSplit } from './mnist-node.ts';
import { LAYER_NAMES, accuracy, argmaxRows } from './model.ts';
import { preprocessDrawing, type GreyImage } from './preprocess.ts';
import { PAD, rowStrokes, type Stroke } from './strokes.ts';

const dir = fileURLToPath(new URL('../../../../apps/web/public/models/digits/', import.meta.url));

interface ModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  userDefinedMetadata?: { heldOutAccuracy?: number; heldOutCount?: number };
}

/** Reads model.json and its weight files from disk: the same bytes the lab fetches from our origin. */
async function loadFromFiles(): Promise<{ model: tf.LayersModel; json: ModelJson }> {
  const json = JSON.parse(await readFile(path.join(dir, MODEL_FILE), 'utf8')) as ModelJson;
  const paths = json.weightsManifest.flatMap((group) => group.paths);
  const buffers = await Promise.all(paths.map((p) => readFile(path.join(dir, p))));
  const weightData = Buffer.concat(buffers);
  const model = await tf.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
      weightData: weightData.buffer.slice(
        weightData.byteOffset,
        weightData.byteOffset + weightData.byteLength,
      ),
    }),
  );
  return { model, json };
}

/** A 28×28 digit blown up to a 280×280 "drawing", as if written on the lab's pad. */
function asDrawing(pixels: Float32Array): GreyImage {
  const size = 280;
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++)
      out[y * size + x] = pixels[Math.floor(y / 10) * 28 + Math.floor(x / 10)] ?? 0;
  }
  return { width: size, height: size, pixels: out };
}

/** What the pad's canvas shows after `strokes` (28-pixel units) with its round pen (no anti-aliasing). */
function drawStrokes(strokes: Stroke[]): GreyImage {
  const size = PAD.pixels;
  const scale = size / 28;
  const r = PAD.pen / 2;
  const pixels = new Float32Array(size * size);
  for (const { from, to } of strokes) {
    const [ax, ay, bx, by] = [from.x * scale, from.y * scale, to.x * scale, to.y * scale];
    for (let y = Math.floor(Math.min(ay, by) - r); y <= Math.ceil(Math.max(ay, by) + r); y++) {
      for (let x = Math.floor(Math.min(ax, bx) - r); x <= Math.ceil(Math.max(ax, bx) + r); x++) {
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        // Distance from the pixel centre to the segment.
        const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
        const t =
          len2 === 0
            ? 0
            : Math.max(0, Math.min(1, ((x + 0.5 - ax) * (bx - ax) + (y + 0.5 - ay) * (by - ay)) / len2));
        const d2 = (x + 0.5 - ax - t * (bx - ax)) ** 2 + (y + 0.5 - ay - t * (by - ay)) ** 2;
        if (d2 <= r * r) pixels[y * size + x] = 1;
      }
    }
  }
  return { width: size, height: size, pixels };
}

/** Share of `drawings` (with their labels) the model answers right. */
function shareRight(model: tf.LayersModel, drawings: GreyImage[], labels: number[]): number {
  const batch = new Float32Array(drawings.length * 784);
  drawings.forEach((drawing, i) => batch.set(preprocessDrawing(drawing)!.digit.pixels, i * 784));
  const probs = tf.tidy(() =>
    (model.predict(tf.tensor4d(batch, [drawings.length, 28, 28, 1])) as tf.Tensor).dataSync(),
  );
  return (
    argmaxRows(probs as Float32Array, drawings.length).filter((p, i) => p === labels[i]).length /
    drawings.length
  );
}

describe('the committed digit model', () => {
  let split: Split;
  let model: tf.LayersModel;
  let json: ModelJson;

  beforeAll(async () => {
    await tf.setBackend('cpu');
    installFastCpuKernels(tf);
    split = loadDigitSplit();
    ({ model, json } = await loadFromFiles());
  });

  it('is small and has the layers the lab reads', async () => {
    const files = [MODEL_FILE, ...json.weightsManifest.flatMap((g) => g.paths)];
    const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(dir, f))).size));
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(300 * 1024);
    for (const name of Object.values(LAYER_NAMES)) expect(model.getLayer(name)).toBeDefined();
    expect(model.outputs[0]!.shape).toEqual([null, 10]);
  });

  it('recognises at least 97 % of the held-out digits, as model.json states', async () => {
    const measured = await accuracy(tf, model, split.heldOut);
    expect(split.heldOut.count).toBe(2000);
    expect(measured).toBeGreaterThanOrEqual(0.97);
    expect(json.userDefinedMetadata?.heldOutCount).toBe(split.heldOut.count);
    expect(json.userDefinedMetadata?.heldOutAccuracy).toBeCloseTo(measured, 3);
  });

  it('still recognises held-out digits after the lab preprocessing of a drawing', () => {
    // Held-out digits enlarged to the pad's size and prepared as a drawing is.
    const indices = Array.from({ length: 500 }, (_, i) => i * 4);
    const drawings = indices.map((i) => asDrawing(digitPixels(split.heldOut, i)));
    const labels = indices.map((i) => split.heldOut.labels[i] ?? 0);
    expect(shareRight(model, drawings, labels)).toBeGreaterThanOrEqual(0.95);
  });

  it('recognises held-out digits rewritten with the pen, row by row (as the e2e test writes them)', () => {
    const indices = Array.from({ length: 300 }, (_, i) => i * 6 + 1);
    const drawings = indices.map((i) => drawStrokes(rowStrokes(digitPixels(split.heldOut, i))));
    const labels = indices.map((i) => split.heldOut.labels[i] ?? 0);
    expect(shareRight(model, drawings, labels)).toBeGreaterThanOrEqual(0.9);
  });

  it('ships a training pack drawn from the same split: training digits to train, held-out ones to test', async () => {
    const bytes = await readFile(path.join(dir, PACK_FILE));
    expect(bytes.byteLength).toBeLessThan(300 * 1024);
    const pack = decodePack(gunzipSync(bytes));
    expect([pack.train.count, pack.test.count]).toEqual([
      PACK_TRAIN_PER_CLASS * 10,
      PACK_TEST_PER_CLASS * 10,
    ]);
    const expected = (set: DigitSet, perClass: number) =>
      quantize(balancedSubset(set, perClass), PACK_LEVELS);
    expect(fingerprint(pack.train)).toBe(fingerprint(expected(split.train, PACK_TRAIN_PER_CLASS)));
    expect(fingerprint(pack.test)).toBe(fingerprint(expected(split.heldOut, PACK_TEST_PER_CLASS)));
  });
});
