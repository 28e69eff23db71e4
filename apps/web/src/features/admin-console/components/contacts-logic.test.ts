import { describe, expect, it } from 'vitest';
import { contactProblems, parseContactsJson } from './contacts-logic.ts';

const ok = { area: 'East', region: 'Shanghai', name: 'Li Lei' };

describe('contact list checks', () => {
  it('accepts a valid list and fills the optional fields', () => {
    const result = parseContactsJson(JSON.stringify([ok]));
    expect(result).toEqual({ contacts: [expect.objectContaining({ ...ok, phone: '', email: '' })] });
  });

  it('says where the JSON is broken', () => {
    const result = parseContactsJson('[{"area": }]');
    expect('problems' in result && result.problems[0]?.kind).toBe('syntax');
  });

  it('names the entry and field of each schema problem', () => {
    const result = parseContactsJson(JSON.stringify([ok, { ...ok, email: 'not-an-email', extra: 1 }]));
    expect('problems' in result).toBe(true);
    const lines = 'problems' in result ? result.problems.map((p) => p.message) : [];
    expect(lines.some((line) => line.startsWith('[1].email'))).toBe(true);
    expect(lines.some((line) => line.startsWith('[1]') && /extra/.test(line))).toBe(true);
  });

  it('refuses what is not a list', () => {
    expect(contactProblems({ area: 'x' })).not.toEqual([]);
    expect(contactProblems([ok])).toEqual([]);
  });
});
