import { describe, expect, it } from 'vitest';
import type { Lesson } from '@ai-edu/contract';
import { isLockedByLesson, lessonLockState, msUntilEnd, readLessonLock } from './lesson-lock.ts';

const start = Date.parse('2026-03-02T01:00:00Z');
const end = Date.parse('2026-03-02T01:45:00Z');

function lesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: 'l1',
    classId: 'c1',
    labs: ['aiChat', 'textToImage'],
    lockOthers: true,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(end).toISOString(),
    openedBy: 'Ms Li',
    starter: null,
    ...overrides,
  };
}

describe('msUntilEnd', () => {
  it('counts down to the end and stays at 0 after it', () => {
    expect(msUntilEnd(lesson(), start)).toBe(end - start);
    expect(msUntilEnd(lesson(), end - 1)).toBe(1);
    expect(msUntilEnd(lesson(), end)).toBe(0);
    expect(msUntilEnd(lesson(), end + 60_000)).toBe(0);
  });
});

describe('isLockedByLesson', () => {
  it('locks the labs the lesson did not open while it locks the others', () => {
    expect(isLockedByLesson(lesson(), 'faceAnalyze')).toBe(true);
    expect(isLockedByLesson(lesson(), 'aiChat')).toBe(false);
    expect(isLockedByLesson(lesson(), 'textToImage')).toBe(false);
  });

  it('locks nothing when the lesson leaves the other labs open, or with no lesson', () => {
    expect(isLockedByLesson(lesson({ lockOthers: false }), 'faceAnalyze')).toBe(false);
    expect(isLockedByLesson(null, 'faceAnalyze')).toBe(false);
    expect(isLockedByLesson(undefined, 'faceAnalyze')).toBe(false);
  });
});

describe('lesson-lock navigation state', () => {
  it('reads back what the lab page wrote', () => {
    const state = lessonLockState('faceAnalyze', ['aiChat']);
    expect(readLessonLock(state)).toEqual({ lab: 'faceAnalyze', open: ['aiChat'] });
  });

  it('ignores any other state', () => {
    expect(readLessonLock(null)).toBeNull();
    expect(readLessonLock(undefined)).toBeNull();
    expect(readLessonLock({ from: '/ailab' })).toBeNull();
    expect(readLessonLock({ lessonLock: 'x' })).toBeNull();
    expect(readLessonLock({ lessonLock: { lab: 3, open: [] } })).toBeNull();
    expect(readLessonLock({ lessonLock: { lab: 'a', open: ['aiChat', 4] } })).toEqual({
      lab: 'a',
      open: ['aiChat'],
    });
  });
});
