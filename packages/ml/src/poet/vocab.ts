/**
 * The poet's alphabet: one token per character it knows, after three special ones. Characters it never saw
 * in training read as UNKNOWN, and the page says so instead of hiding them.
 */
export const START = 0;
export const END = 1;
export const UNKNOWN = 2;
/** How the special tokens show on the page: start of a poem, end of a poem, a character it does not know. */
export const SPECIAL_MARKS = ['▶', '⏹', '□'] as const;

export interface Vocab {
  /** Token i's text (the special tokens' marks first). */
  readonly tokens: readonly string[];
  readonly size: number;
  encode(text: string): number[];
  decode(ids: readonly number[]): string;
  /** True when the character has a token of its own. */
  knows(char: string): boolean;
}

/** A vocabulary from its characters (in token order, without the special tokens). */
export function makeVocab(chars: readonly string[]): Vocab {
  const tokens = [...SPECIAL_MARKS, ...chars];
  const index = new Map(chars.map((c, i) => [c, i + SPECIAL_MARKS.length]));
  return {
    tokens,
    size: tokens.length,
    encode: (text) => [...text].map((c) => index.get(c) ?? UNKNOWN),
    decode: (ids) =>
      ids.map((id) => (id === END || id === START ? '' : (tokens[id] ?? SPECIAL_MARKS[UNKNOWN]))).join(''),
    knows: (char) => index.has(char),
  };
}
