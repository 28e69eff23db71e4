import { describe, expect, it } from 'vitest';
import { rollValue } from './number-roll-math.ts';

describe('number roll', () => {
  it('starts at the old value and lands exactly on the new one', () => {
    expect(rollValue(0, 1000, 0, 1000)).toBe(0);
    expect(rollValue(0, 1000, 1000, 1000)).toBe(1000);
    expect(rollValue(0, 1000, 5000, 1000)).toBe(1000);
  });

  it('moves monotonically, in either direction', () => {
    const up = [0, 100, 250, 500, 750, 999].map((t) => rollValue(10, 90, t, 1000));
    expect([...up].sort((a, b) => a - b)).toEqual(up);
    const down = [0, 250, 500, 999].map((t) => rollValue(90, 10, t, 1000));
    expect([...down].sort((a, b) => b - a)).toEqual(down);
    expect(rollValue(5, 5, 300, 1000)).toBe(5);
  });

  it('jumps straight to the value without a duration', () => {
    expect(rollValue(0, 42, 0, 0)).toBe(42);
  });
});
