import { describe, expect, it } from 'vitest';
import { countFrame, startMiss } from './record-miss.ts';

describe('record miss count', () => {
  it('counts the frames with nothing found and flags the newest one', () => {
    let miss = countFrame(null, 1, false);
    miss = countFrame(miss, 1, false);
    expect(miss).toEqual({ classId: 1, skipped: 2, missing: true });
    miss = countFrame(miss, 1, true);
    expect(miss).toEqual({ classId: 1, skipped: 2, missing: false });
  });

  it('starts again for another class', () => {
    const miss = countFrame(countFrame(startMiss(1), 1, false), 2, false);
    expect(miss).toEqual({ classId: 2, skipped: 1, missing: true });
  });

  it('keeps the same object when a found frame changes nothing (no re-render)', () => {
    const miss = startMiss(3);
    expect(countFrame(miss, 3, true)).toBe(miss);
  });
});
