import { describe, expect, it } from 'vitest';
import { MAZE_IDS, MAZE_ACTIONS } from '@ai-edu/ml/rl/index.ts';
import { catalogueLeaves as leaves, placeholdersOf as placeholders } from '../../../test/catalogue.ts';
import { learningTexts } from './i18n.ts';
import { LAST_SEEN, LINE_ACTIONS } from '../../../lib/robot-world/line-track-env.ts';
import { SPEEDS } from './speeds.ts';

describe('learning robot texts', () => {
  it('have the same keys and placeholders in English and Chinese, none empty', () => {
    const en = leaves(learningTexts.en);
    const zh = leaves(learningTexts['zh-CN']);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      expect(zh.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(zh.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it('name every maze, speed and move', () => {
    expect(Object.keys(learningTexts.en.mazes).sort()).toEqual([...MAZE_IDS].sort());
    expect(Object.keys(learningTexts.en.speeds).sort()).toEqual([...SPEEDS].sort());
    expect(Object.keys(learningTexts.en.actions).sort()).toEqual([...MAZE_ACTIONS].sort());
    expect(Object.keys(learningTexts.en.line.actions).sort()).toEqual([...LINE_ACTIONS].sort());
    expect(Object.keys(learningTexts.en.line.last).sort()).toEqual([...LAST_SEEN].sort());
  });
});
