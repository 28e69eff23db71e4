import { z } from 'zod';
import type { Language } from '@ai-edu/contract';
import { accountRequest } from '../../../lib/account-client.ts';

/** What the code is for, so the message can say so (password recovery reads differently from sign-in). */
export type CodePurpose = 'login' | 'reset';

/** POST {account}/mail: sends a 6-digit code to an email address, written in the UI language. */
export function sendEmailCode(email: string, language: Language, purpose: CodePurpose) {
  return accountRequest('mail', { email, language, purpose }, z.unknown());
}
