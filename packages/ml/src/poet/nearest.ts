/**
 * "Where did this come from?": the training poems closest to what the poet wrote, so a student can see
 * whether it copied. Closeness is the number of character pairs (bigrams) the two share, punctuation left
 * out; each match also tells its longest run of characters in common, the honest measure of copying.
 */

const PUNCTUATION = /[，。！？、；：,.!?;:\s]/u;

export interface NearPoem {
  poem: string;
  /** Distinct character pairs the two poems share. */
  sharedPairs: number;
  /** The longest stretch of characters (punctuation included) found in both. */
  longestRun: string;
}

function pairsOf(text: string): Set<string> {
  const chars = [...text];
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const a = chars[i]!;
    const b = chars[i + 1]!;
    if (!PUNCTUATION.test(a) && !PUNCTUATION.test(b)) pairs.add(a + b);
  }
  return pairs;
}

/** The longest common substring of two short texts (dynamic programming over their characters). */
export function longestCommonRun(a: string, b: string): string {
  const x = [...a];
  const y = [...b];
  let best = 0;
  let bestEnd = 0;
  let previous = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i++) {
    const row = new Array<number>(y.length + 1).fill(0);
    for (let j = 1; j <= y.length; j++) {
      if (x[i - 1] === y[j - 1]) {
        row[j] = previous[j - 1]! + 1;
        if (row[j]! > best) {
          best = row[j]!;
          bestEnd = i;
        }
      }
    }
    previous = row;
  }
  return x.slice(bestEnd - best, bestEnd).join('');
}

/**
 * The `count` poems sharing the most character pairs with `text` (ties: the longer common run first, then
 * corpus order). Poems sharing nothing are left out.
 */
export function nearestPoems(text: string, poems: readonly string[], count: number): NearPoem[] {
  const wanted = pairsOf(text);
  if (wanted.size === 0) return [];
  const scored: { index: number; shared: number }[] = [];
  poems.forEach((poem, index) => {
    let shared = 0;
    for (const pair of pairsOf(poem)) if (wanted.has(pair)) shared++;
    if (shared > 0) scored.push({ index, shared });
  });
  scored.sort((a, b) => b.shared - a.shared || a.index - b.index);
  // The common run is dearer to find: only for the leaders (a few times `count`).
  return scored
    .slice(0, count * 4)
    .map(({ index, shared }) => {
      const poem = poems[index]!;
      return { poem, sharedPairs: shared, longestRun: longestCommonRun(text, poem), index };
    })
    .sort(
      (a, b) =>
        b.sharedPairs - a.sharedPairs ||
        [...b.longestRun].length - [...a.longestRun].length ||
        a.index - b.index,
    )
    .slice(0, count)
    .map(({ poem, sharedPairs, longestRun }) => ({ poem, sharedPairs, longestRun }));
}
