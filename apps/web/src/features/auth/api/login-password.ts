import {
  authTypeOf,
  hourlySecret,
  isStudentAccount,
  loginDataSchema,
  passwordDigest,
} from '@ai-edu/contract';
import { getRuntimeConfig } from '../../../config/runtime-config.ts';
import { apiRequest, parseProductReply } from '../../../lib/api-client.ts';

/**
 * Password login. Student-style accounts (name@school) go to POST /api/login_stu with the hourly secret; every
 * other account to POST /api/login_zm. Passwords travel as their SHA-256 digest.
 */
export async function loginWithPassword(account: string, rawPassword: string) {
  const password = passwordDigest(rawPassword);
  const body = isStudentAccount(account)
    ? await apiRequest('/api/login_stu', {
        form: { account, password, secret: hourlySecret(getRuntimeConfig().clientSecret, new Date()) },
        toastHttpErrors: false,
      })
    : await apiRequest('/api/login_zm', {
        form: { account, password, auth_type: authTypeOf(account) },
        toastHttpErrors: false,
      });
  return parseProductReply(body, loginDataSchema);
}
