/**
 * Rules of the six code boxes (spec §5): digits only, one per box, typing moves to the next box, a paste takes
 * the first six digits from anywhere in the text, and the code is complete when the sixth box is filled.
 */
import { CODE_LENGTH } from '@ai-edu/contract';

export interface BoxesChange {
  cells: string[];
  /** Index of the box to focus next. */
  focus: number;
  /** All boxes are filled: submit `cells.join('')`. */
  complete: boolean;
}

export function emptyCells(length: number = CODE_LENGTH): string[] {
  return Array.from({ length }, () => '');
}

function digitsOf(text: string): string[] {
  return text.replace(/\D/g, '').split('').filter(Boolean);
}

function result(cells: string[], focus: number): BoxesChange {
  return {
    cells,
    focus: Math.max(0, Math.min(focus, cells.length - 1)),
    complete: cells.every((c) => c !== ''),
  };
}

/** A paste into any box: the first six digits fill the boxes from the first one. */
export function applyPaste(cells: string[], text: string): BoxesChange | null {
  const digits = digitsOf(text).slice(0, cells.length);
  if (digits.length === 0) return null;
  const next = cells.map((_, i) => digits[i] ?? '');
  return result(next, digits.length);
}

/**
 * The value a box holds after the browser applied a keystroke (or an autofill). Non-digits are ignored, a digit
 * typed next to the existing one replaces it, several digits at once spill over into the following boxes.
 */
export function applyInput(cells: string[], index: number, raw: string): BoxesChange {
  if (raw === '') {
    const next = [...cells];
    next[index] = '';
    return result(next, index);
  }
  let digits = digitsOf(raw);
  if (digits.length === 0) return { ...result(cells, index), complete: false };

  const old = cells[index] ?? '';
  if (digits.length === 2 && old !== '' && digits.includes(old)) {
    digits = [digits[0] === old ? (digits[1] ?? '') : (digits[0] ?? '')];
  }
  const next = [...cells];
  let at = index;
  for (const d of digits) {
    if (at >= next.length) break;
    next[at] = d;
    at += 1;
  }
  return result(next, at);
}

/** Backspace in an empty box clears the previous box and moves there. */
export function applyBackspace(cells: string[], index: number): BoxesChange | null {
  if ((cells[index] ?? '') !== '' || index === 0) return null;
  const next = [...cells];
  next[index - 1] = '';
  return { ...result(next, index - 1), complete: false };
}
