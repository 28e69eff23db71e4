import { describe, expect, it } from 'vitest';
import type { ClassSummary } from '@ai-edu/contract';
import { pickClass } from './pick-class.ts';

const summary = (id: string): ClassSummary => ({
  id,
  name: `class ${id}`,
  schoolCode: 'maple',
  students: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  teachers: [],
});

describe('which class the class area shows', () => {
  it('shows the only class when none was chosen (a reload keeps working)', () => {
    expect(pickClass([summary('a')], null, null)).toEqual({ selected: summary('a'), missing: false });
  });

  it('waits for a choice among several', () => {
    expect(pickClass([summary('a'), summary('b')], null, null).selected).toBeUndefined();
    expect(pickClass([summary('a'), summary('b')], null, 'b').selected?.id).toBe('b');
  });

  it('follows the address first, and says when it names a class the teacher does not have', () => {
    expect(pickClass([summary('a'), summary('b')], 'a', 'b').selected?.id).toBe('a');
    expect(pickClass([summary('a')], 'gone', null)).toEqual({ selected: undefined, missing: true });
  });

  it('shows nothing while the list loads', () => {
    expect(pickClass(undefined, 'a', null)).toEqual({ selected: undefined, missing: false });
  });
});
