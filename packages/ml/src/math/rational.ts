/**
 * Exact fractions of big integers: 0.1 + 0.2 is exactly 0.3 here, so a sum is never marked wrong because of
 * how a computer stores decimals (floats would say 0.30000000000000004).
 */
export interface Rational {
  /** Numerator; carries the sign. */
  n: bigint;
  /** Denominator, always > 0, and the fraction is always in lowest terms. */
  d: bigint;
}

const abs = (x: bigint) => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** n/d in lowest terms with a positive denominator; throws on d = 0. */
export function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

export const add = (a: Rational, b: Rational) => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rational, b: Rational) => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational) => rational(a.n * b.n, a.d * b.d);
export const div = (a: Rational, b: Rational) => rational(a.n * b.d, a.d * b.n);
export const equals = (a: Rational, b: Rational) => a.n === b.n && a.d === b.d;
export const isInteger = (a: Rational) => a.d === 1n;

/** A decimal written with digits and at most one point ("3.5", "12", ".5", "7."), exactly. */
export function parseDecimal(text: string): Rational {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || text === '' || text === '.') throw new SyntaxError(`not a number: ${text}`);
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  return rational(BigInt(whole + fraction || '0'), 10n ** BigInt(fraction.length));
}

/** Whether the fraction has a finite decimal expansion (its denominator has no prime factor but 2 and 5). */
export function isTerminating(a: Rational): boolean {
  let d = a.d;
  while (d % 2n === 0n) d /= 2n;
  while (d % 5n === 0n) d /= 5n;
  return d === 1n;
}

/**
 * The fraction as a decimal: exact when it terminates within `maxPlaces` places, otherwise rounded to
 * `maxPlaces` (the caller says "≈").
 */
export function toDecimal(a: Rational, maxPlaces = 6): string {
  const sign = a.n < 0n ? '-' : '';
  const n = abs(a.n);
  const whole = n / a.d;
  let rest = n % a.d;
  let places = '';
  for (let i = 0; i < maxPlaces && rest !== 0n; i++) {
    rest *= 10n;
    places += String(rest / a.d);
    rest %= a.d;
  }
  if (rest !== 0n && rest * 2n >= a.d) {
    // Round half up on the last place, carrying into the whole part if needed.
    const scaled = BigInt(String(whole) + places) + 1n;
    const text = String(scaled).padStart(places.length + 1, '0');
    const cut = text.length - places.length;
    const result = places.length ? `${text.slice(0, cut)}.${text.slice(cut)}` : text;
    return sign + result.replace(/\.?0+$/, (m) => (m.includes('.') ? '' : m));
  }
  const text = places ? `${whole}.${places.replace(/0+$/, '')}` : String(whole);
  return (sign && text !== '0' ? sign : '') + text;
}
