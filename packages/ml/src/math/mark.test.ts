import { describe, expect, it } from 'vitest';
import { markLine } from './mark.ts';
import { normaliseLine } from './normalise.ts';
import { evaluate, formatExpr, parseLine, tokenise } from './parse.ts';
import { add, parseDecimal, rational, toDecimal } from './rational.ts';

describe('exact numbers', () => {
  it('adds decimals exactly, where floats would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(add(parseDecimal('0.1'), parseDecimal('0.2'))).toEqual(parseDecimal('0.3'));
    expect(parseDecimal('3.50')).toEqual(rational(7n, 2n));
  });

  it('writes fractions as decimals, rounding those that never end', () => {
    expect(toDecimal(rational(23n, 10n))).toBe('2.3');
    expect(toDecimal(rational(-1n, 4n))).toBe('-0.25');
    expect(toDecimal(rational(2n, 3n), 3)).toBe('0.667');
    expect(toDecimal(rational(1n, 3n), 3)).toBe('0.333');
    expect(toDecimal(rational(19999n, 10000n), 3)).toBe('2');
    expect(toDecimal(rational(24n))).toBe('24');
  });
});

describe('normalising what was read', () => {
  it('maps look-alikes onto the arithmetic symbols', () => {
    expect(normaliseLine('7 x 8 = 54')).toBe('7×8=54');
    expect(normaliseLine('96 : 4 = 24')).toBe('96÷4=24');
    expect(normaliseLine('１２＋８＝２０')).toBe('12+8=20');
    expect(normaliseLine('3.5 − 1.2 = 2.3')).toBe('3.5-1.2=2.3');
    expect(normaliseLine('（12 + 8）* 3 = 6O')).toBe('(12+8)×3=60');
  });

  it('spells every remainder the same way', () => {
    for (const text of ['17 ÷ 5 = 3 … 2', '17÷5=3...2', '17 ÷ 5 = 3 …… 2', '17÷5=3余2']) {
      expect(normaliseLine(text)).toBe('17÷5=3…2');
    }
  });
});

describe('parsing', () => {
  it('splits a line into numbers, operators and the answer', () => {
    expect(tokenise('3.5-1.2=2.3').map((t) => t.text)).toEqual(['3.5', '-', '1.2', '=', '2.3']);
  });

  it('gives × and ÷ precedence over + and -, and brackets over both', () => {
    const value = (text: string) => toDecimal(evaluate(parseLine(`${text}=0`).expr));
    expect(value('2+3×4')).toBe('14');
    expect(value('(2+3)×4')).toBe('20');
    expect(value('20-8-2')).toBe('10');
    expect(value('48÷4÷2')).toBe('6');
    expect(value('-3+5')).toBe('2');
    expect(formatExpr(parseLine('(12+8)×3=60').expr)).toBe('(12 + 8) × 3');
  });
});

describe('marking a line', () => {
  it.each([
    ['23 + 45 = 68', 'right', '68'],
    ['7 × 8 = 54', 'wrong', '56'],
    ['96 ÷ 4 = 24', 'right', '24'],
    ['3.5 - 1.2 = 2.3', 'right', '2.3'],
    ['3.5 - 1.2 = 2.30', 'right', '2.3'],
    ['0.1 + 0.2 = 0.3', 'right', '0.3'],
    ['(12 + 8) × 3 = 60', 'right', '60'],
    ['12 + 8 × 3 = 60', 'wrong', '36'],
    ['5 - 9 = -4', 'right', '-4'],
    ['7 ÷ 2 = 3.5', 'right', '3.5 (3 … 1)'],
    ['7 ÷ 2 = 3', 'wrong', '3.5 (3 … 1)'],
    ['10 ÷ 3 = 3.33', 'wrong', '≈ 3.333 (3 … 1)'],
  ])('%s is %s (correct answer %s)', (line, status, expected) => {
    expect(markLine(line)).toMatchObject({ status, expected });
  });

  it.each([
    ['17 ÷ 5 = 3 … 2', 'right'],
    ['17 ÷ 5 = 3 余 2', 'right'],
    ['17 ÷ 5 = 3...2', 'right'],
    ['17 ÷ 5 = 3 … 1', 'wrong'],
    ['17 ÷ 5 = 2 … 7', 'wrong'],
    ['20 ÷ 5 = 4 … 0', 'right'],
  ])('checks quotient and remainder: %s is %s', (line, status) => {
    expect(markLine(line)).toMatchObject({ status, expected: line.startsWith('20') ? '4 … 0' : '3 … 2' });
  });

  it.each([
    ['', 'empty'],
    ['12 + 8', 'noEquals'],
    ['12 + 8 =', 'noAnswer'],
    ['12 + = 8', 'syntax'],
    ['(12 + 8 × 3 = 60', 'syntax'],
    ['12 + 8) = 20', 'syntax'],
    ['1 = 1 = 1', 'syntax'],
    ['5 ÷ 0 = 0', 'divideByZero'],
    ['5 ÷ (2 - 2) = 1', 'divideByZero'],
    ['2 + 3 = 1 … 2', 'remainderNeedsDivision'],
    ['7.5 ÷ 2 = 3 … 1.5', 'remainderNeedsDivision'],
    ['12 ? 8 = 20', 'strangeCharacter'],
    ['hello', 'strangeCharacter'],
    ['12 + 8 = 2 … ', 'syntax'],
  ])("can't read %j (%s), without crashing", (line, reason) => {
    expect(markLine(line)).toMatchObject({ status: 'unreadable', reason });
  });
});
