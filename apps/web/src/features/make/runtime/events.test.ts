import { describe, expect, it } from 'vitest';
import { hearEventName, keyEventName } from './events.ts';

describe('keyEventName', () => {
  it('names the keys a key hat offers, whatever the case, and nothing else', () => {
    expect(keyEventName(' ')).toBe('key:space');
    expect(keyEventName('ArrowRight')).toBe('key:right');
    expect(keyEventName('ArrowUp')).toBe('key:up');
    expect(keyEventName('a')).toBe('key:a');
    expect(keyEventName('A')).toBe('key:a');
    expect(keyEventName('7')).toBe('key:7');
    expect(keyEventName('Shift')).toBeNull();
    expect(keyEventName('Enter')).toBeNull();
    expect(keyEventName('é')).toBeNull();
  });
});

describe('hearEventName', () => {
  it('names a command word, its spaces trimmed (the hat and the session must agree)', () => {
    expect(hearEventName('on')).toBe('hear:on');
    expect(hearEventName(' 开灯 ')).toBe('hear:开灯');
  });
});
