/**
 * `npm run train:poet`: trains the tiny poet (packages/ml/src/poet) in Node on the Tang and Song quatrains of
 * the `chinese-poetry` package (MIT), seeded so that a run repeats exactly, prints the held-out bits per
 * character of each era as it goes, and writes into apps/web/public/models/poet/ (or --out):
 *
 * - model.json: the manifest (shape, alphabet, figures), weights.bin: the weights (`files.ts`);
 * - poems.txt: the training poems, one a line, for "where did this come from?".
 *
 * Options: --steps N (default POET_TRAINING's), --out DIR.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { warmupCosine } from '../packages/ml/src/clipped-adam.ts';
import { poetCorpus } from '../packages/ml/src/poet/corpus-node.ts';
import { installPoetKernels } from '../packages/ml/src/poet/fast-kernels.ts';
import { POET_FORMAT, packWeights, type PoetManifest } from '../packages/ml/src/poet/files.ts';
import { POET_NET, initPoetWeights, parameterCount, type PoetConfig } from '../packages/ml/src/poet/model.ts';
import { POET_TRAINING, bitsPerChar, poemBatch, poetTrainer } from '../packages/ml/src/poet/train.ts';
import { makeVocab } from '../packages/ml/src/poet/vocab.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: String(POET_TRAINING.steps) },
    out: { type: 'string', default: path.join(repoRoot, 'apps/web/public/models/poet') },
  },
});
const steps = Number(values.steps);
const outDir = path.resolve(values.out);
const LN2 = Math.log(2);

async function main() {
  await tf.setBackend('cpu');
  installPoetKernels(tf);
  const started = Date.now();
  const { alphabet, split, train } = poetCorpus();
  const vocab = makeVocab(alphabet);
  const config: PoetConfig = { vocabSize: vocab.size, ...POET_NET };
  console.log(
    `${train.length} training poems (${split.tang.train.length} Tang), alphabet ${vocab.size}, ` +
      `${parameterCount(config).toLocaleString('en')} parameters`,
  );
  const weights = initPoetWeights(tf, config, POET_TRAINING.seed);
  const trainer = poetTrainer(tf, weights, config);
  const rate = warmupCosine(POET_TRAINING.learningRate, POET_TRAINING.learningRate / 10, 30, steps);
  const heldOutBits = (poems: string[]) => bitsPerChar(tf, weights, config, vocab, poems);
  for (let step = 0; step < steps; step++) {
    const from = (step * POET_TRAINING.batch) % train.length;
    const batch = train.slice(from, from + POET_TRAINING.batch);
    const loss = trainer.step(poemBatch(vocab, batch, config.context), rate(step));
    if (step % 20 === 0 || step === steps - 1) {
      console.log(
        `step ${step + 1}/${steps}: ${(loss / LN2).toFixed(2)} bits/char, ${((Date.now() - started) / 60000).toFixed(1)} min`,
      );
    }
  }
  const figures = {
    tangHeldOutBitsPerChar: heldOutBits(split.tang.heldOut),
    songHeldOutBitsPerChar: heldOutBits(split.song.heldOut),
    steps,
    trainPoems: train.length,
    parameters: parameterCount(config),
    trainingMinutes: (Date.now() - started) / 60000,
  };
  console.log(figures);
  const manifest: PoetManifest = { format: POET_FORMAT, config, chars: alphabet.join(''), figures };
  const trained = new Map([...weights].map(([name, v]) => [name, v.dataSync() as Float32Array]));
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'model.json'), `${JSON.stringify(manifest)}\n`);
  await writeFile(path.join(outDir, 'weights.bin'), packWeights(config, trained));
  await writeFile(path.join(outDir, 'poems.txt'), `${train.join('\n')}\n`);
  console.log(`Wrote ${outDir}`);
}

await main();
