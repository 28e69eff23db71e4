/** Activity logs (spec §3, §7): experience (labs entered, left, APIs used) and education (courses, files). */
import { z } from 'zod';
import { text } from './input-rules.ts';

const optionalText = (max: number) => text().trim().max(max).optional();

export const experienceLogRequestSchema = z.object({
  /** 0 entered, 1 left or used an API. */
  type: z.coerce.number().int().min(0).max(1),
  path: text().trim().min(1).max(500).startsWith('/'),
  api_url: optionalText(500),
  method: optionalText(10),
  timestamp: z.coerce.number().int().nonnegative().optional(),
});
export type ExperienceLogRequest = z.infer<typeof experienceLogRequestSchema>;

export const eduLogRequestSchema = z.object({
  type: z.coerce.number().int().min(0).max(9),
  filename: optionalText(300),
  course_id: optionalText(100),
  session_id: optionalText(100),
});
export type EduLogRequest = z.infer<typeof eduLogRequestSchema>;

/** One visit to a lab page, paired from its enter and leave rows. */
export const labVisitSchema = z.object({
  path: z.string(),
  lab: z.string().nullable(),
  enteredAt: z.string(),
  leftAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  apiCalls: z.number().int(),
});
export type LabVisit = z.infer<typeof labVisitSchema>;
