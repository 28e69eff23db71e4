/** The "make a split" button: a fresh seeded split of the labelled pictures, as the updates to send. */
import type { TrainImage, TrainSplit } from '@ai-edu/contract';
import { assignSplit } from '@ai-edu/ml/model-train/split.ts';

/** Per-image split changes for a fresh split (stratified by class) with `seed`; unchanged images left out. */
export function splitUpdates(
  images: readonly TrainImage[],
  seed: number,
): { id: number; split: TrainSplit }[] {
  const labelled = images.filter((i) => i.label !== null);
  const plan = assignSplit(
    labelled.map((i) => ({ id: i.id, label: i.label })),
    seed,
  );
  return labelled.flatMap((i) => {
    const split = plan.get(i.id);
    return split && split !== i.split ? [{ id: i.id, split }] : [];
  });
}

export function splitCounts(images: readonly TrainImage[]): Record<TrainSplit | 'none', number> {
  const counts = { train: 0, val: 0, test: 0, none: 0 };
  for (const image of images) counts[image.split ?? 'none']++;
  return counts;
}
