import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { catalogueLeaves as leaves, placeholdersOf as placeholders } from '../../../test/catalogue.ts';
import { modelTexts } from './i18n.ts';
import { describeModelProblem } from './model-problems.ts';

describe('model and hearing texts', () => {
  it('have the same keys and placeholders in English and Chinese, none empty', () => {
    const en = leaves(modelTexts.en);
    const zh = leaves(modelTexts['zh-CN']);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      expect(zh.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(zh.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it('tell each hearing problem as a stage line in the student’s language', async () => {
    // No DOM here: the shared instance set up directly (as lib/api-request.test.ts does); the namespace
    // registers itself.
    await i18n.init({ lng: 'en', resources: {}, interpolation: { escapeValue: false } });
    expect(describeModelProblem({ kind: 'microphone', reason: 'insecure' })).toMatch(/secure address/);
    expect(describeModelProblem({ kind: 'microphone', reason: 'denied' })).toMatch(/microphone is blocked/);
    expect(describeModelProblem({ kind: 'microphone', reason: 'missing' })).toMatch(/No microphone/);
    expect(describeModelProblem({ kind: 'noSoundModel', words: 'on, off' })).toContain('“on, off”');
    expect(describeModelProblem({ kind: 'noSoundModel', words: '' })).toMatch(/no sound model yet/);
    expect(describeModelProblem({ kind: 'unknownWords', name: 'Lights', words: 'dim' })).toBe(
      'The sound model “Lights” does not know “dim”: those hats will not run.',
    );
    await i18n.changeLanguage('zh-CN');
    expect(describeModelProblem({ kind: 'microphone', reason: 'busy' })).toMatch(/麦克风正被占用/);
    expect(describeModelProblem({ kind: 'noSoundModel', words: '开灯' })).toContain('“开灯”');
  });
});
