/**
 * What the home page's cards read from the server. A chunk of its own, fetched beside the requests: the page
 * draws before zod arrives (docs/decisions.md, "First load").
 */
import { z } from 'zod';
import { COURSE_LEVELS, translationsSchema } from '@ai-edu/contract';

/** The contract's FeaturedCourse: what a home page card shows. */
export const featuredCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  level: z.enum(COURSE_LEVELS).catch('beginner'),
  sessions: z.number(),
  translations: translationsSchema(['title', 'description']).nullable().catch(null),
});
export type HomeCourse = z.infer<typeof featuredCourseSchema>;

export const featuredCoursesSchema = z.array(featuredCourseSchema);

/** The fields of the contract's EventView the home page shows. */
export const currentEventSchema = z.object({
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
