/**
 * Tokenises and parses a canonical arithmetic line (see `normaliseLine`) into "expression = answer", and
 * evaluates the expression exactly (`rational.ts`). Grammar, with the usual precedence (× ÷ before + -,
 * brackets first):
 *
 *   line    = expr "=" answer
 *   answer  = ["-"] number [ "…" number ]      (quotient … remainder)
 *   expr    = term { ("+" | "-") term }
 *   term    = factor { ("×" | "÷") factor }
 *   factor  = ["-"] ( number | "(" expr ")" )
 */
import { add, div, mul, parseDecimal, rational, sub, type Rational } from './rational.ts';

export type Token =
  | { kind: 'number'; text: string }
  | { kind: 'op'; text: '+' | '-' | '×' | '÷' }
  | { kind: 'paren'; text: '(' | ')' }
  | { kind: 'equals'; text: '=' }
  | { kind: 'remainder'; text: '…' };

/** Why a line could not be read as a sum (the page shows a sentence for each). */
export type UnreadableReason =
  | 'empty'
  | 'strangeCharacter'
  | 'noEquals'
  | 'noAnswer'
  | 'syntax'
  | 'divideByZero'
  | 'remainderNeedsDivision';

export class UnreadableLine extends Error {
  constructor(readonly reason: UnreadableReason) {
    super(reason);
  }
}

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < text.length;) {
    const char = text[i]!;
    const number = /^\d*\.?\d+|^\d+\.?/.exec(text.slice(i));
    if (number) {
      tokens.push({ kind: 'number', text: number[0] });
      i += number[0].length;
      continue;
    }
    if (char === '+' || char === '-' || char === '×' || char === '÷') tokens.push({ kind: 'op', text: char });
    else if (char === '(' || char === ')') tokens.push({ kind: 'paren', text: char });
    else if (char === '=') tokens.push({ kind: 'equals', text: char });
    else if (char === '…') tokens.push({ kind: 'remainder', text: char });
    else throw new UnreadableLine('strangeCharacter');
    i++;
  }
  return tokens;
}

/** An expression tree: kept (not just its value) so the page can show the steps. */
export type Expr =
  | { kind: 'number'; text: string; value: Rational }
  | { kind: 'negate'; of: Expr }
  | { kind: 'binary'; op: '+' | '-' | '×' | '÷'; left: Expr; right: Expr };

export interface WrittenAnswer {
  value: Rational;
  text: string;
  /** Set when the answer was written "quotient … remainder". */
  remainder?: { text: string; value: Rational };
}

export interface ParsedLine {
  expr: Expr;
  answer: WrittenAnswer;
}

/** Parses canonical text; throws `UnreadableLine` with the reason when it is not "expression = answer". */
export function parseLine(text: string): ParsedLine {
  if (text === '') throw new UnreadableLine('empty');
  const tokens = tokenise(text);
  const equals = tokens.filter((t) => t.kind === 'equals').length;
  if (equals === 0) throw new UnreadableLine('noEquals');
  if (equals > 1) throw new UnreadableLine('syntax');
  const at = tokens.findIndex((t) => t.kind === 'equals');
  const left = tokens.slice(0, at);
  const right = tokens.slice(at + 1);
  if (right.length === 0) throw new UnreadableLine('noAnswer');
  return { expr: parseExpression(left), answer: parseAnswer(right) };
}

function parseExpression(tokens: Token[]): Expr {
  let pos = 0;
  const peek = () => tokens[pos];
  const fail = (): never => {
    throw new UnreadableLine('syntax');
  };
  const factor = (): Expr => {
    const token = peek();
    if (!token) return fail();
    if (token.kind === 'op' && token.text === '-') {
      pos++;
      return { kind: 'negate', of: factor() };
    }
    if (token.kind === 'number') {
      pos++;
      return { kind: 'number', text: token.text, value: parseDecimal(token.text) };
    }
    if (token.kind === 'paren' && token.text === '(') {
      pos++;
      const inner = expr();
      const close = peek();
      if (close?.kind !== 'paren' || close.text !== ')') fail();
      pos++;
      return inner;
    }
    return fail();
  };
  const term = (): Expr => {
    let left = factor();
    for (let t = peek(); t?.kind === 'op' && (t.text === '×' || t.text === '÷'); t = peek()) {
      pos++;
      left = { kind: 'binary', op: t.text, left, right: factor() };
    }
    return left;
  };
  const expr = (): Expr => {
    let left = term();
    for (let t = peek(); t?.kind === 'op' && (t.text === '+' || t.text === '-'); t = peek()) {
      pos++;
      left = { kind: 'binary', op: t.text, left, right: term() };
    }
    return left;
  };
  const result = expr();
  if (pos !== tokens.length) fail();
  return result;
}

function parseAnswer(tokens: Token[]): WrittenAnswer {
  let rest = tokens;
  let sign = '';
  if (rest[0]?.kind === 'op' && rest[0].text === '-') {
    sign = '-';
    rest = rest.slice(1);
  }
  const [first, mark, second, ...extra] = rest;
  if (first?.kind !== 'number') throw new UnreadableLine('syntax');
  const value = parseDecimal(first.text);
  const answer: WrittenAnswer = {
    value: sign ? rational(-value.n, value.d) : value,
    text: sign + first.text,
  };
  if (mark === undefined) return answer;
  if (mark.kind !== 'remainder' || second?.kind !== 'number' || extra.length > 0) {
    throw new UnreadableLine('syntax');
  }
  return { ...answer, remainder: { text: second.text, value: parseDecimal(second.text) } };
}

/** The exact value; throws `UnreadableLine('divideByZero')` when a division by zero happens. */
export function evaluate(expr: Expr): Rational {
  switch (expr.kind) {
    case 'number':
      return expr.value;
    case 'negate': {
      const v = evaluate(expr.of);
      return rational(-v.n, v.d);
    }
    case 'binary': {
      const a = evaluate(expr.left);
      const b = evaluate(expr.right);
      if (expr.op === '+') return add(a, b);
      if (expr.op === '-') return sub(a, b);
      if (expr.op === '×') return mul(a, b);
      if (b.n === 0n) throw new UnreadableLine('divideByZero');
      return div(a, b);
    }
  }
}

/** The expression written back in canonical symbols, with brackets where precedence needs them. */
export function formatExpr(expr: Expr, parentPrecedence = 0): string {
  if (expr.kind === 'number') return expr.text;
  if (expr.kind === 'negate') return `-${formatExpr(expr.of, 3)}`;
  const precedence = expr.op === '+' || expr.op === '-' ? 1 : 2;
  const text = `${formatExpr(expr.left, precedence)} ${expr.op} ${formatExpr(expr.right, precedence + 0.5)}`;
  return precedence < parentPrecedence ? `(${text})` : text;
}
