import { describe, expect, it } from 'vitest';
import { formatCountdown, msLeft, percentDone } from './countdown.ts';

describe('lesson countdown', () => {
  const start = '2026-11-25T08:00:00.000Z';
  const end = '2026-11-25T08:45:00.000Z';

  it('counts down to the end and stops at zero', () => {
    expect(msLeft(end, Date.parse(start))).toBe(45 * 60_000);
    expect(msLeft(end, Date.parse(end) + 5_000)).toBe(0);
  });

  it('formats minutes and seconds, hours when there are any, rounding seconds up', () => {
    expect(formatCountdown(45 * 60_000)).toBe('45:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(2 * 3600_000 + 5 * 60_000 + 9_000)).toBe('2:05:09');
  });

  it('gives the share of the lesson gone', () => {
    expect(percentDone(start, end, Date.parse(start))).toBe(0);
    expect(percentDone(start, end, Date.parse('2026-11-25T08:15:00.000Z'))).toBeCloseTo(33.33, 1);
    expect(percentDone(start, end, Date.parse(end) + 1)).toBe(100);
    expect(percentDone(end, start, 0)).toBe(100);
  });
});
