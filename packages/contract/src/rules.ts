/** Account and display rules of spec §5, used by the login form and by the server's validation. */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MAINLAND_MOBILE_RE = /^1[3-9]\d{9}$/;

/** An account that looks like an email is sent as email; anything else as a mobile number. */
export function isEmailLike(account: string): boolean {
  return EMAIL_RE.test(account.trim());
}

export function authTypeOf(account: string): 'email' | 'mobile' {
  return isEmailLike(account) ? 'email' : 'mobile';
}

/** A mainland China mobile number (sms_type 86), with an optional +86 / 86 prefix. */
export function normaliseMainlandMobile(input: string): string | null {
  const digits = input
    .trim()
    .replace(/[\s-]/g, '')
    .replace(/^(\+?86)(?=1\d{10}$)/, '');
  return MAINLAND_MOBILE_RE.test(digits) ? digits : null;
}

/**
 * A student-style account (made by a school for its pupils) is `name@school`: one at-sign with text on
 * both sides and no dot on either side, which is exactly what tells it apart from an email address.
 */
export function isStudentAccount(account: string): boolean {
  const parts = account.trim().split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  return local.length > 0 && domain.length > 0 && !local.includes('.') && !domain.includes('.');
}

/** Phone masking: longer than 7 characters → first 3, asterisks, last 4. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone;
  return phone.slice(0, 3) + '*'.repeat(phone.length - 7) + phone.slice(-4);
}

/** Random id of spec §9: 10 characters, '-', a number. Not for secrets. */
export function randomId(now: number = Date.now()): string {
  let head = '';
  while (head.length < 10) head += Math.random().toString(36).slice(2);
  return `${head.slice(0, 10)}-${now}`;
}

/** The §5 new-password rules; returns the message key of the first rule broken, or null. */
export type PasswordProblem = 'required' | 'length' | 'charset' | 'mismatch';
export function passwordProblem(password: string, confirm?: string): PasswordProblem | null {
  if (!password) return 'required';
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return 'length';
  if (!/^[A-Za-z0-9]+$/.test(password) || !/[A-Za-z]/.test(password) || !/\d/.test(password))
    return 'charset';
  if (confirm !== undefined && confirm !== password) return 'mismatch';
  return null;
}
