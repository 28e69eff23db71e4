import { describe, expect, it } from 'vitest';
import { catalogueLeaves as leaves, placeholdersOf as placeholders } from '../../../test/catalogue.ts';
import { texts as api } from './i18n.ts';
import { texts as dataset } from '../dataset/i18n.ts';
import { texts as evaluation } from '../evaluation/i18n.ts';
import { texts as onnx } from '../onnx/i18n.ts';
import { texts as projects } from '../projects/i18n.ts';

describe('model-train texts (api, dataset, evaluation, onnx, projects)', () => {
  it.each(Object.entries({ api, dataset, evaluation, onnx, projects }))(
    '%s: the same keys and placeholders in English and Chinese, none empty',
    (_, texts) => {
      const en = leaves(texts.en);
      const zh = leaves(texts['zh-CN']);
      expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of en) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(zh.get(key)!), key).toEqual(placeholders(text));
      }
    },
  );
});
