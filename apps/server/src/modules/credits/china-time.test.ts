import { describe, expect, it } from 'vitest';
import { chinaDate, startOfChinaDay, startOfChinaWeek } from './china-time.ts';

describe('China-time boundaries (UTC+8)', () => {
  it('starts the day at 00:00 China time, which is 16:00 UTC the day before', () => {
    expect(startOfChinaDay(new Date('2026-03-04T15:59:59Z')).toISOString()).toBe('2026-03-03T16:00:00.000Z');
    expect(startOfChinaDay(new Date('2026-03-04T16:00:00Z')).toISOString()).toBe('2026-03-04T16:00:00.000Z');
  });

  it('starts the week on Monday 00:00 China time', () => {
    // Wednesday 4 March 2026, 10:00 in Beijing → Monday 2 March 00:00 in Beijing.
    expect(startOfChinaWeek(new Date('2026-03-04T02:00:00Z')).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    // Sunday 8 March 23:30 in Beijing still belongs to that week; Monday 00:00 starts the next.
    expect(startOfChinaWeek(new Date('2026-03-08T15:30:00Z')).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(startOfChinaWeek(new Date('2026-03-08T16:00:00Z')).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    // Sunday evening UTC is already Monday in Beijing.
    expect(startOfChinaWeek(new Date('2026-03-01T17:00:00Z')).toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });

  it('names a boundary by its China-time date', () => {
    expect(chinaDate(startOfChinaWeek(new Date('2026-03-04T02:00:00Z')))).toBe('2026-03-02');
  });
});
