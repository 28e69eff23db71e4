/** The run's model problems as stage lines: the texts in both languages, and the drawing networks' lines. */
import { describe, expect, it } from 'vitest';
import { catalogueLeaves as leaves, placeholdersOf as placeholders } from '../../../test/catalogue.ts';
import { i18n } from '../../../lib/i18n.ts';
import { modelTexts } from './i18n.ts';
import { describeModelProblem } from './model-problems.ts';

describe('model problem texts', () => {
  it('has the same keys and placeholders in English and Chinese, none empty', () => {
    const en = leaves(modelTexts.en);
    const zh = leaves(modelTexts['zh-CN']);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect(zh.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(zh.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it('says which drawing network could not load, with why, in the student’s language', async () => {
    await i18n.init({ lng: 'en', resources: {}, initAsync: false });
    expect(describeModelProblem({ kind: 'drawing', network: 'doodle', message: 'HTTP 404' })).toBe(
      'The doodle AI could not be loaded (HTTP 404): “what the drawing looks like” answers nothing; the program goes on.',
    );
    expect(describeModelProblem({ kind: 'drawing', network: 'digit', message: 'offline' })).toContain(
      'handwritten-digit AI could not be loaded (offline)',
    );
    await i18n.changeLanguage('zh-CN');
    expect(describeModelProblem({ kind: 'drawing', network: 'digit', message: 'offline' })).toBe(
      '手写数字 AI 加载失败（offline）：“画的是数字几”没有答案；程序继续运行。',
    );
    // The next test file in this worker starts in English again.
    await i18n.changeLanguage('en');
  });
});
