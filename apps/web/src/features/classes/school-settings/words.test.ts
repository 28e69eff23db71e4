import { describe, expect, it } from 'vitest';
import { COCKPIT_LIMITS, schoolSettingsSchema } from '@ai-edu/contract';
import { parseWords, wordsProblem, wordsText } from './words.ts';

describe('the school’s word list', () => {
  it('keeps one word per line as the server does: trimmed, lower case, NFKC, each once', () => {
    const words = parseWords('  Bomb \n\nbomb\r\nＦＩＧＨＴ\n打架\n');
    expect(words).toEqual(['bomb', 'fight', '打架']);
    // The server's own transform keeps the same list.
    expect(schoolSettingsSchema.parse({ blockedWords: words, retentionDays: 180 }).blockedWords).toEqual(
      words,
    );
  });

  it('round-trips a saved list through the text box', () => {
    expect(parseWords(wordsText(['a b', 'c']))).toEqual(['a b', 'c']);
    expect(parseWords('')).toEqual([]);
  });

  it('names the limit a list breaks', () => {
    const many = Array.from({ length: COCKPIT_LIMITS.blockedWordsMax + 1 }, (_, i) => `w${i}`);
    expect(wordsProblem(many)).toEqual({ kind: 'tooMany', count: COCKPIT_LIMITS.blockedWordsMax + 1 });
    const long = 'x'.repeat(COCKPIT_LIMITS.blockedWordMaxLength + 1);
    expect(wordsProblem(['ok', long])).toEqual({ kind: 'tooLong', word: long });
    expect(wordsProblem(['字'.repeat(COCKPIT_LIMITS.blockedWordMaxLength)])).toBeNull();
  });
});
