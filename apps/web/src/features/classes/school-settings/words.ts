/** The school's word list as typed in the text box: one word (or phrase) per line. */
import { COCKPIT_LIMITS } from '@ai-edu/contract';

/** The words as the server keeps them: trimmed, NFKC, lower case, each once, blank lines dropped. */
export function parseWords(text: string): string[] {
  const words = text
    .split(/\r?\n/)
    .map((line) => line.trim().normalize('NFKC').toLowerCase())
    .filter((word) => word.length > 0);
  return [...new Set(words)];
}

export type WordsProblem = { kind: 'tooMany'; count: number } | { kind: 'tooLong'; word: string };

/** What keeps the list from being saved (the server's limits), or null. */
export function wordsProblem(words: readonly string[]): WordsProblem | null {
  if (words.length > COCKPIT_LIMITS.blockedWordsMax) return { kind: 'tooMany', count: words.length };
  const long = words.find((word) => [...word].length > COCKPIT_LIMITS.blockedWordMaxLength);
  return long === undefined ? null : { kind: 'tooLong', word: long };
}

/** The text box's content for a saved list. */
export function wordsText(words: readonly string[]): string {
  return words.join('\n');
}
