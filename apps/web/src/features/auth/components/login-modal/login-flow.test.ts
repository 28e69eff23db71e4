import { describe, expect, it } from 'vitest';
import { ACCOUNT_CODE } from '@ai-edu/contract';
import {
  afterCodeVerified,
  backTarget,
  canReuseCode,
  passwordSavedKey,
  sendCodeErrorKey,
  verifyErrorKey,
} from './login-flow.ts';

describe('login modal flow', () => {
  it('goes back from reset to code entry, to account entry, to password login', () => {
    expect(backTarget({ name: 'reset', mode: 'forget', uuid: 'u' })).toEqual({
      name: 'code',
      mode: 'forget',
    });
    expect(backTarget({ name: 'code', mode: 'code' })).toEqual({ name: 'account', mode: 'code' });
    expect(backTarget({ name: 'account', mode: 'code' })).toEqual({ name: 'password' });
    expect(backTarget({ name: 'fail', mode: 'code', error: 'x' })).toEqual({ name: 'account', mode: 'code' });
  });

  it('shows no back arrow on password login and on success', () => {
    expect(backTarget({ name: 'password' })).toBeNull();
    expect(backTarget({ name: 'success', saved: 'auth.accountCreated' })).toBeNull();
  });

  it('sets a password when none exists or in recovery, else logs in', () => {
    expect(afterCodeVerified('code', 0)).toBe('reset');
    expect(afterCodeVerified('code', 1)).toBe('login');
    expect(afterCodeVerified('forget', 1)).toBe('reset');
    expect(afterCodeVerified('forget', 0)).toBe('reset');
  });

  it('words send-code failures per spec §8', () => {
    expect(sendCodeErrorKey(ACCOUNT_CODE.smsTooFrequent)).toBe('auth.tooFrequent');
    expect(sendCodeErrorKey(ACCOUNT_CODE.emailTooFrequent)).toBe('auth.tooFrequent');
    expect(sendCodeErrorKey(ACCOUNT_CODE.invalidDestination)).toBe('auth.destinationWrong');
    expect(sendCodeErrorKey(ACCOUNT_CODE.tooManyRequests)).toBeNull();
    expect(verifyErrorKey(ACCOUNT_CODE.codeError)).toBe('auth.codeError');
    expect(verifyErrorKey(ACCOUNT_CODE.tooManyRequests)).toBeNull();
  });

  it('reuses a code only for the same account while its cooldown runs', () => {
    const cooldown = { account: 'a@example.com', endsAt: 1_060_000 };
    expect(canReuseCode(cooldown, 'a@example.com', 1_000_000)).toBe(true);
    expect(canReuseCode(cooldown, 'b@example.com', 1_000_000)).toBe(false);
    expect(canReuseCode(cooldown, 'a@example.com', 1_060_000)).toBe(false);
    expect(canReuseCode(null, 'a@example.com', 0)).toBe(false);
  });
});

describe('the words after a password is saved', () => {
  it('says a code login that had to set a password created the account', () => {
    expect(passwordSavedKey('code', false)).toBe('auth.accountCreated');
  });

  it('says a recovery reset the password, and a change from the settings changed it', () => {
    expect(passwordSavedKey('forget', false)).toBe('auth.resetSuccess');
    expect(passwordSavedKey('forget', true)).toBe('auth.passwordChanged');
  });
});
