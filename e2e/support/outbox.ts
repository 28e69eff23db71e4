/** Reads verification codes from the server's dev outbox ($DATA_DIR/outbox.jsonl). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pollPause } from './wait.ts';

export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  code: string;
  purpose: 'login' | 'reset';
  at: string;
}

export async function readOutbox(dataDir: string): Promise<OutboxEntry[]> {
  try {
    const text = await readFile(path.join(dataDir, 'outbox.jsonl'), 'utf8');
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OutboxEntry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The latest code sent to `to`, waiting until there are more than `after` messages for that address (the
 * send request returns before a test looks, but the file write may trail it slightly).
 */
export async function latestCode(
  dataDir: string,
  to: string,
  options: { after?: number; purpose?: OutboxEntry['purpose']; timeoutMs?: number } = {},
): Promise<string> {
  const { after = 0, purpose, timeoutMs = 10_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entries = (await readOutbox(dataDir)).filter(
      (e) => e.to === to && (purpose === undefined || e.purpose === purpose),
    );
    const latest = entries.at(-1);
    if (entries.length > after && latest) return latest.code;
    if (Date.now() > deadline) throw new Error(`no code for ${to} in the outbox after ${timeoutMs} ms`);
    await pollPause();
  }
}

export async function countCodes(dataDir: string, to: string): Promise<number> {
  return (await readOutbox(dataDir)).filter((e) => e.to === to).length;
}
