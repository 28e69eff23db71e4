import { describe, expect, it } from 'vitest';
import { passwordDigest, teacherInputSchema, type ClassSummary } from '@ai-edu/contract';
import { loginExample, schoolCodes, teacherPasswordProblem, teacherRequest } from './teacher-form.ts';

const CLASS_ID = '0b7a4c1e-4c53-4c35-9a43-3a8d8d1d0c11';

describe('the new-teacher form', () => {
  it('sends a typed password only as its wire digest, and the request passes the contract', () => {
    const request = teacherRequest({
      name: '  Wang Li ',
      account: 'Wang@Maple',
      generate: false,
      password: 'Teach2pass',
      confirm: 'Teach2pass',
      classIds: [CLASS_ID],
    });
    expect(request).toEqual({
      name: 'Wang Li',
      account: 'wang@maple',
      password: passwordDigest('Teach2pass'),
      classIds: [CLASS_ID],
    });
    expect(JSON.stringify(request)).not.toContain('Teach2pass');
    expect(teacherInputSchema.safeParse(request).success).toBe(true);
  });

  it('leaves the password out when the server is to generate it', () => {
    const request = teacherRequest({ name: 'Li', account: 'li@maple', generate: true, password: 'ignored1' });
    expect(request).toEqual({ name: 'Li', account: 'li@maple', classIds: [] });
    expect(teacherInputSchema.safeParse(request).success).toBe(true);
  });

  it('checks the §5 rules and the confirmation, but not for a generated password', () => {
    expect(teacherPasswordProblem({ generate: false, password: '' })).toBe('required');
    expect(teacherPasswordProblem({ generate: false, password: 'abc1' })).toBe('length');
    expect(teacherPasswordProblem({ generate: false, password: 'abcdefghi' })).toBe('charset');
    expect(teacherPasswordProblem({ generate: false, password: 'Teach2pass', confirm: 'Teach2pas' })).toBe(
      'mismatch',
    );
    expect(
      teacherPasswordProblem({ generate: false, password: 'Teach2pass', confirm: 'Teach2pass' }),
    ).toBeNull();
    expect(teacherPasswordProblem({ generate: true })).toBeNull();
    // The password field alone (no confirmation yet) is checked against the rules only.
    expect(teacherPasswordProblem({ generate: false, password: 'Teach2pass' })).toBeNull();
  });
});

describe('the login hint', () => {
  const summary = (schoolCode: string): ClassSummary => ({
    id: CLASS_ID,
    name: schoolCode,
    schoolCode,
    students: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    teachers: [],
  });

  it('lists each of the school’s codes once, in order, and suggests a login with the first', () => {
    const codes = schoolCodes([summary('maple'), summary('Birch'), summary('maple')]);
    expect(codes).toEqual(['birch', 'maple']);
    expect(loginExample(codes)).toBe('wang@birch');
    expect(schoolCodes(undefined)).toEqual([]);
    expect(loginExample([])).toBe('wang@maple');
  });
});
