/**
 * What the command-word blocks need and hear (pure; docs/make-studio.md "Hearing and reading"): which words a
 * saved workspace's hats wait for, which of the student's sound models (taught in the sound trainer and kept
 * with "Use in a program") listens for them, and when a guess of that model counts as hearing a word.
 */

export const HEAR_WORD_BLOCK = 'ai_when_hear_word';
export const HEARD_WORD_BLOCK = 'ai_heard_word';
/** "how sure of the word heard (%)": the sound model's confidence in the last word it heard. */
export const HEARD_CONFIDENCE_BLOCK = 'ai_heard_confidence';

/** A guess counts as a word heard only this sure (background noise and mumbling stay below it). */
export const HEARD_AT_LEAST = 0.6;

/** What a workspace's hearing blocks need: whether the run listens at all, and the hats' words (each once). */
export function hearingNeedsIn(workspace: unknown): { listens: boolean; words: string[] } {
  const words = new Set<string>();
  let listens = false;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (
      record.type === HEAR_WORD_BLOCK ||
      record.type === HEARD_WORD_BLOCK ||
      record.type === HEARD_CONFIDENCE_BLOCK
    ) {
      listens = true;
      const word = (record.fields as { WORD?: unknown } | undefined)?.WORD;
      if (record.type === HEAR_WORD_BLOCK && typeof word === 'string' && word.trim()) words.add(word.trim());
    }
    Object.values(record).forEach(visit);
  };
  visit(workspace);
  return { listens, words: [...words] };
}

/** A sound model as the library lists it: its words are the taught classes, background noise left out. */
export interface SoundModelSummary {
  id: string;
  name: string;
  labels: readonly string[];
}

/**
 * The model a run listens with: of the student's sound models (newest first), the first that knows the most of
 * the hats' words; with no hat words, the newest. Null when there is none, or none knows any of the words.
 */
export function chooseSoundModel<T extends SoundModelSummary>(
  models: readonly T[],
  words: readonly string[],
): { model: T; unknownWords: string[] } | null {
  let best: { model: T; known: number } | null = null;
  for (const model of models) {
    const known = words.filter((word) => model.labels.includes(word)).length;
    if (!best || known > best.known) best = { model, known };
  }
  if (!best || (words.length > 0 && best.known === 0)) return null;
  const chosen = best.model;
  return { model: chosen, unknownWords: words.filter((word) => !chosen.labels.includes(word)) };
}

/**
 * The words heard so far. A word is heard when it becomes the model's sure best guess: it fires once, and again
 * only after the model heard something else (another word, background noise, or nothing sure), as the model
 * hats do — one spoken word spans several overlapping windows.
 */
export class HeardWords {
  /** The last word heard ('' before the first). */
  last = '';
  /** How sure the model was of it, 0–100 (0 before the first). */
  lastPercent = 0;
  private current: string | null = null;

  constructor(private readonly words: readonly string[]) {}

  /** The model's best guess for the latest window; answers the word heard now, or null. */
  update(label: string, probability: number): string | null {
    const word = this.words.includes(label) && probability >= HEARD_AT_LEAST ? label : null;
    const fresh = word !== null && word !== this.current;
    this.current = word;
    if (!fresh) return null;
    this.last = word;
    this.lastPercent = Math.round(probability * 100);
    return word;
  }
}
