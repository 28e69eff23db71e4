import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { composeSheet, inkToRgba } from './handwritten-sheet.ts';
import { findLines, inkMap, otsuThreshold, segmentLine } from './segment.ts';
import type { GreyImage } from '../digits/preprocess.ts';

/** A stand-in "digit": a solid bar 20 px tall, so every digit is one component. */
const bar = (): GreyImage => ({ width: 4, height: 20, pixels: new Float32Array(80).fill(1) });

function pieces(lines: string[], seed = 1) {
  const sheet = composeSheet(lines, seededRandom(seed), bar);
  const page = inkToRgba(sheet.ink, 2);
  const map = inkMap(page);
  const bands = findLines(map.mask, page.width, page.height);
  return { bands, chars: bands.map((band) => segmentLine(map, band)) };
}

describe('segmenting a handwritten page', () => {
  it("finds Otsu's threshold between two groups of grey levels", () => {
    const histogram = new Array<number>(256).fill(0);
    histogram[40] = 100;
    histogram[220] = 900;
    const t = otsuThreshold(histogram);
    expect(t).toBeGreaterThanOrEqual(40);
    expect(t).toBeLessThan(220);
  });

  it('finds every line, top to bottom', () => {
    const { bands } = pieces(['1 + 2 = 3', '4 ÷ 2 = 2', '(1 + 1) × 2 = 4']);
    expect(bands).toHaveLength(3);
    expect(bands[0]!.y1).toBeLessThan(bands[1]!.y0);
    expect(bands[1]!.y1).toBeLessThan(bands[2]!.y0);
  });

  it('keeps the two bars of "=" and the bar and dots of "÷" together as one character', () => {
    const { chars } = pieces(['1 ÷ 2 = 3', '12 × 3 - 4 = 32']);
    expect(chars[0]).toHaveLength(5);
    expect(chars[1]).toHaveLength(9);
    expect(chars[0]!.every((c) => !c.fixed)).toBe(true);
  });

  it('recognises a decimal point and the three dots of a remainder by their size', () => {
    const { chars } = pieces(['3.5 - 1.2 = 2.3', '17 ÷ 5 = 3 … 2']);
    expect(chars[0]!.map((c) => c.fixed ?? 'x').join('')).toBe('x.xxx.xxx.x');
    expect(chars[1]!.map((c) => c.fixed ?? 'x').join('')).toBe('xxxxxx…x');
  });

  it('joins a small broken-off piece of a digit to it instead of taking it for a decimal point', () => {
    // A "digit" whose top-right stroke came apart: a bar, and 2 px to its right a small blob near the top.
    const broken = (): GreyImage => {
      const width = 9;
      const pixels = new Float32Array(width * 20);
      for (let y = 0; y < 20; y++) for (let x = 0; x < 4; x++) pixels[y * width + x] = 1;
      for (let y = 1; y < 4; y++) for (let x = 6; x < 9; x++) pixels[y * width + x] = 1;
      return { width, height: 20, pixels };
    };
    const sheet = composeSheet(['12 + 3.5 = 15.5'], seededRandom(3), broken);
    const page = inkToRgba(sheet.ink, 2);
    const map = inkMap(page);
    const [band] = findLines(map.mask, page.width, page.height);
    const chars = segmentLine(map, band!);
    expect(chars.map((c) => c.fixed ?? 'x').join('')).toBe('xxxx.xxxx.x');
  });

  it('finds nothing on a blank page', () => {
    const blank = { width: 50, height: 40, data: new Uint8ClampedArray(50 * 40 * 4).fill(255) };
    const map = inkMap(blank);
    expect(findLines(map.mask, 50, 40)).toEqual([]);
  });
});
