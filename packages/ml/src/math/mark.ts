/**
 * Marks one arithmetic line: normalise what was read, parse "expression = answer", compute the expression
 * exactly, and compare. A line that can't be read gets "unreadable" with the reason, never a wrong mark:
 * a misread must not be marked as the student's mistake.
 */
import { normaliseLine } from './normalise.ts';
import { UnreadableLine, evaluate, parseLine, type UnreadableReason } from './parse.ts';
import { equals, isInteger, isTerminating, rational, toDecimal, type Rational } from './rational.ts';

export type Mark =
  | { status: 'right'; canonical: string; expected: string }
  | { status: 'wrong'; canonical: string; expected: string }
  | { status: 'unreadable'; canonical: string; reason: UnreadableReason };

/** The correct answer as a student would write it. */
export function formatAnswer(value: Rational): string {
  return isTerminating(value) ? toDecimal(value, 12) : `≈ ${toDecimal(value, 3)}`;
}

/** Quotient and remainder of a ÷ b for whole numbers a ≥ 0, b > 0. */
function divideWithRemainder(a: Rational, b: Rational): { quotient: bigint; remainder: bigint } {
  return { quotient: a.n / b.n, remainder: a.n % b.n };
}

export function markLine(text: string): Mark {
  const canonical = normaliseLine(text);
  try {
    const { expr, answer } = parseLine(canonical);
    const value = evaluate(expr);
    if (answer.remainder) {
      // "17 ÷ 5 = 3 … 2" only means something for one division of whole numbers.
      if (
        expr.kind !== 'binary' ||
        expr.op !== '÷' ||
        expr.left.kind !== 'number' ||
        expr.right.kind !== 'number' ||
        !isInteger(expr.left.value) ||
        !isInteger(expr.right.value)
      ) {
        return { status: 'unreadable', canonical, reason: 'remainderNeedsDivision' };
      }
      const { quotient, remainder } = divideWithRemainder(expr.left.value, expr.right.value);
      const expected = `${quotient} … ${remainder}`;
      const right =
        equals(answer.value, rational(quotient)) && equals(answer.remainder.value, rational(remainder));
      return { status: right ? 'right' : 'wrong', canonical, expected };
    }
    const expected = expectedFor(expr, value);
    return { status: equals(answer.value, value) ? 'right' : 'wrong', canonical, expected };
  } catch (error) {
    if (error instanceof UnreadableLine) return { status: 'unreadable', canonical, reason: error.reason };
    if (error instanceof SyntaxError) return { status: 'unreadable', canonical, reason: 'syntax' };
    throw error;
  }
}

/** The answer to show: a whole-number division that doesn't come out even also shows "quotient … remainder". */
function expectedFor(expr: ReturnType<typeof parseLine>['expr'], value: Rational): string {
  const decimal = formatAnswer(value);
  if (
    expr.kind === 'binary' &&
    expr.op === '÷' &&
    expr.left.kind === 'number' &&
    expr.right.kind === 'number' &&
    isInteger(expr.left.value) &&
    isInteger(expr.right.value) &&
    !isInteger(value)
  ) {
    const { quotient, remainder } = divideWithRemainder(expr.left.value, expr.right.value);
    return `${decimal} (${quotient} … ${remainder})`;
  }
  return decimal;
}
