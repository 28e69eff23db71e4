/**
 * The doodle game's rules, without React or the model: which things a game asks for (seeded, never the same
 * thing twice), when the computer has guessed it, and when what it says has changed enough to say again.
 */
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { seededRandom } from '@ai-edu/ml/random.ts';
import { ROUNDS, SCHOOL_ROUNDS_MAX } from './meta.ts';

/** A thing to draw: a category the network knows, or a word the school's drawings taught it. */
export type Target = { kind: 'category'; index: number } | { kind: 'school'; label: string };

/** One thing the computer thinks a drawing may be: a category id or a school label, and how likely. */
export interface Guess {
  key: string;
  probability: number;
}

const CATEGORY_IDS = new Set(DOODLE_CATEGORIES.map((c) => c.id));

export const isCategoryKey = (key: string) => CATEGORY_IDS.has(key);

/** The guess key a target is recognised by. */
export function targetKey(target: Target): string {
  return target.kind === 'category' ? (DOODLE_CATEGORIES[target.index]?.id ?? '') : target.label;
}

/** A guess key in the page's language: a category's name, or the school's word as the class wrote it. */
export function keyName(key: string, language: string): string {
  const category = DOODLE_CATEGORIES.find((c) => c.id === key);
  if (!category) return key;
  return language.startsWith('zh') ? category.zh : category.en;
}

/** Things named in the plural in English: "it's glasses", not "it's a glasses". */
const PLURAL_NAMES = new Set(['eyeglasses', 'pants', 'scissors']);

/** "a cat", "an apple", "glasses" in English; the bare name in Chinese (which has no articles). */
export function nameWithArticle(key: string, language: string): string {
  const name = keyName(key, language);
  if (language.startsWith('zh') || PLURAL_NAMES.has(key)) return name;
  return /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`;
}

/** A fresh seed for a game nobody asked to replay. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}

/** `?seed=123` → 123 (0 to 999,999), anything else → undefined. */
export function seedFromQuery(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('seed');
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  return Number(raw);
}

function shuffled<T>(items: readonly T[], rng: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The things one game asks for, in order: `rounds` different ones, the same for the same seed and school
 * words. Up to `SCHOOL_ROUNDS_MAX` of them are the school's own words (so a class sees what it taught),
 * the rest categories of the network.
 */
export function planGame(seed: number, schoolLabels: readonly string[] = [], rounds = ROUNDS): Target[] {
  const rng = seededRandom(seed);
  const school = shuffled([...new Set(schoolLabels)].sort(), rng)
    .slice(0, Math.min(SCHOOL_ROUNDS_MAX, rounds))
    .map((label): Target => ({ kind: 'school', label }));
  const categories = shuffled(
    DOODLE_CATEGORIES.map((_, index) => index),
    rng,
  )
    .slice(0, rounds - school.length)
    .map((index): Target => ({ kind: 'category', index }));
  return shuffled([...school, ...categories], rng);
}

/** Whether the computer's best guess is the thing asked for. */
export function isGuessed(guesses: readonly Guess[], target: Target): boolean {
  return guesses[0]?.key === targetKey(target);
}

/** A guess the computer says aloud: likely enough not to be noise. */
export const SAY_AT_LEAST = 0.1;

/** What the computer would say about these guesses: up to `count` keys likely enough, best first. */
export function saidGuesses(guesses: readonly Guess[], count = 2): string[] {
  return guesses
    .slice(0, count)
    .filter((g, i) => i === 0 || g.probability >= SAY_AT_LEAST)
    .map((g) => g.key);
}

/** Whether two things said differ (order counts: "cat? dog?" is not "dog? cat?"). */
export function saysSomethingNew(before: readonly string[], now: readonly string[]): boolean {
  return before.length !== now.length || before.some((key, i) => key !== now[i]);
}
