/** Picks the real sender per channel from configuration, falling back to the dev outbox. */
import path from 'node:path';
import type { Config } from '../../../config.ts';
import { AliyunSmsSender } from './aliyun-sms.ts';
import { OutboxSender } from './outbox.ts';
import { SmtpSender } from './smtp.ts';
import type { CodeMessage, CodeSender } from './types.ts';

export type { CodeMessage, CodeSender, Channel, CodePurpose } from './types.ts';

export function createCodeSender(config: Config, log: (line: Record<string, unknown>) => void): CodeSender {
  const outbox = new OutboxSender(path.join(config.dataDir, 'outbox.jsonl'), log);
  const email: CodeSender = config.mail.smtpUrl
    ? new SmtpSender(config.mail.smtpUrl, config.mail.from)
    : outbox;
  const sms: CodeSender = config.sms.provider === 'aliyun' ? new AliyunSmsSender(config.sms) : outbox;
  return { send: (message: CodeMessage) => (message.channel === 'email' ? email : sms).send(message) };
}
