/**
 * Bag of n-grams: a sentence becomes a long, mostly empty vector with one entry per known n-gram, holding
 * how many times that n-gram occurs. Word order is lost (except inside the bigrams), which is why the model
 * is easy to explain: every entry simply adds its own "vote".
 */
import { tokenize, type Token, type TokenizeOptions, type TokenKind } from './tokenize.ts';

/** The n-grams seen in training, each with its column number in the feature vector. */
export interface Vocabulary {
  /** Column → feature name. */
  readonly terms: readonly string[];
  /** Column → token kind (for display). */
  readonly kinds: readonly TokenKind[];
  /** Feature name → column. */
  readonly index: ReadonlyMap<string, number>;
}

/**
 * A sparse feature vector x: `values[i]` is the count of the n-gram in column `indices[i]`; every other column
 * is 0. Columns are sorted and unique.
 */
export interface SparseVector {
  readonly indices: readonly number[];
  readonly values: readonly number[];
}

/** Collects every n-gram of the training sentences, in order of first appearance (deterministic). */
export function buildVocabulary(sentences: readonly string[], options: TokenizeOptions = {}): Vocabulary {
  const terms: string[] = [];
  const kinds: TokenKind[] = [];
  const index = new Map<string, number>();
  for (const sentence of sentences) {
    for (const token of tokenize(sentence, options)) {
      if (index.has(token.text)) continue;
      index.set(token.text, terms.length);
      terms.push(token.text);
      kinds.push(token.kind);
    }
  }
  return { terms, kinds, index };
}

/** Rebuilds the lookup of a vocabulary from its term list (e.g. after reading a saved model). */
export function vocabularyFrom(terms: readonly string[], kinds: readonly TokenKind[]): Vocabulary {
  return { terms, kinds, index: new Map(terms.map((term, i) => [term, i])) };
}

/** Counts the known n-grams of `tokens`; unknown n-grams (never seen in training) are dropped. */
export function countTokens(tokens: readonly Token[], vocabulary: Vocabulary): SparseVector {
  const counts = new Map<number, number>();
  for (const token of tokens) {
    const column = vocabulary.index.get(token.text);
    if (column !== undefined) counts.set(column, (counts.get(column) ?? 0) + 1);
  }
  const indices = [...counts.keys()].sort((a, b) => a - b);
  return { indices, values: indices.map((i) => counts.get(i) ?? 0) };
}

/** Tokenises and counts in one go. */
export function vectorize(
  sentence: string,
  vocabulary: Vocabulary,
  options: TokenizeOptions = {},
): SparseVector {
  return countTokens(tokenize(sentence, options), vocabulary);
}
