/**
 * How the poet writes, one character at a time: its scores for every character (logits) become the
 * probabilities it draws from, shaped by the two dials the page explains: temperature (below 1 the likely
 * characters get likelier, above 1 the field evens out) and top-k (only the k likeliest may be drawn).
 * Pure functions of numbers, so the page, the worker and the tests agree on every draw.
 */
import type { Rng } from '../random.ts';
import { END, START, UNKNOWN } from './vocab.ts';

export interface WritingDials {
  /** > 0; 1 keeps the model's own probabilities. */
  temperature: number;
  /** How many of the likeliest characters may be drawn (1: always the likeliest). */
  topK: number;
}

export const DEFAULT_DIALS: WritingDials = { temperature: 0.8, topK: 10 };
export const TEMPERATURE_RANGE = { min: 0.1, max: 2 } as const;
export const TOP_K_RANGE = { min: 1, max: 50 } as const;

export interface Choices {
  /** Token ids, likeliest first. */
  ids: number[];
  /** Their probabilities after temperature and top-k (they add up to 1). */
  probs: number[];
}

/**
 * The characters the poet may write next and their probabilities. The start token and "a character I do
 * not know" are never written; the end mark is (it ends the poem).
 */
export function choicesFrom(logits: ArrayLike<number>, dials: WritingDials): Choices {
  const temperature = Math.max(TEMPERATURE_RANGE.min / 10, dials.temperature);
  const k = Math.max(1, Math.floor(dials.topK));
  const candidates: number[] = [];
  for (let id = 0; id < logits.length; id++) {
    if (id !== START && id !== UNKNOWN) candidates.push(id);
  }
  candidates.sort((a, b) => logits[b]! - logits[a]!);
  const ids = candidates.slice(0, k);
  const top = logits[ids[0]!]!;
  const weights = ids.map((id) => Math.exp((logits[id]! - top) / temperature));
  const total = weights.reduce((sum, v) => sum + v, 0);
  return { ids, probs: weights.map((v) => v / total) };
}

/** One of the choices, drawn by its probability with `random` (a number in [0, 1)). */
export function draw(choices: Choices, random: number): number {
  let left = random;
  for (let i = 0; i < choices.ids.length; i++) {
    left -= choices.probs[i]!;
    if (left < 0) return choices.ids[i]!;
  }
  return choices.ids[choices.ids.length - 1]!;
}

/** The ids the model reads: START and the poem so far, the latest `context` of them when it grows longer. */
export function windowOf(poemIds: readonly number[], context: number): number[] {
  const all = [START, ...poemIds];
  return all.slice(Math.max(0, all.length - context));
}

export interface WrittenStep {
  /** The character drawn (END when the poem ended). */
  id: number;
  /** What it was drawn from. */
  choices: Choices;
}

/**
 * Writes after `startIds` until the end mark or `maxChars` characters in all, yielding each step as it is
 * drawn. `logitsOf` answers the model's scores of the next character after a window of ids.
 */
export function* writeAfter(
  logitsOf: (window: number[]) => ArrayLike<number>,
  startIds: readonly number[],
  options: WritingDials & { context: number; maxChars: number; random: Rng },
): Generator<WrittenStep> {
  const poem = [...startIds];
  while (poem.length < options.maxChars) {
    const choices = choicesFrom(logitsOf(windowOf(poem, options.context)), options);
    const id = draw(choices, options.random());
    yield { id, choices };
    if (id === END) return;
    poem.push(id);
  }
}
