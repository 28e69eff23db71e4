/** How well a classifier does on labelled samples: accuracy, per-class accuracy and the confusion matrix. */

export interface Evaluation {
  /** Samples measured. */
  readonly count: number;
  /** Share of samples whose predicted class is the true one (0 when there are none). */
  readonly accuracy: number;
  /** Per class (by position): share of that class's samples predicted right, or null with no samples. */
  readonly perClass: (number | null)[];
  /** `matrix[actual][predicted]`: how many samples of class `actual` were predicted as `predicted`. */
  readonly matrix: number[][];
}

/** Builds the evaluation from true and predicted labels (same length) for `classes` classes. */
export function evaluate(
  actual: readonly number[],
  predicted: readonly number[],
  classes: number,
): Evaluation {
  if (actual.length !== predicted.length) throw new Error('actual and predicted differ in length');
  const matrix = Array.from({ length: classes }, () => new Array<number>(classes).fill(0));
  let right = 0;
  actual.forEach((a, i) => {
    const p = predicted[i]!;
    const row = matrix[a];
    if (!row || p < 0 || p >= classes) throw new Error(`label out of range: ${a} → ${p}`);
    row[p] = (row[p] ?? 0) + 1;
    if (a === p) right++;
  });
  const perClass = matrix.map((row, k) => {
    const total = row.reduce((s, v) => s + v, 0);
    return total === 0 ? null : (row[k] ?? 0) / total;
  });
  return { count: actual.length, accuracy: actual.length ? right / actual.length : 0, perClass, matrix };
}

/** Index of the largest value (the first on ties); −1 for an empty list. */
export function argMax(values: ArrayLike<number>): number {
  let best = -1;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (values[i]! > max) {
      max = values[i]!;
      best = i;
    }
  }
  return best;
}
