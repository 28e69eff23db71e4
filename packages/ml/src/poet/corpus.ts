/**
 * The poet's corpus: classical Chinese quatrains (绝句, four lines of five or seven characters), the form a
 * tiny model can learn in an hour and a student can read at a glance. Pure functions; the package reading is
 * in `corpus-node.ts`.
 */
import { seededRandom } from '../random.ts';

const HAN = '[\\u4e00-\\u9fff]';
/** Two couplets of five or seven characters each, as the poems print them: "白日依山尽，黄河入海流。…". */
const QUATRAIN = new RegExp(`^(?:(${HAN}{5})，${HAN}{5}[。？！]){2}$|^(?:${HAN}{7}，${HAN}{7}[。？！]){2}$`);

/** The poem as one line if its lines make a five- or seven-character quatrain, else null. */
export function quatrainOf(paragraphs: readonly string[]): string | null {
  const text = paragraphs.join('').replace(/\s+/g, '');
  return QUATRAIN.test(text) ? text : null;
}

/** Characters by how often they occur, most frequent first (ties in code-point order, so it repeats exactly). */
export function charFrequencies(poems: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const poem of poems) for (const char of poem) counts.set(char, (counts.get(char) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** A seeded shuffle (Fisher–Yates) that leaves `items` as it is. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const rng = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
