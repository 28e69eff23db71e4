import { describe, expect, it } from 'vitest';
import type { StudentBudget } from '@ai-edu/contract';
import { creditsLine, isPaidLab } from './credits-line.ts';

function budget(overrides: Partial<StudentBudget> = {}): StudentBudget {
  return {
    classId: 'c1',
    className: 'Class 1',
    leftToday: 3,
    classBalance: 15,
    dailyCap: 5,
    spentToday: 2,
    ...overrides,
  };
}

describe('isPaidLab', () => {
  it('is true for labs with a credit cost, free mode or not', () => {
    expect(isPaidLab('aiChat')).toBe(true);
    expect(isPaidLab('textToImage')).toBe(true);
    expect(isPaidLab('textKnow')).toBe(true);
    expect(isPaidLab('faceAnalyze')).toBe(false);
    expect(isPaidLab('toString')).toBe(false);
  });
});

describe('creditsLine', () => {
  it('shows nothing when the class has no budget', () => {
    expect(creditsLine(null, ['Ms Li'], ', ')).toBeNull();
    expect(creditsLine(undefined, ['Ms Li'], ', ')).toBeNull();
  });

  it('shows what is left and the daily limit', () => {
    expect(creditsLine(budget(), ['Ms Li'], ', ')).toEqual({
      key: 'credits.leftWithCap',
      values: { left: 3, cap: 5 },
    });
  });

  it('leaves the limit out when the class has no cap', () => {
    expect(creditsLine(budget({ dailyCap: null, leftToday: 15 }), ['Ms Li'], ', ')).toEqual({
      key: 'credits.left',
      values: { left: 15 },
    });
  });

  it('names who to ask when nothing is left', () => {
    expect(creditsLine(budget({ leftToday: 0 }), ['Ms Li', 'Mr Wang'], ', ')).toEqual({
      key: 'credits.usedUp',
      values: { teachers: 'Ms Li, Mr Wang' },
    });
    expect(creditsLine(budget({ leftToday: -2 }), ['王老师', '李老师'], '、')).toEqual({
      key: 'credits.usedUp',
      values: { teachers: '王老师、李老师' },
    });
  });
});
