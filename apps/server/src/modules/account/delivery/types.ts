import type { Language } from '@ai-edu/contract';

export type Channel = 'email' | 'sms';
export type CodePurpose = 'login' | 'reset';

export interface CodeMessage {
  channel: Channel;
  /** The normalised address: an email or a mainland mobile number. */
  to: string;
  code: string;
  purpose: CodePurpose;
  language: Language;
}

/** Sends a verification code; throws when the provider did not accept it. */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
}
