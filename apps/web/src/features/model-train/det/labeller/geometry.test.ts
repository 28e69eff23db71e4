import { describe, expect, it } from 'vitest';
import {
  clipToImage,
  cursorFor,
  handlePoint,
  hitTest,
  isBoxBigEnough,
  moveRect,
  rectFromCorners,
  resizeRect,
  roundRect,
} from './geometry.ts';

describe('rectFromCorners', () => {
  it('makes a box from corners in any order', () => {
    expect(rectFromCorners({ x: 50, y: 40 }, { x: 10, y: 20 }, 100, 100)).toEqual({
      x: 10,
      y: 20,
      w: 40,
      h: 20,
    });
  });
  it('clamps a drag that leaves the image', () => {
    expect(rectFromCorners({ x: -10, y: 90 }, { x: 30, y: 130 }, 100, 100)).toEqual({
      x: 0,
      y: 90,
      w: 30,
      h: 10,
    });
  });
});

describe('isBoxBigEnough', () => {
  it('treats a tiny drag as a click', () => {
    expect(isBoxBigEnough({ x: 0, y: 0, w: 1, h: 30 })).toBe(false);
    expect(isBoxBigEnough({ x: 0, y: 0, w: 3, h: 3 })).toBe(true);
  });
});

describe('clipToImage', () => {
  it('cuts the part outside the image', () => {
    expect(clipToImage({ x: 80, y: -5, w: 40, h: 20 }, 100, 50)).toEqual({ x: 80, y: 0, w: 20, h: 15 });
  });
});

describe('moveRect', () => {
  it('moves a box', () => {
    expect(moveRect({ x: 10, y: 10, w: 20, h: 20 }, 5, -3, 100, 100)).toEqual({ x: 15, y: 7, w: 20, h: 20 });
  });
  it('stops at the image edge without shrinking', () => {
    expect(moveRect({ x: 10, y: 10, w: 20, h: 20 }, 500, -500, 100, 100)).toEqual({
      x: 80,
      y: 0,
      w: 20,
      h: 20,
    });
  });
});

describe('resizeRect', () => {
  const box = { x: 10, y: 10, w: 40, h: 20 };
  it('moves only the dragged edges', () => {
    expect(resizeRect(box, 'se', 10, 5, 100, 100)).toEqual({ x: 10, y: 10, w: 50, h: 25 });
    expect(resizeRect(box, 'n', 99, -5, 100, 100)).toEqual({ x: 10, y: 5, w: 40, h: 25 });
    expect(resizeRect(box, 'w', -4, 99, 100, 100)).toEqual({ x: 6, y: 10, w: 44, h: 20 });
  });
  it('flips when dragged past the opposite edge', () => {
    expect(resizeRect(box, 'e', -60, 0, 100, 100)).toEqual({ x: 0, y: 10, w: 10, h: 20 });
  });
  it('keeps the moved edge inside the image', () => {
    expect(resizeRect(box, 'ne', 200, -200, 100, 100)).toEqual({ x: 10, y: 0, w: 90, h: 30 });
  });
});

describe('hitTest', () => {
  const big = { x: 0, y: 0, w: 100, h: 100 };
  const small = { x: 40, y: 40, w: 10, h: 10 };
  it('finds nothing on empty ground', () => {
    expect(hitTest([small], { x: 5, y: 5 }, 3)).toBeNull();
  });
  it('prefers the smallest box containing the point', () => {
    expect(hitTest([big, small], { x: 45, y: 45 }, 3)).toEqual({ index: 1, part: 'body' });
    expect(hitTest([small, big], { x: 45, y: 45 }, 3)).toEqual({ index: 0, part: 'body' });
    expect(hitTest([big, small], { x: 80, y: 80 }, 3)).toEqual({ index: 0, part: 'body' });
  });
  it("grabs the selected box's nearest handle within the tolerance", () => {
    expect(hitTest([big, small], { x: 51, y: 51 }, 3, 1)).toEqual({ index: 1, part: 'se' });
    expect(hitTest([big, small], { x: 45, y: 39 }, 3, 1)).toEqual({ index: 1, part: 'n' });
    // Handles of a box that is not selected are just its body.
    expect(hitTest([big, small], { x: 50, y: 50 }, 3, null)).toEqual({ index: 1, part: 'body' });
  });
});

describe('handles and cursors', () => {
  it('puts handles on corners and edge middles', () => {
    const box = { x: 10, y: 20, w: 40, h: 10 };
    expect(handlePoint(box, 'nw')).toEqual({ x: 10, y: 20 });
    expect(handlePoint(box, 'e')).toEqual({ x: 50, y: 25 });
    expect(handlePoint(box, 's')).toEqual({ x: 30, y: 30 });
  });
  it('names the cursor of each part', () => {
    expect(cursorFor(null)).toBe('crosshair');
    expect(cursorFor('body')).toBe('move');
    expect(cursorFor('sw')).toBe('sw-resize');
  });
  it('rounds to tenths', () => {
    expect(roundRect({ x: 1.234, y: 5.55, w: 10.01, h: 3 })).toEqual({ x: 1.2, y: 5.6, w: 10, h: 3 });
  });
});
