import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authTypeOf,
  isStudentAccount,
  maskPhone,
  normaliseMainlandMobile,
  passwordProblem,
  randomId,
} from './rules.ts';
import { chinaHourStamp, hourlySecret, passwordDigest, signRequest } from './crypto.ts';

describe('account rules', () => {
  it('sends email-looking accounts as email and everything else as mobile', () => {
    expect(authTypeOf('ann@example.com')).toBe('email');
    expect(authTypeOf(' Ann.Lee@mail.school.cn ')).toBe('email');
    expect(authTypeOf('13800138000')).toBe('mobile');
    expect(authTypeOf('ann@school')).toBe('mobile');
    expect(authTypeOf('ann@.com')).toBe('mobile');
  });

  it('recognises student-style accounts: one at-sign, no dot on either side', () => {
    expect(isStudentAccount('tom@school1')).toBe(true);
    expect(isStudentAccount('tom@school.cn')).toBe(false);
    expect(isStudentAccount('tom.li@school')).toBe(false);
    expect(isStudentAccount('tom@')).toBe(false);
    expect(isStudentAccount('@school')).toBe(false);
    expect(isStudentAccount('a@b@c')).toBe(false);
    expect(isStudentAccount('13800138000')).toBe(false);
  });

  it('accepts mainland mobile numbers with or without +86', () => {
    expect(normaliseMainlandMobile('13800138000')).toBe('13800138000');
    expect(normaliseMainlandMobile('+86 138-0013-8000')).toBe('13800138000');
    expect(normaliseMainlandMobile('8613800138000')).toBe('13800138000');
    expect(normaliseMainlandMobile('12800138000')).toBeNull();
    expect(normaliseMainlandMobile('1380013800')).toBeNull();
  });
});

describe('display rules', () => {
  it('masks phones longer than 7 characters', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('12345678')).toBe('123*5678');
    expect(maskPhone('1234567')).toBe('1234567');
  });

  it('makes random ids of 10 characters, a dash and a number', () => {
    const id = randomId(1700000000000);
    expect(id).toMatch(/^[0-9a-z]{10}-1700000000000$/);
    expect(randomId()).not.toBe(randomId());
  });
});

describe('password rules (spec §5)', () => {
  it('reports the first broken rule', () => {
    expect(passwordProblem('')).toBe('required');
    expect(passwordProblem('abc123')).toBe('length');
    expect(passwordProblem('abcdefghi1234')).toBe('length');
    expect(passwordProblem('abcdefgh')).toBe('charset');
    expect(passwordProblem('12345678')).toBe('charset');
    expect(passwordProblem('abcd_1234')).toBe('charset');
    expect(passwordProblem('abcd1234', 'abcd12345')).toBe('mismatch');
    expect(passwordProblem('abcd1234', 'abcd1234')).toBeNull();
  });
});

describe('wire hashing', () => {
  it('digests passwords as lowercase hex SHA-256', () => {
    expect(passwordDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('signs METHOD, pathname and date with HMAC-SHA256, as Node computes it', () => {
    const expected = createHmac('sha256', 'k')
      .update('POST\n/api/client/verify/mail\n1700000000000')
      .digest('hex');
    expect(signRequest('k', 'post', '/api/client/verify/mail', '1700000000000')).toBe(expected);
  });

  it('stamps hours in UTC+8', () => {
    expect(chinaHourStamp(new Date('2026-01-01T16:30:00Z'))).toBe('2026010200');
    expect(hourlySecret('s', new Date('2026-01-01T16:30:00Z'))).toMatch(/^[0-9a-f]{64}$/);
  });
});
