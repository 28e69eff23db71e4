import { describe, expect, it } from 'vitest';
import { canChangePasswordByCode } from './password-change.ts';

describe('password change by code', () => {
  it('is offered to email and mobile accounts only', () => {
    expect(canChangePasswordByCode('someone@example.com')).toBe(true);
    expect(canChangePasswordByCode('13800138000')).toBe(true);
    expect(canChangePasswordByCode('+86 138 0013 8000')).toBe(true);
    expect(canChangePasswordByCode('student@demo')).toBe(false);
    expect(canChangePasswordByCode('12345')).toBe(false);
  });
});
