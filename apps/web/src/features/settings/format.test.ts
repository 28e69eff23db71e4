import { describe, expect, it } from 'vitest';
import {
  AI_SERVICES,
  authorizationDaysShown,
  creditReason,
  durationParts,
  localizedCreditReason,
  signedDelta,
} from './format.ts';
import { en } from '../../lib/locales/en.ts';
import { zhCN } from '../../lib/locales/zh-CN.ts';

describe('credits history labels', () => {
  it('translates the ledger reasons the server writes', () => {
    expect(creditReason('ai:chat')).toEqual({ key: 'ai', service: 'chat' });
    expect(creditReason('ai:painting')).toEqual({ key: 'ai', service: 'painting' });
    expect(creditReason('refund:painting')).toEqual({ key: 'refundAi', service: 'painting' });
    expect(creditReason('initial credits')).toEqual({ key: 'initial' });
    expect(creditReason('admin grant')).toEqual({ key: 'adminGrant' });
    expect(creditReason('admin: school prize')).toEqual({ key: 'admin', detail: 'school prize' });
    expect(creditReason('event: Spring fair')).toEqual({ key: 'event', detail: 'Spring fair' });
    expect(creditReason('check-in: Spring fair')).toEqual({ key: 'checkIn', detail: 'Spring fair' });
    expect(creditReason('something new')).toEqual({ key: 'other', detail: 'something new' });
  });

  it('has a label for every code the server writes, not the raw code', () => {
    for (const kind of ['handwriting', 'sketch', 'speech', 'tts', 'volc_repair', 'volc_enhance', 'volc_px']) {
      expect(creditReason(`ai:${kind}`)).toEqual({ key: 'ai', service: kind });
      expect(creditReason(`refund:${kind}`)).toEqual({ key: 'refundAi', service: kind });
    }
    expect(creditReason('ai:future_service')).toEqual({ key: 'ai', service: 'other' });
    expect(creditReason('class:allocate')).toEqual({ key: 'classAllocate' });
    expect(creditReason('class:return')).toEqual({ key: 'classReturn' });
  });

  it("shows an event reward's title in the page's language when the server sent its translation", () => {
    const entry = {
      reason: 'check-in: 开学季 AI 挑战周',
      translations: { en: { detail: 'AI Challenge Week' } },
    };
    expect(localizedCreditReason(entry, 'en')).toEqual({ key: 'checkIn', detail: 'AI Challenge Week' });
    expect(localizedCreditReason(entry, 'zh-CN')).toEqual({ key: 'checkIn', detail: '开学季 AI 挑战周' });
    expect(localizedCreditReason({ ...entry, translations: null }, 'en')).toEqual({
      key: 'checkIn',
      detail: '开学季 AI 挑战周',
    });
    expect(localizedCreditReason({ reason: 'ai:chat', translations: null }, 'en')).toEqual({
      key: 'ai',
      service: 'chat',
    });
  });

  it('has a label for every AI service in both languages', () => {
    for (const service of [...AI_SERVICES, 'other'] as const) {
      expect(en.settings.service[service]).toBeTruthy();
      expect(zhCN.settings.service[service]).toBeTruthy();
    }
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

describe("the profile's days left", () => {
  it("shows a school account's days, and nothing for a student or an unauthorised account", () => {
    expect(authorizationDaysShown({ vip: 2, left_valid_time: 365 })).toBe(365);
    // A student of a 365-day school: the account itself has no authorization, so no "0 days left".
    expect(authorizationDaysShown({ vip: 1, left_valid_time: 0 })).toBeNull();
    expect(authorizationDaysShown({ vip: 0, left_valid_time: 0 })).toBeNull();
  });
});
