/**
 * Fine-tuning on the class's own texts: what a teacher or student pastes becomes short training pieces the
 * poet can read whole (one line each, long lines cut after a sentence mark), and the training plan sized for
 * a school computer's CPU in the browser (a few minutes).
 */
import { seededShuffle } from './corpus.ts';
import type { Vocab } from './vocab.ts';

export const FINE_TUNING = {
  steps: 60,
  batch: 8,
  learningRate: 1e-3,
  /** Fewer pieces than this teach nothing worth the wait. */
  minPieces: 2,
  /** The most text a class may paste (characters). */
  maxChars: 20_000,
  seed: 7,
} as const;

const SENTENCE_END = /(?<=[。！？!?.；;])/u;

export interface ClassTexts {
  /** Training pieces, each at most `maxLength` characters. */
  pieces: string[];
  /** Characters of the texts the poet has no token for (they read as "unknown"), most frequent first. */
  unknownChars: string[];
}

/** Pieces of at most `maxLength` characters from pasted text: a line each, long lines cut at sentence ends. */
export function classTexts(text: string, vocab: Vocab, maxLength: number): ClassTexts {
  const pieces: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let current = '';
    for (const sentence of line.trim().split(SENTENCE_END)) {
      const chars = [...sentence.trim()];
      if (chars.length === 0) continue;
      if ([...current].length + chars.length <= maxLength) {
        current += chars.join('');
        continue;
      }
      if (current) pieces.push(current);
      // A sentence longer than the window: cut it into window-sized parts.
      for (let at = 0; at < chars.length; at += maxLength) {
        current = chars.slice(at, at + maxLength).join('');
        if (at + maxLength < chars.length) pieces.push(current);
      }
    }
    if (current) pieces.push(current);
  }
  const unknown = new Map<string, number>();
  for (const char of pieces.join('')) {
    if (!vocab.knows(char) && !/\s/u.test(char)) unknown.set(char, (unknown.get(char) ?? 0) + 1);
  }
  return {
    pieces,
    unknownChars: [...unknown.entries()].sort((a, b) => b[1] - a[1]).map(([char]) => char),
  };
}

/** The pieces of each fine-tuning step: shuffled rounds through all of them, `batch` at a time, seeded. */
export function fineTuningBatches(
  pieces: readonly string[],
  steps: number,
  batch: number,
  seed: number,
): string[][] {
  const batches: string[][] = [];
  let round = 0;
  let queue: string[] = [];
  for (let step = 0; step < steps; step++) {
    const picked: string[] = [];
    while (picked.length < batch) {
      if (queue.length === 0) queue = seededShuffle(pieces, seed + round++);
      picked.push(queue.pop()!);
    }
    batches.push(picked);
  }
  return batches;
}
