import { describe, expect, it } from 'vitest';
import { secondsLeft } from './countdown.ts';

describe('resend countdown', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(61_000, 1_000, 60)).toBe(60);
    expect(secondsLeft(61_000, 1_001, 60)).toBe(60);
    expect(secondsLeft(61_000, 2_000, 60)).toBe(59);
    expect(secondsLeft(61_000, 60_999, 60)).toBe(1);
    expect(secondsLeft(61_000, 61_000, 60)).toBe(0);
    expect(secondsLeft(61_000, 99_000, 60)).toBe(0);
    expect(secondsLeft(null, 0, 60)).toBe(0);
  });

  it('never shows more than the cooldown', () => {
    expect(secondsLeft(200_000, 0, 60)).toBe(60);
  });
});
