/**
 * Measures of a trained model on labelled images.
 *
 * - classification: accuracy, per-class precision / recall / support and the confusion matrix
 *   `confusion[truth][predicted]` (the shape of `clsMetricsSchema` in packages/contract, less `classes`);
 * - detection: mAP at one IoU threshold (0.5), VOC-style: per class, detections of all images sorted by score,
 *   each one a true positive when it overlaps a not-yet-matched labelled box of its class by ≥ the threshold,
 *   AP = area under the all-point interpolated precision/recall curve. A class with no labelled box in the
 *   set has AP 0 in `perClassAp` and is LEFT OUT of the mean (`classesInMean` says which classes count).
 */

export interface ClassMetrics {
  /** Of the images predicted as this class, the share that are (0 when none was predicted). */
  readonly precision: number;
  /** Of the images of this class, the share found (0 when the class has none). */
  readonly recall: number;
  /** Images of this class. */
  readonly support: number;
}

export interface ClassificationMetrics {
  readonly accuracy: number;
  readonly perClass: ClassMetrics[];
  /** confusion[truth][predicted]: image counts. */
  readonly confusion: number[][];
}

export function evaluateClassification(
  truth: readonly number[],
  predicted: readonly number[],
  classes: number,
): ClassificationMetrics {
  if (truth.length !== predicted.length) throw new Error('truth and predictions differ in length');
  const confusion = Array.from({ length: classes }, () => new Array<number>(classes).fill(0));
  let right = 0;
  truth.forEach((t, i) => {
    const p = predicted[i]!;
    if (t < 0 || t >= classes || p < 0 || p >= classes) throw new Error(`class index out of range at ${i}`);
    confusion[t]![p]!++;
    if (t === p) right++;
  });
  const perClass = confusion.map((row, c) => {
    const support = row.reduce((a, b) => a + b, 0);
    const predictedAs = confusion.reduce((n, r) => n + r[c]!, 0);
    const hit = row[c]!;
    return {
      precision: predictedAs ? hit / predictedAs : 0,
      recall: support ? hit / support : 0,
      support,
    };
  });
  return { accuracy: truth.length ? right / truth.length : 0, perClass, confusion };
}

/** A box: class index and position (any unit, the same for predictions and truths; x, y = top-left). */
export interface LabelledBox {
  readonly label: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface ScoredBox extends LabelledBox {
  readonly score: number;
}

export interface DetectionMetrics {
  /** Mean of `perClassAp` over the classes in `classesInMean` (0 when there are none). */
  readonly map: number;
  readonly perClassAp: number[];
  /** Classes with at least one labelled box: the ones averaged. */
  readonly classesInMean: number[];
  readonly iouThreshold: number;
}

export function iou(a: Omit<LabelledBox, 'label'>, b: Omit<LabelledBox, 'label'>): number {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}

/** All-point interpolated average precision of detections already marked true/false positive by score order. */
export function averagePrecision(hits: readonly boolean[], truths: number): number {
  if (truths === 0) return 0;
  const precision: number[] = [];
  const recall: number[] = [];
  let tp = 0;
  hits.forEach((hit, i) => {
    if (hit) tp++;
    precision.push(tp / (i + 1));
    recall.push(tp / truths);
  });
  // Make precision non-increasing from the right, then sum precision × recall steps.
  for (let i = precision.length - 2; i >= 0; i--) precision[i] = Math.max(precision[i]!, precision[i + 1]!);
  let ap = 0;
  let lastRecall = 0;
  for (let i = 0; i < recall.length; i++) {
    if (recall[i]! > lastRecall) {
      ap += (recall[i]! - lastRecall) * precision[i]!;
      lastRecall = recall[i]!;
    }
  }
  return ap;
}

export function evaluateDetection(
  predictions: readonly (readonly ScoredBox[])[],
  truths: readonly (readonly LabelledBox[])[],
  classes: number,
  iouThreshold = 0.5,
): DetectionMetrics {
  if (predictions.length !== truths.length) throw new Error('predictions and truths differ in image count');
  const perClassAp: number[] = [];
  const classesInMean: number[] = [];
  for (let c = 0; c < classes; c++) {
    const found: { image: number; box: ScoredBox }[] = [];
    predictions.forEach((list, image) => {
      for (const box of list) if (box.label === c) found.push({ image, box });
    });
    found.sort((a, b) => b.box.score - a.box.score);
    const wanted = truths.map((list) => list.filter((b) => b.label === c));
    const used = wanted.map((list) => new Array<boolean>(list.length).fill(false));
    const total = wanted.reduce((n, list) => n + list.length, 0);
    const hits = found.map(({ image, box }) => {
      let best = -1;
      let bestIou = iouThreshold;
      wanted[image]!.forEach((truth, k) => {
        const overlap = iou(box, truth);
        if (!used[image]![k] && overlap >= bestIou) {
          best = k;
          bestIou = overlap;
        }
      });
      if (best < 0) return false;
      used[image]![best] = true;
      return true;
    });
    perClassAp.push(averagePrecision(hits, total));
    if (total > 0) classesInMean.push(c);
  }
  const map = classesInMean.length
    ? classesInMean.reduce((s, c) => s + perClassAp[c]!, 0) / classesInMean.length
    : 0;
  return { map, perClassAp, classesInMean, iouThreshold };
}
