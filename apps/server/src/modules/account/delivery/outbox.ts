/**
 * The dev outbox: with no SMTP or SMS provider configured, every code is appended as one JSON line to
 * $DATA_DIR/outbox.jsonl (and logged), so a developer or a test can read it.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { CodeMessage, CodeSender } from './types.ts';

export class OutboxSender implements CodeSender {
  constructor(
    private readonly file: string,
    private readonly log: (line: Record<string, unknown>) => void = () => undefined,
  ) {}

  async send(message: CodeMessage): Promise<void> {
    const line = {
      channel: message.channel,
      to: message.to,
      code: message.code,
      purpose: message.purpose,
      at: new Date().toISOString(),
    };
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, JSON.stringify(line) + '\n', 'utf8');
    this.log(line);
  }
}
