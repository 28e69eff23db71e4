/**
 * The poet's poems from the `chinese-poetry` npm package (Node only: the training script and tests; MIT
 * licence, © the chinese-poetry contributors): the Tang and Song poems of `dist/quantangshi`, printed there in
 * traditional characters and turned into simplified ones with `opencc-js`, kept when they are five- or
 * seven-character quatrains (`quatrainOf`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as OpenCC from 'opencc-js';
import { charFrequencies, quatrainOf, seededShuffle } from './corpus.ts';
import { POET_TRAINING } from './train.ts';
import { makeVocab } from './vocab.ts';

export type Era = 'tang' | 'song';

const poemsDir = () =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('chinese-poetry/package.json')),
    'dist',
    'quantangshi',
  );

/** Every quatrain of one era, in the package's file order, in simplified characters. */
export function readQuatrains(era: Era): string[] {
  const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });
  const files = readdirSync(poemsDir())
    .filter((name) => name.startsWith(`poet.${era}.`) && name.endsWith('.json'))
    .sort((a, b) => Number(a.split('.')[2]) - Number(b.split('.')[2]));
  const quatrains: string[] = [];
  for (const file of files) {
    const poems = JSON.parse(readFileSync(path.join(poemsDir(), file), 'utf8')) as {
      paragraphs?: string[];
    }[];
    for (const poem of poems) {
      const text = quatrainOf((poem.paragraphs ?? []).map((line) => toSimplified(line)));
      if (text) quatrains.push(text);
    }
  }
  return quatrains;
}

export interface PoetCorpus {
  /** The alphabet: the most frequent characters of both eras (`POET_TRAINING.alphabet` of them). */
  alphabet: string[];
  /** Per era, poems kept out of training (for the held-out figures) and the rest. */
  split: Record<Era, { heldOut: string[]; train: string[] }>;
  /** The training poems: every Tang quatrain, then Song ones up to `POET_TRAINING.trainPoems`, shuffled. */
  train: string[];
}

/**
 * The poet's data exactly as `npm run train:poet` uses it (seeded), so the bench measures the served model
 * on the very poems it never saw. Poems with a character outside the alphabet are left out.
 */
export function poetCorpus(): PoetCorpus {
  const eras = { tang: readQuatrains('tang'), song: readQuatrains('song') };
  const alphabet = charFrequencies([...eras.tang, ...eras.song])
    .slice(0, POET_TRAINING.alphabet)
    .map(([char]) => char);
  const vocab = makeVocab(alphabet);
  const known = (poem: string) => [...poem].every((c) => vocab.knows(c));
  const split = Object.fromEntries(
    (Object.entries(eras) as [Era, string[]][]).map(([era, poems], i) => {
      const shuffled = seededShuffle(poems.filter(known), POET_TRAINING.seed + i);
      return [
        era,
        {
          heldOut: shuffled.slice(0, POET_TRAINING.heldOutPerEra),
          train: shuffled.slice(POET_TRAINING.heldOutPerEra),
        },
      ];
    }),
  ) as PoetCorpus['split'];
  const train = seededShuffle(
    [
      ...split.tang.train,
      ...split.song.train.slice(0, Math.max(0, POET_TRAINING.trainPoems - split.tang.train.length)),
    ],
    POET_TRAINING.seed,
  );
  return { alphabet, split, train };
}
