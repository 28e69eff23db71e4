import { describe, expect, it } from 'vitest';
import { eventInputSchema, generateRedeemCode, REDEEM_CODE_ALPHABET } from './events.ts';

const event = { title: 'Week', startsAt: '2026-03-01T00:00:00Z', endsAt: '2026-03-02T00:00:00Z' };

describe('redeem codes', () => {
  it('generates 10 characters from an alphabet without look-alikes, different every time', () => {
    expect(REDEEM_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    const codes = Array.from({ length: 200 }, () => generateRedeemCode());
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{10}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Every symbol turns up: the draw covers the whole alphabet.
    expect(new Set(codes.join('')).size).toBe(REDEEM_CODE_ALPHABET.length);
    expect(generateRedeemCode(16)).toHaveLength(16);
  });

  it('accepts generated codes and refuses hand-typed ones shorter than 8, with a clear message', () => {
    const parse = (redeemCode: string) =>
      eventInputSchema.safeParse({ ...event, redeemCode, redeemCredits: 10 });
    expect(parse(generateRedeemCode()).success).toBe(true);
    expect(parse('Spring26').success).toBe(true);
    const short = parse('ABC1234');
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('a redeem code has 8 to 32 letters and digits');
  });
});
