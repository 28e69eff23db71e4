import { describe, expect, it } from 'vitest';
import type { LiveStudent } from '@ai-edu/contract';
import { liveCounts, sortLive, timeAgo } from './live-view.ts';

function student(name: string, status: LiveStudent['status'], lastActiveAt: string | null): LiveStudent {
  return {
    userId: name,
    displayName: name,
    account: `${name}@s`,
    status,
    lab: null,
    lastActiveAt,
    creditsToday: 0,
    making: null,
  };
}

describe('live view', () => {
  const students = [
    student('dora', 'offline', null),
    student('bo', 'signedIn', '2026-11-25T08:00:00Z'),
    student('cai', 'active', '2026-11-25T08:01:00Z'),
    student('ann', 'active', '2026-11-25T08:03:00Z'),
    student('eve', 'offline', '2026-11-24T08:00:00Z'),
    student('abe', 'offline', null),
  ];

  it('puts active students first, the most recent first, names breaking ties', () => {
    expect(sortLive(students).map((s) => s.displayName)).toEqual(['ann', 'cai', 'bo', 'eve', 'abe', 'dora']);
  });

  it('counts each status', () => {
    expect(liveCounts(students)).toEqual({ active: 2, signedIn: 1, offline: 3 });
    expect(liveCounts([])).toEqual({ active: 0, signedIn: 0, offline: 0 });
  });

  it('says how long ago against the server clock', () => {
    const now = '2026-11-25T08:10:00Z';
    expect(timeAgo('2026-11-25T08:09:58Z', now, 'en')).toBe('now');
    expect(timeAgo('2026-11-25T08:09:30Z', now, 'en')).toBe('30 seconds ago');
    expect(timeAgo('2026-11-25T08:07:00Z', now, 'en')).toBe('3 minutes ago');
    expect(timeAgo('2026-11-25T06:10:00Z', now, 'en')).toBe('2 hours ago');
    expect(timeAgo('2026-11-24T08:10:00Z', now, 'en')).toBe('yesterday');
    expect(timeAgo('2026-11-25T08:12:00Z', now, 'en')).toBe('now');
    expect(timeAgo('2026-11-25T08:07:00Z', now, 'zh-CN')).toBe('3分钟前');
  });
});
