import { describe, expect, it } from 'vitest';
import { MIN_TEST_IMAGES, smallTestSplit } from './test-split-size.ts';

describe('smallTestSplit', () => {
  it('flags one test picture (a 100 % mAP from it says nothing) and says how many would do', () => {
    expect(smallTestSplit(1, 2)).toEqual({ images: 1, needed: MIN_TEST_IMAGES, margin: 1 });
    expect(smallTestSplit(16, 2)).toEqual({ images: 16, needed: 25, margin: 0.25 });
  });

  it('asks for a few pictures of every class when there are many classes', () => {
    expect(smallTestSplit(30, 10)?.needed).toBe(50);
    expect(smallTestSplit(50, 10)).toBeNull();
  });

  it('is quiet once the split is big enough', () => {
    expect(smallTestSplit(25, 2)).toBeNull();
    expect(smallTestSplit(400, 3)).toBeNull();
  });
});
