import type { AiUseRecord } from '@ai-edu/contract';
import { describe, expect, it } from 'vitest';
import { chinaTime, csvDisposition, csvField, reviewCsv } from './csv.ts';

const record = (extra: Partial<AiUseRecord> = {}): AiUseRecord => ({
  id: 1,
  userId: 'u',
  displayName: '小明',
  account: '小明@lake',
  lab: 'aiChat',
  prompt: 'hello',
  answer: 'hi',
  imageUrl: null,
  imageHidden: false,
  credits: 1,
  status: 'answered',
  blockedWord: null,
  flagged: false,
  createdAt: '2026-03-01T16:30:00.000Z',
  ...extra,
});

describe('review CSV', () => {
  it('quotes per RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('')).toBe('');
  });

  it('keeps spreadsheet formulas as text', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes China time', () => {
    expect(chinaTime('2026-03-01T16:30:00.000Z')).toBe('2026-03-02 00:30:00');
  });

  it('starts with a BOM and a header row in the language asked, one CRLF line per record', () => {
    const en = reviewCsv(
      [record(), record({ status: 'blocked', blockedWord: 'bad', answer: null, flagged: true })],
      'en',
    );
    expect(
      en.startsWith(
        '\uFEFFTime (China),Student,Account,Lab,Status,Prompt,Answer,Credits,Flagged,Blocked word\r\n',
      ),
    ).toBe(true);
    const lines = en.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe('2026-03-02 00:30:00,小明,小明@lake,AI chat,answered,hello,hi,1,no,');
    expect(lines[2]).toBe('2026-03-02 00:30:00,小明,小明@lake,AI chat,blocked,hello,,1,yes,bad');
    expect(lines[3]).toBe('');
    const zh = reviewCsv([record({ lab: 'writingPredict' })], 'zh-CN');
    expect(zh.split('\r\n')[0]).toBe(
      '\uFEFF时间（北京时间）,学生,账号,实验,状态,提示词,回答,积分,已标记,屏蔽词',
    );
    expect(zh.split('\r\n')[1]).toContain('草图成画,已回答');
  });

  it('names the file after the class, with an ASCII fallback', () => {
    expect(csvDisposition("三年级 (2)'s", '2026-03-02')).toBe(
      `attachment; filename="ai-use-2026-03-02.csv"; filename*=UTF-8''%E4%B8%89%E5%B9%B4%E7%BA%A7%20%282%29%27s-ai-use-2026-03-02.csv`,
    );
  });
});
