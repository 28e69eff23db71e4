/**
 * The project's stored images (contract `TrainImage`: class names, boxes in pixels, split maybe unset) as the
 * worker needs them (`TrainingImage`: class indexes, boxes as fractions, every image in a split).
 */
import type { TrainImage, TrainKind } from '@ai-edu/contract';
import { assignSplit } from '@ai-edu/ml/model-train/split.ts';
import type { TrainingImage } from './types.ts';

export interface PreparedImages {
  images: TrainingImage[];
  /** cls images without a class (or with a class the project no longer has), left out of training. */
  unlabelled: number;
}

/**
 * cls: images whose label is one of `classes`; det: every image (an image without boxes teaches "nothing
 * here"), boxes whose label is not a class dropped. Images without a split get one from `assignSplit`
 * (seeded with the project's `splitSeed`, so the page and a later visit agree).
 */
export function toTrainingImages(
  kind: TrainKind,
  images: readonly TrainImage[],
  classes: readonly string[],
  splitSeed: number,
): PreparedImages {
  const index = new Map(classes.map((name, i) => [name, i]));
  const usable =
    kind === 'cls' ? images.filter((im) => im.label !== null && index.has(im.label)) : [...images];
  const splits = assignSplit(
    usable.map((im) => ({ id: im.id, label: kind === 'cls' ? im.label : null, split: im.split })),
    splitSeed,
  );
  const out = usable.map((im): TrainingImage => {
    const w = im.width || 1;
    const h = im.height || 1;
    return {
      id: im.id,
      url: im.url,
      split: splits.get(im.id) ?? im.split ?? 'train',
      label: kind === 'cls' ? (index.get(im.label ?? '') ?? null) : null,
      boxes:
        kind === 'det'
          ? im.boxes
              .filter((b) => index.has(b.label))
              .map((b) => ({
                label: index.get(b.label) ?? 0,
                x: b.x / w,
                y: b.y / h,
                w: b.w / w,
                h: b.h / h,
              }))
          : [],
    };
  });
  return { images: out, unlabelled: images.length - usable.length };
}

/** How many images each split holds. */
export function splitCounts(images: readonly TrainingImage[]): Record<'train' | 'val' | 'test', number> {
  const counts = { train: 0, val: 0, test: 0 };
  for (const im of images) counts[im.split] += 1;
  return counts;
}
