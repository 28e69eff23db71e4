import { describe, expect, it } from 'vitest';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { en as appEn } from '../../lib/locales/en.ts';
import { zhCN as appZh } from '../../lib/locales/zh-CN.ts';
import { texts } from './i18n.ts';
import { INVITED_CATEGORIES, invitedExamples, knownThings } from './invitation.ts';

/** A person in any form: the model has no such category (a drawn stick figure came out "flower 58 %"). */
const PERSON = /stick figure|person|people|human|man\b|woman|girl|boy|小人|人物|人像|火柴人/i;

describe('what the page invites to draw', () => {
  it("invites only things that are among the model's categories", () => {
    const ids = DOODLE_CATEGORIES.map((c) => c.id);
    for (const id of INVITED_CATEGORIES) expect(ids).toContain(id);
    expect(invitedExamples('en')).toBe('cat, house, tree, sun, fish, bicycle');
    expect(invitedExamples('zh-CN')).toBe('猫、房子、树、太阳、鱼、自行车');
  });

  it('never asks for a person or a stick figure, in either language', () => {
    const invitations = [
      texts.en.tip,
      texts.en.pad.label,
      texts['zh-CN'].tip,
      texts['zh-CN'].pad.label,
      appEn.labs.writingPredict.description,
      appZh.labs.writingPredict.description,
    ];
    for (const text of invitations) expect(text).not.toMatch(PERSON);
  });

  it("lists every thing the model knows, by the model's own names", () => {
    expect(knownThings('en').split(', ')).toEqual(DOODLE_CATEGORIES.map((c) => c.en));
    expect(knownThings('zh-CN').split('、')).toEqual(DOODLE_CATEGORIES.map((c) => c.zh));
    expect(texts.en.tip).toContain('{{examples}}');
    expect(texts['zh-CN'].tip).toContain('{{examples}}');
  });
});
