/** Email codes through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
import nodemailer, { type Transporter } from 'nodemailer';
import { codeEmail } from './texts.ts';
import type { CodeMessage, CodeSender } from './types.ts';

export class SmtpSender implements CodeSender {
  private readonly transport: Transporter;

  /**
   * nodemailer waits minutes on a silent server by default, which would hold the request (and its
   * cooldown). With a URL it ignores option objects, so the deadlines go into the URL's query unless set.
   */
  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeoutMs = 15_000,
  ) {
    const url = new URL(smtpUrl);
    for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(timeoutMs));
    }
    this.transport = nodemailer.createTransport(url.toString());
  }

  async send(message: CodeMessage): Promise<void> {
    const { subject, text } = codeEmail(message.code, message.purpose, message.language);
    await this.transport.sendMail({ from: this.from, to: message.to, subject, text });
  }
}
