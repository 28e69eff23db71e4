/**
 * The login modal's steps and their rules (spec §2, §4, §8) as pure functions, so the component only renders
 * and the rules are unit-tested.
 */
import { ACCOUNT_CODE } from '@ai-edu/contract';

/** `code`: code login, which registers new accounts; `forget`: password recovery. */
export type CodeMode = 'code' | 'forget';

export type LoginStep =
  | { name: 'password' }
  | { name: 'account'; mode: CodeMode }
  | { name: 'code'; mode: CodeMode }
  | { name: 'reset'; mode: CodeMode; uuid: string }
  | { name: 'fail'; mode: CodeMode; error: string }
  | { name: 'success'; saved: PasswordSavedKey };

export const initialStep: LoginStep = { name: 'password' };

/** Back arrow: reset → code entry → account entry → password login. Steps without a target show no arrow. */
export function backTarget(step: LoginStep): LoginStep | null {
  switch (step.name) {
    case 'reset':
      return { name: 'code', mode: step.mode };
    case 'code':
    case 'fail':
      return { name: 'account', mode: step.mode };
    case 'account':
      return { name: 'password' };
    default:
      return null;
  }
}

/** What saving a password after a code meant, as its success text. */
export type PasswordSavedKey = 'auth.accountCreated' | 'auth.resetSuccess' | 'auth.passwordChanged';

/**
 * Code login only asks for a password when the account has none, i.e. it was just registered; recovery
 * resets a forgotten password, unless the signed-in user opened it from the settings to change theirs.
 */
export function passwordSavedKey(mode: CodeMode, changing: boolean): PasswordSavedKey {
  if (mode === 'code') return 'auth.accountCreated';
  return changing ? 'auth.passwordChanged' : 'auth.resetSuccess';
}

/** After a valid code: recovery and accounts without a password set one; the others are logged in. */
export function afterCodeVerified(mode: CodeMode, passwordStatus: 0 | 1): 'reset' | 'login' {
  return mode === 'forget' || passwordStatus === 0 ? 'reset' : 'login';
}

/** i18n key for a send-code failure the client words itself; null means "show the server's message". */
export function sendCodeErrorKey(code: number): 'auth.tooFrequent' | 'auth.destinationWrong' | null {
  if (code === ACCOUNT_CODE.smsTooFrequent || code === ACCOUNT_CODE.emailTooFrequent)
    return 'auth.tooFrequent';
  if (code === ACCOUNT_CODE.invalidDestination) return 'auth.destinationWrong';
  return null;
}

/** i18n key for a failed code check; null means "show the server's message". */
export function verifyErrorKey(code: number): 'auth.codeError' | null {
  return code === ACCOUNT_CODE.codeError ? 'auth.codeError' : null;
}

/** A code sent to the same account is still valid while its resend cooldown runs: no need to send again. */
export interface Cooldown {
  account: string;
  endsAt: number;
}

export function canReuseCode(cooldown: Cooldown | null, account: string, now: number): boolean {
  return cooldown !== null && cooldown.account === account && cooldown.endsAt > now;
}
