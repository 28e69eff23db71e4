/**
 * Honest accuracy: a model is only as good as its answers on sentences it has never seen. Accuracy on the
 * training sentences can reach 100 % by memorising them, so these helpers hold sentences out of training and
 * test on them.
 */
import { seededRandom } from '../random.ts';
import {
  predict,
  shuffle,
  trainTextClassifier,
  type LabelledSentence,
  type TrainSettings,
} from './classifier.ts';

/** Indices of each class's sentences, each list shuffled by `seed`. */
function shuffledByClass(data: readonly LabelledSentence[], numClasses: number, seed: number): number[][] {
  const rng = seededRandom(seed);
  const groups: number[][] = Array.from({ length: numClasses }, () => []);
  for (const [i, d] of data.entries()) groups[d.label]?.push(i);
  return groups.map((g) => shuffle(g, rng));
}

/**
 * A stratified split: from each class, `testFraction` of its sentences (rounded, at least one when the
 * class has two or more) go to the test set, chosen at random by `seed`.
 */
export function trainTestSplit<T extends LabelledSentence>(
  data: readonly T[],
  numClasses: number,
  testFraction: number,
  seed: number,
): { train: T[]; test: T[] } {
  const train: T[] = [];
  const test: T[] = [];
  for (const group of shuffledByClass(data, numClasses, seed)) {
    const held = group.length < 2 ? 0 : Math.max(1, Math.round(group.length * testFraction));
    for (const [n, i] of group.entries()) (n < held ? test : train).push(data[i]!);
  }
  return { train, test };
}

export interface Evaluation {
  /** Held-out sentences classified right / all held-out sentences. */
  readonly accuracy: number;
  readonly folds: number;
  /** confusion[actual][predicted]: how many sentences of class `actual` were put in `predicted`. */
  readonly confusion: readonly (readonly number[])[];
  /** The held-out sentences the model got wrong (index into the data, and the class it guessed). */
  readonly mistakes: readonly { index: number; predicted: number; confidence: number }[];
}

/** Fewest sentences per class for cross-validation: with fewer, a fold would have nothing to test. */
export const MIN_PER_CLASS_FOR_EVALUATION = 3;

/** The number of folds cross-validation uses for these class sizes, or 0 when a class is too small. */
export function foldsFor(classSizes: readonly number[], maxFolds = 5): number {
  const smallest = Math.min(...classSizes);
  if (classSizes.length < 2 || smallest < MIN_PER_CLASS_FOR_EVALUATION) return 0;
  return Math.min(maxFolds, smallest);
}

/**
 * Stratified k-fold cross-validation: every class's sentences are dealt round-robin into k folds; k models
 * are trained, each without one fold, and tested on that fold. Every sentence is thus tested exactly once by
 * a model that never saw it, and the accuracy uses all the data without cheating.
 */
export function crossValidate(
  data: readonly LabelledSentence[],
  numClasses: number,
  settings: Partial<TrainSettings> & { seed: number },
  maxFolds = 5,
): Evaluation {
  const sizes = Array.from({ length: numClasses }, (_, k) => data.filter((d) => d.label === k).length);
  const folds = foldsFor(sizes, maxFolds);
  if (folds === 0) throw new Error(`need ${MIN_PER_CLASS_FOR_EVALUATION} sentences in every class`);
  const foldOf = new Array<number>(data.length).fill(0);
  for (const group of shuffledByClass(data, numClasses, settings.seed)) {
    for (const [n, i] of group.entries()) foldOf[i] = n % folds;
  }
  const confusion = Array.from({ length: numClasses }, () => new Array<number>(numClasses).fill(0));
  const mistakes: { index: number; predicted: number; confidence: number }[] = [];
  let right = 0;
  for (let fold = 0; fold < folds; fold++) {
    const train = data.filter((_, i) => foldOf[i] !== fold);
    const { model } = trainTextClassifier(train, numClasses, settings);
    for (const [i, d] of data.entries()) {
      if (foldOf[i] !== fold) continue;
      const { label, probabilities } = predict(model, d.text);
      confusion[d.label]![label]! += 1;
      if (label === d.label) right++;
      else mistakes.push({ index: i, predicted: label, confidence: probabilities[label] ?? 0 });
    }
  }
  mistakes.sort((a, b) => a.index - b.index);
  return { accuracy: right / data.length, folds, confusion, mistakes };
}
