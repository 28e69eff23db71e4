/** Display rules of the settings pages, kept pure for tests. */

export type CreditReason =
  | { key: 'chat' | 'painting' | 'initial' | 'adminGrant' | 'refundChat' | 'refundPainting' }
  | { key: 'admin' | 'event' | 'checkIn' | 'refund'; detail: string }
  | { key: 'other'; detail: string };

/** The server's ledger reasons ('ai:chat', 'event: Spring', …) as translatable labels. */
export function creditReason(reason: string): CreditReason {
  switch (reason) {
    case 'ai:chat':
      return { key: 'chat' };
    case 'ai:painting':
      return { key: 'painting' };
    case 'refund:chat':
      return { key: 'refundChat' };
    case 'refund:painting':
      return { key: 'refundPainting' };
    case 'initial credits':
      return { key: 'initial' };
    case 'admin grant':
      return { key: 'adminGrant' };
  }
  const prefixed = /^(admin|event|check-in|refund):\s*(.*)$/.exec(reason);
  if (prefixed) {
    const [, prefix = '', detail = ''] = prefixed;
    const key = prefix === 'check-in' ? 'checkIn' : (prefix as 'admin' | 'event' | 'refund');
    return { key, detail };
  }
  return { key: 'other', detail: reason };
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
