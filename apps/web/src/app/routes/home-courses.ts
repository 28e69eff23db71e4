import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { COURSE_LEVELS, translationsSchema } from '@ai-edu/contract';
import { apiRequest, parseProductReply } from '../../lib/api-client.ts';

/** The contract's FeaturedCourse: what a home page card shows. */
const featuredCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  level: z.enum(COURSE_LEVELS).catch('beginner'),
  sessions: z.number(),
  translations: translationsSchema(['title', 'description']).nullable().catch(null),
});
export type HomeCourse = z.infer<typeof featuredCourseSchema>;

/**
 * GET /api/courses/featured (public): the first courses, so each card opens a course that exists. A failure
 * only leaves the cards out (the "all courses" link stays).
 */
export const featuredCoursesQuery = queryOptions({
  queryKey: ['courses', 'featured'],
  queryFn: async ({ signal }): Promise<HomeCourse[]> => {
    try {
      const body = await apiRequest('/api/courses/featured', {
        method: 'GET',
        toastHttpErrors: false,
        signal,
      });
      return parseProductReply(body, z.array(featuredCourseSchema)).data ?? [];
    } catch (error) {
      console.error('featured courses could not be loaded', error);
      return [];
    }
  },
  staleTime: 5 * 60_000,
});
