import { describe, expect, it } from 'vitest';
import { DOODLE_SIZE, strokesToInput } from './raster.ts';
import { inkStrokes, placeStrokes, stickFigure } from './trace.ts';

describe('inkStrokes', () => {
  it('traces a horizontal and an upright line back into one stroke each', () => {
    const bitmap = new Float32Array(DOODLE_SIZE * DOODLE_SIZE);
    for (let x = 3; x <= 20; x++) bitmap[5 * DOODLE_SIZE + x] = 1;
    for (let y = 10; y <= 25; y++) bitmap[y * DOODLE_SIZE + 2] = 0.8;
    expect(inkStrokes(bitmap)).toEqual([
      { x: [3.5, 20.5], y: [5.5, 5.5] },
      { x: [2.5, 2.5], y: [10.5, 25.5] },
    ]);
  });

  it('ignores pixels too faint to be ink', () => {
    const bitmap = new Float32Array(DOODLE_SIZE * DOODLE_SIZE).fill(0.2);
    expect(inkStrokes(bitmap)).toEqual([]);
  });
});

describe('stickFigure', () => {
  it('is a head, a body, arms and legs, and the same drawing wherever it is placed', () => {
    const figure = stickFigure({ arms: 0, legs: 0, head: 10, dx: 0 });
    expect(figure).toHaveLength(4);
    const moved = placeStrokes(figure, 3.84, { x: 48, y: 48 });
    expect(moved[1]).toEqual({ x: [48 + 50 * 3.84, 48 + 50 * 3.84], y: [48 + 30 * 3.84, 48 + 62 * 3.84] });
    expect(Array.from(strokesToInput(moved)!)).toEqual(Array.from(strokesToInput(figure)!));
  });
});
