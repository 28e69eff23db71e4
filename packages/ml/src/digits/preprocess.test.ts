import { describe, expect, it } from 'vitest';
import {
  DIGIT_BOX,
  DIGIT_SIZE,
  boundingBox,
  centreByMass,
  centreOfMass,
  crop,
  fitSize,
  preprocessDrawing,
  resizeArea,
  type GreyImage,
} from './preprocess.ts';

/** A blank canvas with filled rectangles of ink (inclusive pixel boxes). */
function canvas(width: number, height: number, rects: [number, number, number, number][] = []): GreyImage {
  const pixels = new Float32Array(width * height);
  for (const [x0, y0, x1, y1] of rects) {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) pixels[y * width + x] = 1;
  }
  return { width, height, pixels };
}

const sum = (image: GreyImage) => image.pixels.reduce((s, v) => s + v, 0);

describe('digit preprocessing', () => {
  it('finds the bounding box of the ink, ignoring faint noise, and null on a blank canvas', () => {
    const image = canvas(100, 80, [
      [30, 10, 40, 60],
      [35, 50, 70, 55],
    ]);
    image.pixels[0] = 0.01; // below the threshold
    expect(boundingBox(image)).toEqual({ x0: 30, y0: 10, x1: 70, y1: 60 });
    expect(boundingBox(canvas(10, 10))).toBeNull();
    expect(crop(image, { x0: 30, y0: 10, x1: 70, y1: 60 })).toMatchObject({ width: 41, height: 51 });
  });

  it('scales the longer side to 20 pixels and keeps the proportions', () => {
    expect(fitSize(200, 100)).toEqual({ width: 20, height: 10 });
    expect(fitSize(30, 300)).toEqual({ width: 2, height: 20 });
    expect(fitSize(5, 1000)).toEqual({ width: 1, height: 20 });
    expect(fitSize(7, 7)).toEqual({ width: DIGIT_BOX, height: DIGIT_BOX });
  });

  it('resizes by area averaging: the ink is conserved in proportion and edges turn grey', () => {
    // A 10-pixel-wide bar in a 40-pixel-wide image, shrunk 4×: a 2.5-pixel bar, so one pixel is half grey.
    const image = canvas(40, 40, [[0, 0, 9, 39]]);
    const small = resizeArea(image, 10, 10);
    expect(small.pixels[0]).toBeCloseTo(1);
    expect(small.pixels[1]).toBeCloseTo(1);
    expect(small.pixels[2]).toBeCloseTo(0.5);
    expect(small.pixels[3]).toBeCloseTo(0);
    expect(sum(small)).toBeCloseTo(sum(image) / 16, 4);
    // Enlarging repeats pixels.
    const big = resizeArea(canvas(2, 2, [[0, 0, 0, 0]]), 4, 4);
    expect(Array.from(big.pixels.slice(0, 4))).toEqual([1, 1, 0, 0]);
  });

  it('centres by mass: the ink-weighted centre lands at the middle of 28×28', () => {
    // An "L": most of the mass is in the vertical bar, so the box is not what gets centred.
    const l = canvas(10, 20, [
      [0, 0, 1, 19],
      [0, 18, 9, 19],
    ]);
    const centred = centreByMass(l);
    expect(centred.width).toBe(DIGIT_SIZE);
    const com = centreOfMass(centred)!;
    expect(Math.abs(com.x - 13.5)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(com.y - 13.5)).toBeLessThanOrEqual(0.5);
    expect(sum(centred)).toBeCloseTo(sum(l));
  });

  it('never pushes the digit out of the field', () => {
    // Ink only at the far left of a 20-wide image: centring by mass would shift it beyond the right edge.
    const lopsided = canvas(20, 20, [[0, 0, 0, 19]]);
    lopsided.pixels[19] = 0.001;
    const centred = centreByMass(lopsided);
    expect(sum(centred)).toBeCloseTo(sum(lopsided));
  });

  it('turns a drawing into an MNIST-like 28×28 digit', () => {
    // A thick vertical stroke anywhere on a 280×280 canvas: a "1".
    const drawing = canvas(280, 280, [[200, 40, 223, 239]]);
    const result = preprocessDrawing(drawing)!;
    expect(result.box).toEqual({ x0: 200, y0: 40, x1: 223, y1: 239 });
    const { digit } = result;
    expect(digit.width * digit.height).toBe(784);
    const box = boundingBox(digit)!;
    expect(box.y1 - box.y0 + 1).toBe(DIGIT_BOX);
    expect(box.x1 - box.x0 + 1).toBeLessThanOrEqual(3);
    const com = centreOfMass(digit)!;
    expect(Math.abs(com.x - 13.5)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(com.y - 13.5)).toBeLessThanOrEqual(0.5);
    expect(Math.max(...digit.pixels)).toBeLessThanOrEqual(1);
    expect(preprocessDrawing(canvas(50, 50))).toBeNull();
  });

  it('gives the same digit wherever and however large it was drawn', () => {
    const small = preprocessDrawing(canvas(280, 280, [[10, 10, 29, 49]]))!.digit;
    const large = preprocessDrawing(canvas(280, 280, [[100, 60, 199, 259]]))!.digit;
    for (let i = 0; i < 784; i++) expect(small.pixels[i]).toBeCloseTo(large.pixels[i]!, 5);
  });
});
