import { z } from 'zod';
import { accountRequest } from '../../../lib/account-client.ts';
import type { CodePurpose } from './send-email-code.ts';

/** Mainland China numbers only (spec §7: sms_type 86). */
export const SMS_TYPE = '86';

/** POST {account}/sms: sends a 6-digit code by text message. */
export function sendSmsCode(mobile: string, purpose: CodePurpose) {
  return accountRequest('sms', { mobile, sms_type: SMS_TYPE, purpose }, z.unknown());
}
