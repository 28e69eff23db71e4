import { describe, expect, it } from 'vitest';
import { normalise, scaleColour, textColourOn, valueRange } from './value-colours.ts';

const rgb = (colour: string) => colour.match(/\d+/g)!.map(Number);
/** Perceived brightness (Rec. 601 luma). */
const luma = (colour: string) => {
  const [r, g, b] = rgb(colour);
  return 0.299 * r! + 0.587 * g! + 0.114 * b!;
};

describe('value colours', () => {
  it('runs from dark purple to bright yellow, clamping outside [0, 1]', () => {
    expect(scaleColour(0)).toBe('rgb(68, 1, 84)');
    expect(scaleColour(1)).toBe('rgb(253, 231, 37)');
    expect(scaleColour(-3)).toBe(scaleColour(0));
    expect(scaleColour(7)).toBe(scaleColour(1));
    expect(scaleColour(Number.NaN)).toBe(scaleColour(0));
    expect(scaleColour(0.5)).toBe('rgb(33, 145, 140)');
  });

  it('gets brighter as the value gets better, so it reads in grey too', () => {
    let previous = -1;
    for (let t = 0; t <= 1.0001; t += 0.05) {
      const now = luma(scaleColour(t));
      expect(now).toBeGreaterThan(previous);
      previous = now;
    }
  });

  it('normalises values into the range, with ½ when nothing is learned yet', () => {
    expect(valueRange([3, -2, 7])).toEqual([-2, 7]);
    expect(valueRange([])).toEqual([0, 0]);
    expect(normalise(-2, -2, 7)).toBe(0);
    expect(normalise(7, -2, 7)).toBe(1);
    expect(normalise(2.5, -2, 7)).toBe(0.5);
    expect(normalise(0, 0, 0)).toBe(0.5);
    expect(normalise(9, -2, 7)).toBe(1);
  });

  it('writes dark text on bright squares and white on dark ones', () => {
    expect(textColourOn(1)).toBe('#1f1f3a');
    expect(textColourOn(0)).toBe('#ffffff');
  });
});
