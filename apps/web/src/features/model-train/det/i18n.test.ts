import { describe, expect, it } from 'vitest';
import { catalogueLeaves as leaves, placeholdersOf as placeholders } from '../../../test/catalogue.ts';
import { texts } from './i18n.ts';

describe('detection page texts', () => {
  it('has every text in both languages with the same placeholders', () => {
    const en = leaves(texts.en);
    const zh = leaves(texts['zh-CN']);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, value] of en) {
      expect(zh.get(key)!.trim(), key).not.toBe('');
      expect(placeholders(zh.get(key)!), key).toEqual(placeholders(value));
    }
  });
});
