import { describe, expect, it } from 'vitest';
import { aiProblemKindOf, aiProblemText } from './ai-problem.ts';

describe('AI call problems', () => {
  const t = (key: string, options: { cost: string; message: string }) =>
    `${key}|${options.cost}|${options.message}`;

  it("reads each kind from the lab's errors.<kind> text, with the cost and the message", () => {
    expect(aiProblemText({ kind: 'credits', message: '' }, t, '2')).toBe('errors.credits|2|—');
    expect(aiProblemText({ kind: 'provider', message: 'timeout' }, t, '2')).toBe('errors.provider|2|timeout');
    expect(aiProblemText({ kind: 'tooLarge', message: '' }, t, '2')).toBe('errors.tooLarge|2|—');
  });

  it('says "not set up" with the generic text (the page shows its own set-up panel)', () => {
    expect(aiProblemText({ kind: aiProblemKindOf(503), message: 'x' }, t, '1')).toBe('errors.generic|1|x');
  });
});
