import { authTypeOf, verifyLoginDataSchema } from '@ai-edu/contract';
import { accountRequest } from '../../../lib/account-client.ts';

/**
 * POST {account}/login: checks a code. The first success registers the account. `forget` marks password
 * recovery, which always continues to the reset form.
 */
export function verifyCodeLogin(account: string, code: string, forget: boolean) {
  const form: Record<string, string> = { account, auth_type: authTypeOf(account), code };
  if (forget) form.forget = '1';
  return accountRequest('login', form, verifyLoginDataSchema);
}
