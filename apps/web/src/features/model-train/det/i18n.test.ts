import { describe, expect, it } from 'vitest';
import { texts } from './i18n.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

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
