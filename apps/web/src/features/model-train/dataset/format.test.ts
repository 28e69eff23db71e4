import { describe, expect, it } from 'vitest';
import { formatBytes, quotaPercent } from './format.ts';

describe('formatBytes', () => {
  it('picks the unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3.5 * 1024)).toBe('3.5 KB');
    expect(formatBytes(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GB');
  });
});

describe('quotaPercent', () => {
  it('is capped at 100 and full without a limit', () => {
    expect(quotaPercent(50, 200)).toBe(25);
    expect(quotaPercent(300, 200)).toBe(100);
    expect(quotaPercent(1, 0)).toBe(100);
  });
});
