import { describe, expect, it } from 'vitest';
import { BLUE, heatColor, NEUTRAL, ORANGE, paintValues } from './colors.ts';
import { formatEpoch, formatLoss } from './use-lab.ts';

describe('colours and figures', () => {
  it('maps −1 to orange, 0 to grey, +1 to blue, clamping the rest', () => {
    expect(heatColor(-1)).toEqual([...ORANGE]);
    expect(heatColor(0)).toEqual([...NEUTRAL]);
    expect(heatColor(1)).toEqual([...BLUE]);
    expect(heatColor(7)).toEqual([...BLUE]);
    expect(heatColor(NaN)).toEqual([...NEUTRAL]);
  });

  it('paints RGBA pixels, flat colours when discretised', () => {
    const pixels = new Uint8ClampedArray(12);
    paintValues([-1, 0.001, 1], pixels);
    expect([...pixels.slice(0, 4)]).toEqual([...ORANGE, 255]);
    expect([...pixels.slice(8, 12)]).toEqual([...BLUE, 255]);
    paintValues([-0.2, 0.001, 0.9], pixels, true);
    expect([...pixels.slice(4, 8)]).toEqual([...pixels.slice(8, 12)]);
    expect([...pixels.slice(0, 4)]).not.toEqual([...pixels.slice(4, 8)]);
  });

  it('formats the epoch counter and losses', () => {
    expect(formatEpoch(0)).toBe('000,000');
    expect(formatEpoch(1234)).toBe('001,234');
    expect(formatEpoch(12345678)).toBe('12,345,678');
    expect(formatLoss(0.12345)).toBe('0.123');
    expect(formatLoss(NaN)).toBe('–');
  });
});
