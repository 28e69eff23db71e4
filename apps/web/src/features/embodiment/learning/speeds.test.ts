import { describe, expect, it } from 'vitest';
import { stepsDue } from './speeds.ts';

describe('steps due per frame', () => {
  it('keeps 3 steps a second at 60 frames a second by carrying the fraction', () => {
    let carry = 0;
    let total = 0;
    for (let frame = 0; frame < 60; frame++) {
      const due = stepsDue(3, 1000 / 60, carry);
      total += due.steps;
      carry = due.carry;
    }
    expect(total).toBe(3);
  });

  it('counts a long pause as a short one and never goes backwards', () => {
    expect(stepsDue(20, 60_000, 0).steps).toBe(5);
    expect(stepsDue(20, -100, 0.5)).toEqual({ steps: 0, carry: 0.5 });
    expect(stepsDue(600, 1000 / 60, 0).steps).toBe(10);
  });
});
