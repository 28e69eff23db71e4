import { passwordProblem } from '@ai-edu/contract';
import { describe, expect, it } from 'vitest';
import { PASSWORD_WORDS, readablePassword } from './readable-password.ts';

describe('passwords a child can type', () => {
  it('are two different short words and three digits, within the spec’s password rule', () => {
    for (let i = 0; i < 200; i++) {
      const password = readablePassword();
      expect(password).toMatch(/^[a-z]{6,8}[2-9]{3}$/);
      expect(passwordProblem(password)).toBeNull();
    }
  });

  it('draw from 128 distinct words of 3 or 4 letters', () => {
    expect(new Set(PASSWORD_WORDS).size).toBe(128);
    expect(PASSWORD_WORDS.every((w) => /^[a-z]{3,4}$/.test(w))).toBe(true);
  });
});
