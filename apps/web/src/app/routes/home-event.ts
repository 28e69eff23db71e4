import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { translationsSchema } from '@ai-edu/contract';
import { apiRequest, parseProductReply } from '../../lib/api-client.ts';

/** The fields of the contract's EventView the home page shows. */
const currentEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(['upcoming', 'active', 'ended']),
  checkinCredits: z.number(),
  redeemCredits: z.number(),
  translations: translationsSchema(['title', 'body']).nullable().catch(null),
});
export type CurrentEvent = z.infer<typeof currentEventSchema>;

/** GET /api/events/current (public): the event to present, or null. A failure only hides the teaser. */
export const currentEventQuery = queryOptions({
  queryKey: ['events', 'current'],
  queryFn: async ({ signal }): Promise<CurrentEvent | null> => {
    try {
      const body = await apiRequest('/api/events/current', { method: 'GET', toastHttpErrors: false, signal });
      return parseProductReply(body, currentEventSchema).data;
    } catch (error) {
      console.error('current event could not be loaded', error);
      return null;
    }
  },
  staleTime: 5 * 60_000,
});
