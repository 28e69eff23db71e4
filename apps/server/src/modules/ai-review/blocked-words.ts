/**
 * The school's word list against a student's prompt. Both sides are compared after NFKC (full-width
 * letters, ligatures and compatibility forms fold to their plain ones) and lower-casing, with runs of
 * whitespace as one space. Chinese, Japanese and Korean are written without spaces, so a word with such
 * characters matches anywhere; any other word matches only as a whole word, so "ass" does not match "class".
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A letter, digit or underscore on either side means the word is part of a longer one. */
const wholeWord = (word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`, 'u');

/** The first word of `words` (as listed) found in `prompt`, or null. */
export function findBlockedWord(prompt: string, words: readonly string[]): string | null {
  if (!words.length) return null;
  const text = fold(prompt);
  for (const listed of words) {
    const word = fold(listed);
    if (!word) continue;
    const found = CJK.test(word) ? text.includes(word) : wholeWord(word).test(text);
    if (found) return listed;
  }
  return null;
}
