import { describe, expect, it } from 'vitest';
import { romanise, suggestLogins } from './student-logins.ts';

describe('student logins from display names', () => {
  it('romanises Chinese names to toneless pinyin a child can type', () => {
    expect(romanise('张三')).toBe('zhangsan');
    expect(romanise('欧阳娜娜')).toBe('ouyangnana');
    // A surname's own reading, ü typed as v.
    expect(romanise('单田芳')).toBe('shantianfang');
    expect(romanise('吕布')).toBe('lvbu');
  });

  it('keeps Latin letters without accents, and digits; drops spaces and symbols', () => {
    expect(romanise('Zoë Smith')).toBe('zoesmith');
    expect(romanise('李 小明 2')).toBe('lixiaoming2');
    expect(romanise('Tom李')).toBe('tomli');
    expect(romanise('😀!')).toBe('');
    expect(romanise('张'.repeat(20))).toHaveLength(24);
  });

  it('numbers a login that is taken or given to an earlier name of the batch', () => {
    expect(suggestLogins(['张伟', '张伟', 'Amy'], new Set(['amy']))).toEqual([
      'zhangwei',
      'zhangwei2',
      'amy2',
    ]);
    expect(suggestLogins(['😀', '★'], new Set())).toEqual(['student1', 'student2']);
  });
});
