import { queryOptions } from '@tanstack/react-query';
import { requestAndParse } from '../../lib/api-client.ts';
import { onDemand } from '../../lib/on-demand.ts';
import type { HomeCourse } from './home-schemas.ts';

export type { HomeCourse } from './home-schemas.ts';

export const loadHomeSchemas = onDemand(() => import('./home-schemas.ts'));

/**
 * GET /api/courses/featured (public): the first courses, so each card opens a course that exists. A failure
 * only leaves the cards out (the "all courses" link stays).
 */
export const featuredCoursesQuery = queryOptions({
  queryKey: ['courses', 'featured'],
  queryFn: async ({ signal }): Promise<HomeCourse[]> => {
    try {
      const reply = await requestAndParse(
        '/api/courses/featured',
        { method: 'GET', toastHttpErrors: false, signal },
        async () => (await loadHomeSchemas()).featuredCoursesSchema,
      );
      return reply.data ?? [];
    } catch (error) {
      console.error('featured courses could not be loaded', error);
      return [];
    }
  },
  staleTime: 5 * 60_000,
});
