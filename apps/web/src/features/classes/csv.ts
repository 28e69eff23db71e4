/** The created accounts as CSV (with a BOM so spreadsheet programs read UTF-8 names). */
import type { CreatedStudent } from '@ai-edu/contract';

function cell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function studentsCsv(header: [string, string, string], students: CreatedStudent[]): string {
  const rows = [header, ...students.map((s) => [s.displayName, s.account, s.password])];
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Names from a textarea: one per line, trimmed, blanks dropped. */
export function parseNames(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
