import { describe, expect, it } from 'vitest';
import type { TrainImage } from '@ai-edu/contract';
import { splitCounts, splitUpdates } from './split-plan.ts';

const image = (id: number, label: string | null, split: TrainImage['split'] = null): TrainImage => ({
  id,
  projectId: 1,
  label,
  split,
  boxes: [],
  width: 1,
  height: 1,
  bytes: 1,
  fileName: '',
  url: '',
  thumbUrl: '',
  createdAt: '',
});

describe('split plan', () => {
  it('splits every labelled picture per class, the same way for the same seed, sending only changes', () => {
    const images = Array.from({ length: 40 }, (_, i) => image(i + 1, i % 2 ? 'a' : 'b'));
    images.push(image(100, null));
    const updates = splitUpdates(images, 5);
    expect(updates).toHaveLength(40);
    expect(updates.find((u) => u.id === 100)).toBeUndefined();
    expect(splitUpdates(images, 5)).toEqual(updates);
    const after = images.map((i) => ({ ...i, split: updates.find((u) => u.id === i.id)?.split ?? i.split }));
    const counts = splitCounts(after);
    expect(counts.none).toBe(1);
    expect(counts.test).toBeGreaterThanOrEqual(4);
    expect(counts.val).toBeGreaterThanOrEqual(4);
    for (const label of ['a', 'b']) {
      expect(after.some((i) => i.label === label && i.split === 'test')).toBe(true);
    }
    expect(splitUpdates(after, 5)).toEqual([]);
  });
});
