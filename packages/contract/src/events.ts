/** Limited-time events with rewards paid through the credits ledger. */
import { z } from 'zod';
import { serverMessages } from './messages.ts';
import type { Translations } from './translations.ts';

/**
 * What the admin console generates redeem codes from: capitals and digits without look-alikes (no 0/O,
 * 1/I/L), so a code read off a projector is typed right. 31 symbols: 10 of them make about 8·10^14 codes.
 */
export const REDEEM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GENERATED_REDEEM_CODE_LENGTH = 10;

/**
 * A random redeem code from REDEEM_CODE_ALPHABET (Web Crypto: browsers and Node). Bytes at or above the
 * largest multiple of the alphabet's size are drawn again, so every symbol is equally likely.
 */
export function generateRedeemCode(length = GENERATED_REDEEM_CODE_LENGTH): string {
  const size = REDEEM_CODE_ALPHABET.length;
  const cutoff = 256 - (256 % size);
  let code = '';
  while (code.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < cutoff && code.length < length) code += REDEEM_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}

export const eventInputSchema = z
  .object({
    title: z.string().trim().min(1).max(120),
    body: z.string().max(20_000).default(''),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    /**
     * 8 to 32 letters and digits (short codes are guessable); compared case-insensitively. A hand-typed
     * code may use any letters and digits; generated ones avoid look-alikes. Omit for no code.
     */
    redeemCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{8,32}$/, serverMessages.redeemCodeFormat.en)
      .optional(),
    redeemCredits: z.number().int().min(0).max(100_000).default(0),
    checkinCredits: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((e) => Date.parse(e.endsAt) > Date.parse(e.startsAt), 'the event must end after it starts')
  .refine((e) => !e.redeemCode || e.redeemCredits > 0, 'a redeem code needs redeemCredits above 0');
export type EventInput = z.input<typeof eventInputSchema>;

export type EventState = 'upcoming' | 'active' | 'ended';

export interface EventView {
  id: string;
  title: string;
  body: string;
  startsAt: string;
  endsAt: string;
  state: EventState;
  hasRedeemCode: boolean;
  redeemCredits: number;
  checkinCredits: number;
  /** For the signed-in caller; false when anonymous. */
  redeemed: boolean;
  checkedInToday: boolean;
  /** Other-language copies of the title and body (the demo event); null for a school's own. */
  translations: Translations<'title' | 'body'> | null;
}

export const redeemSchema = z.object({ code: z.string().trim().min(1).max(64) });
