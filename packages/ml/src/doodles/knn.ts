/**
 * Teaching the doodle model new things without retraining it: every example drawing is kept as its
 * `features` description (128 numbers, model.ts), and a new drawing gets the label most of its `k` nearest
 * examples have. Near means pointing the same way (cosine similarity), so a big and a small drawing of the
 * same thing count as alike. Pure data, so it can be saved in the browser, exported and tested.
 */

export interface KnnExample {
  label: string;
  /** The drawing's features, unit length. */
  features: number[];
}

export interface KnnGuess {
  label: string;
  /** Share of the `k` nearest examples that have this label, weighted by similarity. */
  share: number;
}

/** `features` scaled to unit length (all zeros stay zeros). */
export function unitLength(features: ArrayLike<number>): number[] {
  const values = Array.from(features);
  const norm = Math.hypot(...values);
  return norm > 0 ? values.map((v) => v / norm) : values;
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

/** An example to keep: its label and its features made unit length. */
export function knnExample(label: string, features: ArrayLike<number>): KnnExample {
  return { label, features: unitLength(features) };
}

/**
 * The labels of the `k` examples nearest to `features`, each with its similarity-weighted share of the vote,
 * best first. Empty when there are no examples.
 */
export function knnVote(examples: readonly KnnExample[], features: ArrayLike<number>, k = 5): KnnGuess[] {
  if (examples.length === 0) return [];
  const query = unitLength(features);
  const nearest = examples
    .map((example) => ({ label: example.label, similarity: cosine(example.features, query) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, Math.max(1, k));
  const weights = new Map<string, number>();
  let total = 0;
  for (const { label, similarity } of nearest) {
    const weight = Math.max(0, similarity) + 1e-6;
    weights.set(label, (weights.get(label) ?? 0) + weight);
    total += weight;
  }
  return [...weights.entries()]
    .map(([label, weight]) => ({ label, share: weight / total }))
    .sort((a, b) => b.share - a.share);
}

/** The similarity of `features` to the nearest example with `label` (-1 when it has none). */
export function nearestSimilarity(
  examples: readonly KnnExample[],
  features: ArrayLike<number>,
  label: string,
) {
  const query = unitLength(features);
  return examples
    .filter((example) => example.label === label)
    .reduce((best, example) => Math.max(best, cosine(example.features, query)), -1);
}
