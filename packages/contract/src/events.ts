/** Limited-time events with rewards paid through the credits ledger. */
import { z } from 'zod';

export const eventInputSchema = z
  .object({
    title: z.string().trim().min(1).max(120),
    body: z.string().max(20_000).default(''),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    /** Letters and digits; compared case-insensitively. Omit for an event without a code. */
    redeemCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4,32}$/, 'redeem code: 4 to 32 letters and digits')
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
}

export const redeemSchema = z.object({ code: z.string().trim().min(1).max(64) });
