import { z } from 'zod';
import { translationsSchema } from '@ai-edu/contract';
import { useApiQuery } from '../../../lib/api-request.ts';

export const creditEntrySchema = z.object({
  id: z.number(),
  delta: z.number(),
  balanceAfter: z.number(),
  reason: z.string(),
  reference: z.string().nullable(),
  /** The reason's detail in other languages (an event reward's event title); null when it has none. */
  translations: translationsSchema(['detail']).nullish(),
  createdAt: z.string(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

export const creditsHistorySchema = z.object({ balance: z.number(), entries: z.array(creditEntrySchema) });

/** GET /api/credits/history: the caller's balance and ledger, newest first. */
export function useCreditsHistory() {
  return useApiQuery(['credits-history'], '/api/credits/history', creditsHistorySchema, {
    request: { query: { limit: '50' } },
    staleTime: 0,
  });
}
