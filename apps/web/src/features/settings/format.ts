/** Display rules of the settings pages, kept pure for tests. */
import { localized, type Translations } from '@ai-edu/contract';

/** The AI services the gateway charges for (`ai:<kind>` in the ledger), each with its label in settings.service. */
export const AI_SERVICES = [
  'chat',
  'painting',
  'handwriting',
  'sketch',
  'speech',
  'tts',
  'volc_repair',
  'volc_enhance',
  'volc_px',
] as const;
export type AiService = (typeof AI_SERVICES)[number] | 'other';

export type CreditReason =
  | { key: 'initial' | 'adminGrant' | 'classAllocate' | 'classReturn' }
  | { key: 'ai' | 'refundAi'; service: AiService }
  | { key: 'admin' | 'event' | 'checkIn' | 'refund'; detail: string }
  | { key: 'other'; detail: string };

const aiService = (kind: string): AiService =>
  (AI_SERVICES as readonly string[]).includes(kind) ? (kind as AiService) : 'other';

/**
 * The server's ledger reasons ('ai:chat', 'event: Spring', …) as translatable labels: the reason's code picks
 * the text, so the history reads in the page's language whatever language the server wrote it in.
 */
export function creditReason(reason: string): CreditReason {
  switch (reason) {
    case 'initial credits':
      return { key: 'initial' };
    case 'admin grant':
      return { key: 'adminGrant' };
    case 'class:allocate':
      return { key: 'classAllocate' };
    case 'class:return':
      return { key: 'classReturn' };
  }
  const charged = /^(ai|refund):([a-z_]+)$/.exec(reason);
  if (charged) {
    const [, code, kind = ''] = charged;
    return { key: code === 'ai' ? 'ai' : 'refundAi', service: aiService(kind) };
  }
  const prefixed = /^(admin|event|check-in|refund):\s*(.*)$/s.exec(reason);
  if (prefixed) {
    const [, prefix = '', detail = ''] = prefixed;
    const key = prefix === 'check-in' ? 'checkIn' : (prefix as 'admin' | 'event' | 'refund');
    return { key, detail };
  }
  return { key: 'other', detail: reason };
}

/**
 * An entry's reason with its detail in `language` where the server sent a translation of it (the demo
 * event's title is Chinese, its English title a translation).
 */
export function localizedCreditReason(
  entry: { reason: string; translations?: Translations<'detail'> | null },
  language: string,
): CreditReason {
  const reason = creditReason(entry.reason);
  if (!('detail' in reason) || !entry.translations) return reason;
  return {
    ...reason,
    detail: localized({ detail: reason.detail, translations: entry.translations }, language).detail,
  };
}

/** '+10' / '-1' / '0'. */
export function signedDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : String(delta);
}

/** A visit's length as h/min/s parts; null while the visit has no end. */
export function durationParts(ms: number | null): { h: number; m: number; s: number } | null {
  if (ms === null || ms < 0) return null;
  const total = Math.round(ms / 1000);
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

/**
 * The profile's "days left": the days of an authorization the account holds itself, which only a school
 * account (vip 2, its teachers included) has. A student's account has none of its own (its school's covers
 * it) and an unauthorised one none at all: the row is left out rather than reading "0" (issue 25).
 */
export function authorizationDaysShown(authInfo: { vip: number; left_valid_time: number }): number | null {
  return authInfo.vip === 2 ? authInfo.left_valid_time : null;
}
