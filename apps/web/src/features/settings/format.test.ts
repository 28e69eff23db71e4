import { describe, expect, it } from 'vitest';
import { creditReason, durationParts, signedDelta } from './format.ts';

describe('credits history labels', () => {
  it('translates the ledger reasons the server writes', () => {
    expect(creditReason('ai:chat')).toEqual({ key: 'chat' });
    expect(creditReason('ai:painting')).toEqual({ key: 'painting' });
    expect(creditReason('refund:painting')).toEqual({ key: 'refundPainting' });
    expect(creditReason('initial credits')).toEqual({ key: 'initial' });
    expect(creditReason('admin grant')).toEqual({ key: 'adminGrant' });
    expect(creditReason('admin: school prize')).toEqual({ key: 'admin', detail: 'school prize' });
    expect(creditReason('event: Spring fair')).toEqual({ key: 'event', detail: 'Spring fair' });
    expect(creditReason('check-in: Spring fair')).toEqual({ key: 'checkIn', detail: 'Spring fair' });
    expect(creditReason('something new')).toEqual({ key: 'other', detail: 'something new' });
  });

  it('signs the change', () => {
    expect(signedDelta(10)).toBe('+10');
    expect(signedDelta(-1)).toBe('-1');
    expect(signedDelta(0)).toBe('0');
  });
});

describe('visit durations', () => {
  it('splits into hours, minutes and seconds', () => {
    expect(durationParts(0)).toEqual({ h: 0, m: 0, s: 0 });
    expect(durationParts(61_400)).toEqual({ h: 0, m: 1, s: 1 });
    expect(durationParts(3_600_000 + 120_000)).toEqual({ h: 1, m: 2, s: 0 });
    expect(durationParts(null)).toBeNull();
  });
});
