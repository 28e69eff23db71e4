/**
 * The lab's guesses: the doodle model's own categories mixed with the labels a student taught it. Pure (no
 * React, no TF.js), so the rule is tested in Node.
 *
 * The rule, as the page explains it: the student's examples are put among the model's own example drawings
 * (a few per category it knows) and the `KNN_K` drawings most like the new one vote, each as strongly as it
 * is alike (`knnVote`). When the taught labels win most of that vote (more than `TAUGHT_MAJORITY`), the
 * drawing is clearly closer to the student's examples than to anything the model learned: each taught label
 * gets its share and the model's categories share the rest in proportion to their probabilities, so a taught
 * label with share s leads when s > (1 − T) × p (T the taught labels' total, p the model's top probability).
 * Otherwise the drawing looks more like the model's own drawings and the model's guesses stand alone: a
 * label taught from a few drawings cannot take over drawings of things the model knows, however unsure the
 * model is about them.
 */
import { knnExample, knnVote, type KnnExample } from '@ai-edu/ml/doodles/knn.ts';

/** How many nearest drawings vote. */
export const KNN_K = 5;
/** Examples a taught label needs before it joins the vote (fewer make one odd drawing decide). */
export const MIN_EXAMPLES = 3;
/** Share of the vote the taught labels together must pass before they count. */
export const TAUGHT_MAJORITY = 0.5;
/** Guesses shown. */
export const TOP_GUESSES = 5;

export interface Guess {
  kind: 'base' | 'taught';
  /** The category's index (base) or the label's name (taught). */
  key: number | string;
  /** 0–1; all guesses together (not only those shown) add up to 1. */
  share: number;
}

/** A taught label with its examples' features (made by the current model). */
export interface TaughtFeatures {
  name: string;
  features: readonly (readonly number[])[];
}

export interface MixInput {
  /** The base model's probability per category. */
  probs: ArrayLike<number>;
  /** The drawing's features (the `features` layer). */
  features: ArrayLike<number>;
  /** The model's own example drawings, labelled with their category index (`baseExample`). */
  baseExamples: readonly KnnExample[];
  taught: readonly TaughtFeatures[];
  top?: number;
  k?: number;
}

const BASE = 'base:';
const TAUGHT = 'taught:';

/** A model's example drawing for the vote: its category index and its features made unit length. */
export const baseLabel = (category: number) => `${BASE}${category}`;

/** The labels that may vote: those with at least `MIN_EXAMPLES` examples. */
export function readyLabels(taught: readonly TaughtFeatures[]): TaughtFeatures[] {
  return taught.filter((label) => label.features.length >= MIN_EXAMPLES);
}

/** The guesses, best first: the base model's alone when no taught label is ready. */
export function mixPredictions({
  probs,
  features,
  baseExamples,
  taught,
  top = TOP_GUESSES,
  k = KNN_K,
}: MixInput): Guess[] {
  const ready = readyLabels(taught);
  const taughtShares = new Map<string, number>();
  if (ready.length > 0) {
    const examples: KnnExample[] = [
      ...baseExamples,
      ...ready.flatMap((label) => label.features.map((f) => knnExample(`${TAUGHT}${label.name}`, f))),
    ];
    for (const vote of knnVote(examples, features, k)) {
      if (vote.label.startsWith(TAUGHT)) taughtShares.set(vote.label.slice(TAUGHT.length), vote.share);
    }
  }
  const voted = [...taughtShares.values()].reduce((sum, share) => sum + share, 0);
  // A minority of the vote: the drawing is nearer the model's own drawings, the model decides alone.
  if (voted <= TAUGHT_MAJORITY) taughtShares.clear();
  const taughtTotal = taughtShares.size > 0 ? voted : 0;
  const guesses: Guess[] = [
    ...Array.from(probs, (p, index) => ({ kind: 'base' as const, key: index, share: p * (1 - taughtTotal) })),
    ...[...taughtShares].map(([name, share]) => ({ kind: 'taught' as const, key: name, share })),
  ];
  // Ties: a taught label before a category, then the earlier one (a stable order for the list).
  return guesses
    .sort((a, b) => b.share - a.share || (a.kind === b.kind ? 0 : a.kind === 'taught' ? -1 : 1))
    .slice(0, top);
}

/** "87%", "<1%" for a share under half a percent: the bars' text. */
export function percentText(share: number): string {
  const percent = Math.round(share * 100);
  return percent < 1 ? '<1%' : `${percent}%`;
}
