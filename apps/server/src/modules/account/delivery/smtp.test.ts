/**
 * SmtpSender against a real SMTP server (smtp-server on loopback): the message must arrive for the right
 * recipient, with the code in the subject and the body in the asked language; a refusal must surface.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpSender } from './smtp.ts';
import { codeEmail } from './texts.ts';
import type { CodeMessage } from './types.ts';

interface Received {
  mailFrom: string | undefined;
  rcptTo: string[];
  raw: string;
}

interface LocalSmtp {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

async function startSmtp(
  options: { rejectRecipient?: boolean; stallData?: boolean } = {},
): Promise<LocalSmtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (!options.rejectRecipient) return callback();
      const error = Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.stallData) return; // takes the message and never answers it
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          mailFrom: mailFrom ? mailFrom.address : undefined,
          rcptTo: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts connections and never says anything: no SMTP greeting. */
async function startSilent(): Promise<LocalSmtp & { connections: number }> {
  const sockets = new Set<Socket>();
  const silent = {
    url: '',
    received: [],
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((socket) => {
    silent.connections++;
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  silent.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return silent;
}

/**
 * Just enough MIME to read what nodemailer writes for a one-part text message: folded headers, RFC 2047
 * encoded words (B or Q, adjacent words joined before UTF-8 decoding), and a quoted-printable, base64,
 * 7bit or 8bit body.
 */
function parseMessage(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const body = raw.slice(split + 4);
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? qpBytes(body.replace(/=\r\n/g, ''))
        : Buffer.from(body, 'utf8');
  return { headers, text: bytes.toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

function qpBytes(text: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(out);
}

function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  // Whitespace between two adjacent encoded words is not part of the text (RFC 2047 §6.2).
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  let result = '';
  let pending: Buffer[] = [];
  let last = 0;
  const flush = () => {
    result += Buffer.concat(pending).toString('utf8');
    pending = [];
  };
  for (const match of joined.matchAll(word)) {
    if (match.index > last) {
      flush();
      result += joined.slice(last, match.index);
    }
    const [, charset = '', kind = '', data = ''] = match;
    expect(charset.toLowerCase()).toBe('utf-8');
    pending.push(kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data.replace(/_/g, ' ')));
    last = match.index + match[0].length;
  }
  flush();
  return result + joined.slice(last);
}

const message = (overrides: Partial<CodeMessage> = {}): CodeMessage => ({
  channel: 'email',
  to: 'ann@example.com',
  code: '482913',
  purpose: 'login',
  language: 'zh-CN',
  ...overrides,
});

describe('SmtpSender', () => {
  let smtp: LocalSmtp | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it('delivers the code in Chinese by default', async () => {
    smtp = await startSmtp();
    await new SmtpSender(smtp.url, 'AI Lab <no-reply@ai-lab.test>').send(message());

    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.mailFrom).toBe('no-reply@ai-lab.test');
    expect(got.rcptTo).toEqual(['ann@example.com']);
    const { headers, text } = parseMessage(got.raw);
    expect(headers.get('to')).toBe('ann@example.com');
    expect(headers.get('from')).toBe('AI Lab <no-reply@ai-lab.test>');
    expect(headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
    const subject = headers.get('subject') ?? '';
    expect(subject).toContain('482913');
    expect(subject).toContain('验证码');
    expect(text).toContain('您的验证码是 482913');
    expect(text).toContain('5 分钟内有效');
    expect(text).not.toContain('verification code');
    // Exactly the catalogue's words, intact through the transfer encoding.
    expect({ subject, text }).toEqual(codeEmail('482913', 'login', 'zh-CN'));
  });

  it('delivers the code in English when asked, with the purpose of the code', async () => {
    smtp = await startSmtp();
    await new SmtpSender(smtp.url, 'AI Lab <no-reply@ai-lab.test>').send(
      message({ to: 'bob@example.org', code: '000731', purpose: 'reset', language: 'en' }),
    );

    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.rcptTo).toEqual(['bob@example.org']);
    const { headers, text } = parseMessage(got.raw);
    expect(headers.get('to')).toBe('bob@example.org');
    expect(headers.get('subject')).toBe('Your verification code: 000731');
    expect(text).toContain('Your verification code is 000731.');
    expect(text).toContain('reset your password');
    expect(text).toContain('valid for 5 minutes');
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
    expect({ subject: headers.get('subject'), text }).toEqual(codeEmail('000731', 'reset', 'en'));
  });

  it('throws when the server refuses the recipient', async () => {
    smtp = await startSmtp({ rejectRecipient: true });
    const sender = new SmtpSender(smtp.url, 'AI Lab <no-reply@ai-lab.test>');
    await expect(sender.send(message({ to: 'gone@example.com' }))).rejects.toThrow(/550|rejected/i);
    expect(smtp.received).toHaveLength(0);
  });

  it('gives up on a server that never greets', async () => {
    const silent = await startSilent();
    smtp = silent;
    const sender = new SmtpSender(silent.url, 'AI Lab <no-reply@ai-lab.test>', 200);
    await expect(sender.send(message())).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    expect(silent.connections).toBe(1); // it connected: the missing greeting, not the connection, ended it
  });

  it('gives up on a server that takes the message and never confirms it', async () => {
    smtp = await startSmtp({ stallData: true });
    const sender = new SmtpSender(smtp.url, 'AI Lab <no-reply@ai-lab.test>', 200);
    await expect(sender.send(message())).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    expect(smtp.received).toHaveLength(0);
  });
});
