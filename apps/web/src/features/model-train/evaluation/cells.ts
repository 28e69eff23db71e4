/** Which test images fall into each confusion-matrix cell (the cells open them). */
import type { TrainImage } from '@ai-edu/contract';

/** The part of a prediction the matrix needs (web-train's `ImagePrediction` fits). */
export interface ClassPrediction {
  imageId: number;
  predicted?: number;
}

export const cellKey = (truth: number, predicted: number) => `${truth},${predicted}`;

/**
 * Groups the predicted images by (true class, predicted class); an image whose label is not one of
 * `classes`, or that has no prediction, is left out.
 */
export function imagesByCell(
  classes: readonly string[],
  images: readonly TrainImage[],
  predictions: readonly ClassPrediction[],
): Map<string, TrainImage[]> {
  const byId = new Map(images.map((image) => [image.id, image]));
  const index = new Map(classes.map((name, i) => [name, i]));
  const cells = new Map<string, TrainImage[]>();
  for (const prediction of predictions) {
    const image = byId.get(prediction.imageId);
    const truth = image?.label == null ? undefined : index.get(image.label);
    if (!image || truth === undefined || prediction.predicted === undefined) continue;
    const key = cellKey(truth, prediction.predicted);
    const list = cells.get(key);
    if (list) list.push(image);
    else cells.set(key, [image]);
  }
  return cells;
}

/** 0–1: how dark a cell is drawn, relative to its row's total (a row of 3 images and one of 300 compare). */
export function cellShade(
  confusion: readonly (readonly number[])[],
  truth: number,
  predicted: number,
): number {
  const row = confusion[truth] ?? [];
  const total = row.reduce((a, b) => a + b, 0);
  return total === 0 ? 0 : (row[predicted] ?? 0) / total;
}
