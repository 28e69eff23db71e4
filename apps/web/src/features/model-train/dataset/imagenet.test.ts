import { describe, expect, it } from 'vitest';
import { classesOf, mergeClasses, parseImageNetPath } from './imagenet.ts';

describe('ImageNet layout', () => {
  it('reads class and split from the folders', () => {
    expect(parseImageNetPath('data/training_set/cat/1.jpg')).toEqual({
      label: 'cat',
      split: 'train',
      fileName: '1.jpg',
    });
    expect(parseImageNetPath('val_set/dog/a.PNG')).toEqual({ label: 'dog', split: 'val', fileName: 'a.PNG' });
    expect(parseImageNetPath('x\\test_set\\bird\\b.webp')).toEqual({
      label: 'bird',
      split: 'test',
      fileName: 'b.webp',
    });
    expect(parseImageNetPath('cat/1.jpeg')).toEqual({ label: 'cat', split: null, fileName: '1.jpeg' });
  });

  it('skips what is not a picture in a class folder', () => {
    expect(parseImageNetPath('cat/readme.txt')).toBeNull();
    expect(parseImageNetPath('1.jpg')).toBeNull();
    expect(parseImageNetPath('__MACOSX/cat/._1.jpg')).toBeNull();
    expect(parseImageNetPath('cat/.hidden.jpg')).toBeNull();
    expect(parseImageNetPath('data/training_set/1.jpg')).toBeNull();
  });

  it('lists classes once and merges them into the project', () => {
    const entries = ['a/Cat/1.jpg', 'a/dog/2.jpg', 'b/cat/3.jpg'].map((p) => parseImageNetPath(p)!);
    expect(classesOf(entries)).toEqual(['Cat', 'dog']);
    const merged = mergeClasses(['cat', 'fox'], ['Cat', 'dog']);
    expect(merged.classes).toEqual(['cat', 'fox', 'dog']);
    expect(merged.rename.get('Cat')).toBe('cat');
    expect(merged.rename.get('dog')).toBe('dog');
  });
});
