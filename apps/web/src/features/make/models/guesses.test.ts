import { describe, expect, it } from 'vitest';
import { Guesses } from './guesses.ts';

describe('model guesses', () => {
  it('reports a label only when the best guess changes, and keeps the percentages', () => {
    const guesses = new Guesses();
    expect(guesses.label('m')).toBe('');
    expect(guesses.update('m', ['rock', 'paper'], [0.8, 0.2])).toBe('rock');
    expect(guesses.update('m', ['rock', 'paper'], [0.7, 0.3])).toBeNull();
    expect(guesses.percent('m', 'paper')).toBe(30);
    expect(guesses.update('m', ['rock', 'paper'], [0.1, 0.9])).toBe('paper');
    expect(guesses.label('m')).toBe('paper');
    expect(guesses.percent('m', 'scissors')).toBe(0);
  });

  it('keeps each model apart', () => {
    const guesses = new Guesses();
    guesses.update('a', ['x', 'y'], [1, 0]);
    expect(guesses.update('b', ['x', 'y'], [1, 0])).toBe('x');
    expect(guesses.label('a')).toBe('x');
    expect(guesses.percent('b', 'x')).toBe(100);
  });
});
