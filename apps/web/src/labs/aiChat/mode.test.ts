import { describe, expect, it } from 'vitest';
import { chatMode, showsModeSwitch } from './mode.ts';

describe('AI Q&A’s mode', () => {
  it('gives a student without a provider the tiny poet, whatever the address says', () => {
    expect(chatMode(null, false, false)).toBe('tiny');
    expect(chatMode('cloud', false, false)).toBe('tiny');
    expect(showsModeSwitch(false, false)).toBe(false);
  });

  it('starts with the cloud chat where there is a provider, and follows ?mode=', () => {
    expect(chatMode(null, true, false)).toBe('cloud');
    expect(chatMode('tiny', true, false)).toBe('tiny');
    expect(chatMode('bogus', true, false)).toBe('cloud');
    expect(showsModeSwitch(true, false)).toBe(true);
  });

  it('starts an admin without a provider with the poet, and lets them switch to the set-up', () => {
    expect(chatMode(null, false, true)).toBe('tiny');
    expect(chatMode('cloud', false, true)).toBe('cloud');
    expect(showsModeSwitch(false, true)).toBe(true);
  });
});
