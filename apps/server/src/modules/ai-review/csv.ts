/**
 * The review as a CSV file teachers open in Excel: UTF-8 with a byte-order mark (without it Excel reads
 * Chinese as mojibake), CRLF rows, fields quoted per RFC 4180, and any cell that a spreadsheet would run as
 * a formula (starting with = + - @, a tab or a carriage return) prefixed with ' so it stays text.
 */
import type { AiUseRecord, Language, ReviewedLab } from '@ai-edu/contract';

const HEADERS: Record<Language, readonly string[]> = {
  'zh-CN': ['时间（北京时间）', '学生', '账号', '实验', '状态', '提示词', '回答', '积分', '已标记', '屏蔽词'],
  en: [
    'Time (China)',
    'Student',
    'Account',
    'Lab',
    'Status',
    'Prompt',
    'Answer',
    'Credits',
    'Flagged',
    'Blocked word',
  ],
};

const LABS: Record<Language, Record<ReviewedLab, string>> = {
  'zh-CN': { aiChat: 'AI 对话', textToImage: 'AI 绘画', writingPredict: '草图成画' },
  en: { aiChat: 'AI chat', textToImage: 'AI painting', writingPredict: 'Sketch to picture' },
};

const STATUSES: Record<Language, Record<AiUseRecord['status'], string>> = {
  'zh-CN': { answered: '已回答', failed: '失败', blocked: '已屏蔽' },
  en: { answered: 'answered', failed: 'failed', blocked: 'blocked' },
};

const YES_NO: Record<Language, [string, string]> = { 'zh-CN': ['是', '否'], en: ['yes', 'no'] };

/** One field: formula guard first, then quoted when it holds a quote, comma or line break. */
export function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** `YYYY-MM-DD HH:mm:ss` in China time (UTC+8). */
export function chinaTime(iso: string): string {
  return new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function reviewCsv(records: readonly AiUseRecord[], language: Language): string {
  const [yes, no] = YES_NO[language];
  const lines = [HEADERS[language]].concat(
    records.map((r) => [
      chinaTime(r.createdAt),
      r.displayName,
      r.account,
      LABS[language][r.lab] ?? r.lab,
      STATUSES[language][r.status] ?? r.status,
      r.prompt,
      r.answer ?? '',
      String(r.credits),
      r.flagged ? yes : no,
      r.blockedWord ?? '',
    ]),
  );
  return `\uFEFF${lines.map((cells) => cells.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** RFC 6266 / 5987: an ASCII name for old clients and the class's own name (any language) for the rest. */
export function csvDisposition(className: string, day: string): string {
  const encoded = encodeURIComponent(`${className}-ai-use-${day}.csv`).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="ai-use-${day}.csv"; filename*=UTF-8''${encoded}`;
}
