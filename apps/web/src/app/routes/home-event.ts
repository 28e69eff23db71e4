import { queryOptions } from '@tanstack/react-query';
import { requestAndParse } from '../../lib/api-client.ts';
import { loadHomeSchemas } from './home-courses.ts';
import type { CurrentEvent } from './home-schemas.ts';

export type { CurrentEvent } from './home-schemas.ts';

/** GET /api/events/current (public): the event to present, or null. A failure only hides the teaser. */
export const currentEventQuery = queryOptions({
  queryKey: ['events', 'current'],
  queryFn: async ({ signal }): Promise<CurrentEvent | null> => {
    try {
      const reply = await requestAndParse(
        '/api/events/current',
        { method: 'GET', toastHttpErrors: false, signal },
        async () => (await loadHomeSchemas()).currentEventSchema,
      );
      return reply.data;
    } catch (error) {
      console.error('current event could not be loaded', error);
      return null;
    }
  },
  staleTime: 5 * 60_000,
});
