import { describe, expect, it } from 'vitest';
import { boxCounts, classNameProblem, deleteClass, renameClass } from './class-edits.ts';

const box = (label: string) => ({ label, x: 1, y: 1, w: 2, h: 2 });
const images = [
  { id: 1, boxes: [box('cat'), box('dog')] },
  { id: 2, boxes: [box('dog')] },
  { id: 3, boxes: [] },
];

describe('class edits', () => {
  it('checks names', () => {
    expect(classNameProblem('bird', ['cat'])).toBeNull();
    expect(classNameProblem('!bird', ['cat'])).toBe('invalid');
    expect(classNameProblem('CAT', ['cat'])).toBe('duplicate');
    expect(classNameProblem('Cat', ['cat'], 'cat')).toBeNull();
    expect(
      classNameProblem(
        'x',
        Array.from({ length: 20 }, (_, i) => `c${i}`),
      ),
    ).toBe('tooMany');
  });
  it('counts boxes per class', () => {
    expect(Object.fromEntries(boxCounts(images))).toEqual({ cat: 1, dog: 2 });
  });
  it('renames a class in the list and in the boxes that use it', () => {
    const edit = renameClass(images, ['cat', 'dog'], 'dog', ' puppy ');
    expect(edit.classes).toEqual(['cat', 'puppy']);
    expect(edit.updates).toEqual([
      { id: 1, boxes: [box('cat'), box('puppy')] },
      { id: 2, boxes: [box('puppy')] },
    ]);
  });
  it('deletes a class and its boxes', () => {
    const edit = deleteClass(images, ['cat', 'dog'], 'cat');
    expect(edit.classes).toEqual(['dog']);
    expect(edit.updates).toEqual([{ id: 1, boxes: [box('dog')] }]);
  });
});
