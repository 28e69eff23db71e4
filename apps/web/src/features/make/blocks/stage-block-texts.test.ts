import { describe, expect, it } from 'vitest';
import { BUILTIN_BLOCK_TEXTS } from '../models/builtin-block-texts.ts';
import { MODEL_BLOCK_TEXTS } from '../models/model-block-texts.ts';
import { STAGE_BLOCK_TEXTS } from './stage-block-texts.ts';
import { WORKSPACE_TOOL_TEXTS } from './workspace-tool-texts.ts';

const slots = (text: string) => [...text.matchAll(/%(\d)/g)].map((m) => m[1]).sort();

const CATALOGUES = {
  stage: STAGE_BLOCK_TEXTS,
  model: MODEL_BLOCK_TEXTS,
  builtin: BUILTIN_BLOCK_TEXTS,
  workspaceTools: WORKSPACE_TOOL_TEXTS,
};

describe.each(Object.entries(CATALOGUES))('%s block texts', (_name, texts) => {
  it('have the same keys and input slots (%1, %2) in English and Chinese, none empty', () => {
    const en: Record<string, string> = texts.en;
    const zh: Record<string, string> = texts['zh-CN'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const chinese = zh[key] ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(chinese.trim(), key).not.toBe('');
      expect(slots(chinese), key).toEqual(slots(text));
    }
  });

  it('are Blockly message keys of their own (no clash with Blockly’s catalogue)', () => {
    for (const key of Object.keys(texts.en)) expect(key).toMatch(/^MAKE_[A-Z_]+$/);
  });
});
