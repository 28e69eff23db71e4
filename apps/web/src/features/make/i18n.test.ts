import { describe, expect, it } from 'vitest';
import { catalogueLeaves as leaves, placeholdersOf as placeholders } from '../../test/catalogue.ts';
import { texts } from './i18n.ts';

describe('studio texts', () => {
  it('has the same keys and placeholders in English and Chinese, none empty', () => {
    const en = leaves(texts.en);
    const zh = leaves(texts['zh-CN']);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      expect(zh.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(zh.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it('names every JavaScript error the studio explains, and every refusal of a file', () => {
    expect(Object.keys(texts.en.runError)).toEqual(
      expect.arrayContaining(['TypeError', 'ReferenceError', 'RangeError', 'SyntaxError', 'other']),
    );
    expect(Object.keys(texts.en.file)).toEqual(expect.arrayContaining(['notJson', 'notProject', 'tooLarge']));
  });
});
