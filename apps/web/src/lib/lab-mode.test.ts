import { describe, expect, it } from 'vitest';
import { labMode, showsModeSwitch } from './lab-mode.ts';

describe('A generative lab’s mode (cloud or tiny)', () => {
  it('gives a student without a provider the tiny model, whatever the address says', () => {
    expect(labMode(null, false, false)).toBe('tiny');
    expect(labMode('cloud', false, false)).toBe('tiny');
    expect(showsModeSwitch(false, false)).toBe(false);
  });

  it('starts with the cloud chat where there is a provider, and follows ?mode=', () => {
    expect(labMode(null, true, false)).toBe('cloud');
    expect(labMode('tiny', true, false)).toBe('tiny');
    expect(labMode('bogus', true, false)).toBe('cloud');
    expect(showsModeSwitch(true, false)).toBe(true);
  });

  it('starts an admin without a provider with the tiny model, and lets them switch to the set-up', () => {
    expect(labMode(null, false, true)).toBe('tiny');
    expect(labMode('cloud', false, true)).toBe('cloud');
    expect(showsModeSwitch(false, true)).toBe(true);
  });
});
