import { describe, expect, it } from 'vitest';
import { applyBackspace, applyInput, applyPaste, emptyCells } from './code-boxes-logic.ts';

describe('code boxes', () => {
  it('takes the first six digits of a pasted text and completes', () => {
    const change = applyPaste(emptyCells(), 'Your code: 12-34 56 789');
    expect(change).toEqual({ cells: ['1', '2', '3', '4', '5', '6'], focus: 5, complete: true });
  });

  it('fills from the first box on a short paste and focuses the next empty box', () => {
    const change = applyPaste(['9', '9', '', '', '', ''], '4 2');
    expect(change).toEqual({ cells: ['4', '2', '', '', '', ''], focus: 2, complete: false });
  });

  it('ignores a paste without digits', () => {
    expect(applyPaste(emptyCells(), 'abc')).toBeNull();
  });

  it('accepts one digit per box and advances', () => {
    const change = applyInput(emptyCells(), 0, '7');
    expect(change.cells).toEqual(['7', '', '', '', '', '']);
    expect(change.focus).toBe(1);
    expect(change.complete).toBe(false);
  });

  it('rejects letters and symbols', () => {
    const cells = ['1', '', '', '', '', ''];
    const change = applyInput(cells, 1, 'a');
    expect(change.cells).toEqual(cells);
    expect(change.focus).toBe(1);
    expect(change.complete).toBe(false);
  });

  it('replaces the digit already in a box with the one typed', () => {
    expect(applyInput(['3', '', '', '', '', ''], 0, '38').cells[0]).toBe('8');
    expect(applyInput(['3', '', '', '', '', ''], 0, '83').cells[0]).toBe('8');
  });

  it('completes when the sixth box is filled', () => {
    const change = applyInput(['1', '2', '3', '4', '5', ''], 5, '6');
    expect(change.complete).toBe(true);
    expect(change.focus).toBe(5);
    expect(change.cells.join('')).toBe('123456');
  });

  it('is not complete while an earlier box is empty', () => {
    expect(applyInput(['1', '', '3', '4', '5', ''], 5, '6').complete).toBe(false);
  });

  it('spreads an autofilled code over the following boxes', () => {
    const change = applyInput(emptyCells(), 0, '654321');
    expect(change.cells.join('')).toBe('654321');
    expect(change.complete).toBe(true);
  });

  it('clears a box when its digit is deleted', () => {
    const change = applyInput(['1', '2', '', '', '', ''], 1, '');
    expect(change.cells).toEqual(['1', '', '', '', '', '']);
    expect(change.focus).toBe(1);
  });

  it('moves back and clears the previous box on backspace in an empty box', () => {
    expect(applyBackspace(['1', '2', '', '', '', ''], 2)).toEqual({
      cells: ['1', '', '', '', '', ''],
      focus: 1,
      complete: false,
    });
    expect(applyBackspace(['1', '2', '', '', '', ''], 1)).toBeNull();
    expect(applyBackspace(emptyCells(), 0)).toBeNull();
  });
});
