import { describe, expect, it } from 'vitest';
import type { TrainImage } from '@ai-edu/contract';
import { splitCounts, toTrainingImages } from './images.ts';

function image(id: number, extra: Partial<TrainImage> = {}): TrainImage {
  return {
    id,
    projectId: 1,
    label: null,
    split: null,
    boxes: [],
    width: 200,
    height: 100,
    bytes: 10,
    fileName: `${id}.png`,
    url: `/api/train/images/${id}/file`,
    thumbUrl: `/api/train/images/${id}/thumb`,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('toTrainingImages', () => {
  it('maps cls labels to indexes, leaves out unsorted images and splits the rest (seeded)', () => {
    const images = [
      ...Array.from({ length: 10 }, (_, i) => image(i + 1, { label: 'cat' })),
      ...Array.from({ length: 10 }, (_, i) => image(i + 11, { label: 'dog' })),
      image(30),
      image(31, { label: 'gone' }),
    ];
    const a = toTrainingImages('cls', images, ['cat', 'dog'], 7);
    expect(a.unlabelled).toBe(2);
    expect(a.images).toHaveLength(20);
    expect(a.images.find((im) => im.id === 12)?.label).toBe(1);
    const counts = splitCounts(a.images);
    expect(counts.test).toBeGreaterThanOrEqual(2);
    expect(counts.train + counts.val + counts.test).toBe(20);
    // The same seed gives the same split; a split already set is kept.
    expect(toTrainingImages('cls', images, ['cat', 'dog'], 7).images).toEqual(a.images);
    const fixed = toTrainingImages('cls', [image(1, { label: 'cat', split: 'val' })], ['cat'], 7);
    expect(fixed.images[0]?.split).toBe('val');
  });

  it('turns det boxes into fractions of the image and drops boxes of unknown classes', () => {
    const out = toTrainingImages(
      'det',
      [
        image(1, {
          boxes: [
            { label: 'circle', x: 20, y: 10, w: 50, h: 25 },
            { label: 'nope', x: 0, y: 0, w: 5, h: 5 },
          ],
        }),
      ],
      ['square', 'circle'],
      1,
    );
    expect(out.images[0]?.label).toBeNull();
    expect(out.images[0]?.boxes).toEqual([{ label: 1, x: 0.1, y: 0.1, w: 0.25, h: 0.25 }]);
  });
});
