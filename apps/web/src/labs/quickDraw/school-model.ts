/**
 * "Our school's model": the network's description of a drawing (its 128 `features`) compared with the
 * descriptions of the school's own drawings. The network's categories keep its probabilities; a word the
 * class invented is added when the drawings nearest to the new one are mostly the class's drawings of that
 * word. The network's own example drawings (6 per category) vote too, so a drawing that looks more like a
 * known thing than like the class's drawings keeps the network's answer. Pure data in, guesses out.
 */
import { normaliseDoodleLabel } from '@ai-edu/contract';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { knnExample, knnVote, type KnnExample } from '@ai-edu/ml/doodles/knn.ts';
import { isCategoryKey, type Guess } from './game.ts';
import { KNN_K, SCHOOL_MIN_SHARE, SCHOOL_WORD_MIN_DRAWINGS } from './meta.ts';

export interface SchoolModel {
  /** The network's examples (labelled with their category id) and the school's drawings (their label). */
  examples: KnnExample[];
  /** How many of the examples are the school's. */
  schoolDrawings: number;
}

/** A model from the network's examples' features (per category) and the school's drawings' features. */
export function schoolModel(
  categoryExamples: readonly (readonly ArrayLike<number>[])[],
  school: readonly { label: string; features: ArrayLike<number> }[],
): SchoolModel {
  const examples = categoryExamples.flatMap((features, index) =>
    features.map((f) => knnExample(DOODLE_CATEGORIES[index]?.id ?? String(index), f)),
  );
  return {
    examples: [...examples, ...school.map((d) => knnExample(d.label, d.features))],
    schoolDrawings: school.length,
  };
}

/** The network's probabilities as guesses, best first. */
export function networkGuesses(probs: ArrayLike<number>): Guess[] {
  return Array.from(probs, (probability, index) => ({
    key: DOODLE_CATEGORIES[index]?.id ?? String(index),
    probability,
  })).sort((a, b) => b.probability - a.probability);
}

/**
 * The school's model's guesses: the network's, plus the class's words when their drawings win the vote of
 * the nearest examples (their share of the vote becomes their probability; the network's categories share
 * what is left). Without school drawings, exactly the network's guesses.
 */
export function combinedGuesses(
  probs: ArrayLike<number>,
  features: ArrayLike<number>,
  model: SchoolModel | null,
): Guess[] {
  const network = networkGuesses(probs);
  if (!model || model.schoolDrawings === 0) return network;
  const words = knnVote(model.examples, features, KNN_K).filter((g) => !isCategoryKey(g.label));
  const wordShare = words.reduce((sum, g) => sum + g.share, 0);
  if (wordShare < SCHOOL_MIN_SHARE) return network;
  return [
    ...words.map((g) => ({ key: g.label, probability: g.share })),
    ...network.map((g) => ({ key: g.key, probability: g.probability * (1 - wordShare) })),
  ].sort((a, b) => b.probability - a.probability);
}

/** The class's own words (not categories of the network) drawn often enough to be asked for in a game. */
export function schoolWords(labels: readonly { label: string; count: number }[]): string[] {
  return labels
    .filter((l) => !isCategoryKey(l.label) && l.count >= SCHOOL_WORD_MIN_DRAWINGS)
    .map((l) => l.label);
}

/** A network input (28×28 in [0, 1]) as the 784 bytes the server keeps, in base64. */
export function inputToBase64(input: Float32Array): string {
  let binary = '';
  for (const v of input) binary += String.fromCharCode(Math.max(0, Math.min(255, Math.round(v * 255))));
  return btoa(binary);
}

/** The server's base64 bytes back to a network input. */
export function base64ToInput(pixels: string): Float32Array {
  const binary = atob(pixels);
  return Float32Array.from({ length: binary.length }, (_, i) => binary.charCodeAt(i) / 255);
}

/** What a student typed as a label: a category the network knows by any of its names → its id, else the word. */
export function labelFromText(text: string): string {
  const normal = normaliseDoodleLabel(text);
  const category = DOODLE_CATEGORIES.find((c) =>
    [c.id, c.en, c.zh].some((name) => normaliseDoodleLabel(name) === normal),
  );
  return category?.id ?? normal;
}
