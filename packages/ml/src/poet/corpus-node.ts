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
import { quatrainOf } from './corpus.ts';

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
