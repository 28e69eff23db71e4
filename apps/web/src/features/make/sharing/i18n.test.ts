import { describe, expect, it } from 'vitest';
import { placeholdersOf as placeholders } from '../../../test/catalogue.ts';
import { sharingTexts } from './i18n.ts';

describe('studio sharing texts', () => {
  it('has the same keys and placeholders in English and Chinese, none empty', () => {
    const en: Record<string, string> = sharingTexts.en;
    const zh: Record<string, string> = sharingTexts['zh-CN'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(text.trim(), key).not.toBe('');
      expect(zh[key]?.trim(), key).not.toBe('');
      expect(placeholders(zh[key] ?? ''), key).toEqual(placeholders(text));
    }
  });
});
