import { describe, expect, it } from 'vitest';
import type { TrainImage } from '@ai-edu/contract';
import { cellKey, cellShade, imagesByCell } from './cells.ts';

const image = (id: number, label: string | null): TrainImage => ({
  id,
  projectId: 1,
  label,
  split: 'test',
  boxes: [],
  width: 1,
  height: 1,
  bytes: 1,
  fileName: `${id}.png`,
  url: '',
  thumbUrl: '',
  createdAt: '',
});

describe('confusion cells', () => {
  it('groups images by real and predicted class, leaving out unknown labels and missing predictions', () => {
    const images = [
      image(1, 'cat'),
      image(2, 'cat'),
      image(3, 'dog'),
      image(4, 'fox'),
      image(5, null),
      image(6, 'dog'),
    ];
    const cells = imagesByCell(['cat', 'dog'], images, [
      { imageId: 1, predicted: 0 },
      { imageId: 2, predicted: 1 },
      { imageId: 3, predicted: 0 },
      { imageId: 4, predicted: 0 },
      { imageId: 5, predicted: 1 },
      { imageId: 6 },
      { imageId: 99, predicted: 0 },
    ]);
    expect([...cells.keys()].sort()).toEqual(['0,0', '0,1', '1,0']);
    expect(cells.get(cellKey(0, 1))!.map((i) => i.id)).toEqual([2]);
    expect(cells.get(cellKey(1, 0))!.map((i) => i.id)).toEqual([3]);
  });

  it('shades a cell by its share of the row', () => {
    const confusion = [
      [3, 1],
      [0, 0],
    ];
    expect(cellShade(confusion, 0, 0)).toBe(0.75);
    expect(cellShade(confusion, 0, 1)).toBe(0.25);
    expect(cellShade(confusion, 1, 1)).toBe(0);
  });
});
