/**
 * Random arithmetic exercises with a student's answer, right or deliberately wrong: the sample worksheets
 * of the lab, its end-to-end tests and its benchmark. Seeded: the same seed gives the same page.
 */
import { type Rng } from '../random.ts';
import { markLine } from './mark.ts';

export interface Exercise {
  /** The line as written, e.g. "7 × 8 = 54". */
  text: string;
  /** Whether the written answer is right. */
  right: boolean;
}

export interface ExerciseOptions {
  /** Allow decimals ("3.5 - 1.2"), brackets and remainders (handwritten sheets can draw all of them). */
  decimals?: boolean;
  brackets?: boolean;
  remainders?: boolean;
}

const int = (rng: Rng, from: number, to: number) => from + Math.floor(rng() * (to - from + 1));

/** One exercise (question and correct answer) of a random kind. */
function question(rng: Rng, options: ExerciseOptions): { question: string; answer: string } {
  const kinds = ['+', '-', '×', '÷'];
  if (options.decimals) kinds.push('.');
  if (options.brackets) kinds.push('()');
  if (options.remainders) kinds.push('…');
  const kind = kinds[int(rng, 0, kinds.length - 1)];
  switch (kind) {
    case '+': {
      const a = int(rng, 10, 99);
      const b = int(rng, 10, 99);
      return { question: `${a} + ${b}`, answer: String(a + b) };
    }
    case '-': {
      const a = int(rng, 20, 99);
      const b = int(rng, 1, a);
      return { question: `${a} - ${b}`, answer: String(a - b) };
    }
    case '×': {
      const a = int(rng, 2, 12);
      const b = int(rng, 2, 9);
      return { question: `${a} × ${b}`, answer: String(a * b) };
    }
    case '÷': {
      const b = int(rng, 2, 9);
      const q = int(rng, 2, 15);
      return { question: `${b * q} ÷ ${b}`, answer: String(q) };
    }
    case '.': {
      const a = int(rng, 20, 99);
      const b = int(rng, 1, a - 1);
      return { question: `${a / 10} - ${b / 10}`, answer: String((a - b) / 10) };
    }
    case '()': {
      const a = int(rng, 2, 20);
      const b = int(rng, 2, 20);
      const c = int(rng, 2, 5);
      return { question: `(${a} + ${b}) × ${c}`, answer: String((a + b) * c) };
    }
    default: {
      const b = int(rng, 3, 9);
      const q = int(rng, 2, 9);
      const r = int(rng, 1, b - 1);
      return { question: `${b * q + r} ÷ ${b}`, answer: `${q} … ${r}` };
    }
  }
}

/** A plausible mistake: off by one or ten, or a slip in the remainder. */
function wrongAnswer(answer: string, rng: Rng): string {
  const [quotient, remainder] = answer.split(' … ');
  const slip = [1, -1, 10, 2][int(rng, 0, 3)]!;
  if (remainder !== undefined) return `${quotient} … ${Number(remainder) + 1}`;
  if (answer.includes('.')) return String(Math.round((Number(answer) + slip / 10) * 10) / 10);
  const wrong = Number(answer) + slip;
  return String(wrong < 0 ? Number(answer) + 1 : wrong);
}

/** `count` exercises, exactly `wrong` of them with a wrong answer (at random places). */
export function worksheet(rng: Rng, count: number, wrong: number, options: ExerciseOptions = {}): Exercise[] {
  const wrongAt = new Set<number>();
  while (wrongAt.size < Math.min(wrong, count)) wrongAt.add(int(rng, 0, count - 1));
  return Array.from({ length: count }, (_, i) => {
    const { question: q, answer } = question(rng, options);
    const right = !wrongAt.has(i);
    const text = `${q} = ${right ? answer : wrongAnswer(answer, rng)}`;
    // Guard: the generator and the marker must agree, or the sample would teach the wrong thing.
    if ((markLine(text).status === 'right') !== right) throw new Error(`bad exercise: ${text}`);
    return { text, right };
  });
}

/** The lab's two sample sheets: 10 sums each, exactly 2 wrong, every kind of sum; fixed seeds (e2e reads them). */
export const SAMPLE_SHEETS = {
  printedSeed: 12,
  handwrittenSeed: 2026,
  lines: 10,
  wrong: 2,
  options: { decimals: true, brackets: true, remainders: true },
} as const;
