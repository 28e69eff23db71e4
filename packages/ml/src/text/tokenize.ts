/**
 * Turning a sentence into features a linear model can count.
 *
 * English (and any script that puts spaces between words) is split into words, lower-cased, and — when
 * `bigrams` is on — neighbouring word pairs ("not good") are added, so the model can see a little word order.
 *
 * Chinese (and Japanese kana) has no spaces, and a good word segmenter needs a large dictionary. Character
 * n-grams need none: every character is a feature (天, 气) and so is every pair of neighbouring characters
 * (天气). Most Chinese words are one or two characters long, so unigrams + bigrams cover most words, and the
 * wrong pairs that straddle two words (气很) are rare and get small weights in training.
 *
 * Every token keeps the span of the original text it came from, so an explanation can be painted back onto
 * the sentence the learner typed.
 */

/** What a token is: a CJK character, a pair of neighbouring characters, a word, or a pair of words. */
export type TokenKind = 'char' | 'charBigram' | 'word' | 'wordBigram';

export interface Token {
  /** The feature's name: the normalised text ("天气", "rain", "not good"). */
  readonly text: string;
  readonly kind: TokenKind;
  /** UTF-16 offsets into the original sentence: `sentence.slice(start, end)` is what the token covers. */
  readonly start: number;
  readonly end: number;
}

export interface TokenizeOptions {
  /** Add character pairs (Chinese) and word pairs (English); default true. */
  readonly bigrams?: boolean;
}

/** Scripts written without spaces: each character is a unit. */
const CJK_CLASS = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]`;
const CJK = new RegExp(CJK_CLASS, 'u');
/** A letter, mark or digit of a spaced script (CJK excluded: those are units on their own). */
const WORD_CHAR = String.raw`(?:(?!${CJK_CLASS})[\p{L}\p{M}\p{N}])`;

/**
 * One unit of text: a CJK character, or a word (letters, marks and digits, with inner apostrophes: "don't").
 * Anything else (spaces, punctuation, emoji) only separates units.
 */
const UNIT = new RegExp(String.raw`${CJK_CLASS}|${WORD_CHAR}+(?:['’]${WORD_CHAR}+)*`, 'gu');

interface Unit {
  text: string;
  cjk: boolean;
  start: number;
  end: number;
}

/** Full-width letters and digits become ASCII (ＡＢＣ１ → abc1), then lower case. */
function normalise(text: string): string {
  // eslint-disable-next-line no-control-regex -- plain ASCII needs no Unicode folding (the common, fast case)
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text.normalize('NFKC').toLowerCase().replace(/’/g, "'");
}

function units(sentence: string): Unit[] {
  const found: Unit[] = [];
  for (const match of sentence.matchAll(UNIT)) {
    const raw = match[0];
    const start = match.index;
    // A word match never contains CJK characters: they are matched one by one by the first alternative.
    const cjk = CJK.test(raw);
    found.push({ text: normalise(raw), cjk, start, end: start + raw.length });
  }
  return found;
}

/**
 * Splits a sentence into tokens: CJK character unigrams (+ bigrams of neighbouring characters) and
 * lower-cased words (+ bigrams of neighbouring words). A pair is formed only when nothing
 * (for characters) or whitespace (for words) lies between the two units, so punctuation and a change of
 * script break pairs: "下雨了，好冷" has no pair "了好", "NBA比赛" has no pair "nba比".
 */
export function tokenize(sentence: string, options: TokenizeOptions = {}): Token[] {
  const bigrams = options.bigrams ?? true;
  const list = units(sentence);
  const tokens: Token[] = [];
  for (const [i, unit] of list.entries()) {
    tokens.push({ text: unit.text, kind: unit.cjk ? 'char' : 'word', start: unit.start, end: unit.end });
    const prev = i > 0 ? list[i - 1] : undefined;
    if (!bigrams || !prev || prev.cjk !== unit.cjk) continue;
    const gap = sentence.slice(prev.end, unit.start);
    if (unit.cjk && gap === '') {
      tokens.push({ text: prev.text + unit.text, kind: 'charBigram', start: prev.start, end: unit.end });
    } else if (!unit.cjk && /^\s+$/u.test(gap)) {
      tokens.push({
        text: `${prev.text} ${unit.text}`,
        kind: 'wordBigram',
        start: prev.start,
        end: unit.end,
      });
    }
  }
  return tokens;
}
