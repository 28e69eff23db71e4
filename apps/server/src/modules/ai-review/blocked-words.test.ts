import { describe, expect, it } from 'vitest';
import { findBlockedWord } from './blocked-words.ts';

describe('findBlockedWord', () => {
  it('matches a Latin word only as a whole word', () => {
    expect(findBlockedWord('my class is fun', ['ass'])).toBeNull();
    expect(findBlockedWord('passing the test', ['ass'])).toBeNull();
    expect(findBlockedWord('you ass!', ['ass'])).toBe('ass');
    expect(findBlockedWord('ass', ['ass'])).toBe('ass');
    expect(findBlockedWord('"ass," he said', ['ass'])).toBe('ass');
    expect(findBlockedWord('ass_hat', ['ass'])).toBeNull();
    expect(findBlockedWord('ass2', ['ass'])).toBeNull();
  });

  it('ignores case, full-width forms and spacing', () => {
    expect(findBlockedWord('What a STUPID idea', ['stupid'])).toBe('stupid');
    expect(findBlockedWord('ｓｔｕｐｉｄ robot', ['stupid'])).toBe('stupid');
    expect(findBlockedWord('I hate   you', ['hate you'])).toBe('hate you');
    expect(findBlockedWord('i HATE\nyou', ['Hate You'])).toBe('Hate You');
    // German sharp s and accented letters are letters: no match inside a word.
    expect(findBlockedWord('müllstraße', ['straße'])).toBeNull();
    expect(findBlockedWord('die straße', ['straße'])).toBe('straße');
  });

  it('matches a word with Chinese (or other CJK) characters anywhere', () => {
    expect(findBlockedWord('你是笨蛋吗', ['笨蛋'])).toBe('笨蛋');
    expect(findBlockedWord('画一只笨蛋猫', ['笨蛋'])).toBe('笨蛋');
    expect(findBlockedWord('画一只聪明猫', ['笨蛋'])).toBeNull();
    expect(findBlockedWord('ばかやろう', ['ばか'])).toBe('ばか');
    expect(findBlockedWord('打游戏abc', ['游戏abc'])).toBe('游戏abc');
  });

  it('answers the first listed word found, and treats regex characters literally', () => {
    expect(findBlockedWord('c++ and java', ['java', 'c++'])).toBe('java');
    expect(findBlockedWord('I like c++', ['c++'])).toBe('c++');
    expect(findBlockedWord('a.b', ['a*b'])).toBeNull();
    expect(findBlockedWord('anything', [])).toBeNull();
    expect(findBlockedWord('anything', ['  '])).toBeNull();
  });
});
