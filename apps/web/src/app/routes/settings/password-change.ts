import { authTypeOf, isEmailLike, isStudentAccount, normaliseMainlandMobile } from '@ai-edu/contract';

/**
 * Only accounts that receive codes (an email address or a mainland mobile number) can change their password
 * by code; student accounts (name@school) get theirs from their teacher.
 */
export function canChangePasswordByCode(account: string): boolean {
  if (isStudentAccount(account)) return false;
  return authTypeOf(account) === 'email' ? isEmailLike(account) : normaliseMainlandMobile(account) !== null;
}
