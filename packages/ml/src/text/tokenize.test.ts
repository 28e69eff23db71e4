import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.ts';

const texts = (sentence: string, bigrams = true) => tokenize(sentence, { bigrams }).map((t) => t.text);

describe('tokenize', () => {
  it('cuts Chinese into character unigrams and neighbouring-character bigrams', () => {
    const tokens = tokenize('今天天气很好');
    expect(tokens.filter((t) => t.kind === 'char').map((t) => t.text)).toEqual([
      '今',
      '天',
      '天',
      '气',
      '很',
      '好',
    ]);
    expect(tokens.filter((t) => t.kind === 'charBigram').map((t) => t.text)).toEqual([
      '今天',
      '天天',
      '天气',
      '气很',
      '很好',
    ]);
    expect(texts('今天天气很好', false)).toEqual(['今', '天', '天', '气', '很', '好']);
  });

  it('lower-cases English words and pairs neighbouring words', () => {
    expect(texts('The Sun is SHINING')).toEqual([
      'the',
      'sun',
      'the sun',
      'is',
      'sun is',
      'shining',
      'is shining',
    ]);
    expect(texts("Don't   stop", false)).toEqual(["don't", 'stop']);
    expect(texts('Rain’s coming')).toContain("rain's coming");
  });

  it('never pairs across punctuation or a change of script', () => {
    expect(texts('下雨了，好冷')).not.toContain('了好');
    expect(texts('rain, wind')).not.toContain('rain wind');
    const mixed = texts('我爱NBA比赛');
    expect(mixed).toEqual(['我', '爱', '我爱', 'nba', '比', '赛', '比赛']);
  });

  it('folds full-width letters and digits to ASCII', () => {
    expect(texts('ＮＢＡ２０２４')).toEqual(['nba2024']);
  });

  it('keeps where each token came from in the original sentence', () => {
    const sentence = '  Hello, 世界! Big  day ';
    for (const token of tokenize(sentence)) {
      const covered = sentence.slice(token.start, token.end);
      if (token.kind === 'wordBigram') expect(covered.toLowerCase().replace(/\s+/g, ' ')).toBe(token.text);
      else expect(covered.toLowerCase()).toBe(token.text);
    }
    expect(tokenize('')).toEqual([]);
    expect(tokenize('，。！ 🙂')).toEqual([]);
  });
});
