import { describe, expect, it } from 'vitest';
import { fromLocalInput, signed, toLocalInput } from './format.ts';

describe('console formats', () => {
  it('signs changes', () => {
    expect([signed(25), signed(-10), signed(0)]).toEqual(['+25', '-10', '0']);
  });

  it('round-trips a time through a datetime-local input', () => {
    const iso = '2026-03-01T08:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput('nonsense')).toBe('');
    expect(fromLocalInput('')).toBe('');
  });
});
