/** A comma-separated list of lab slugs (the admin CLI's and the console's lab access settings). */
import { z } from 'zod';
import { isLabSlug } from './labs.ts';

export const labListSchema = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().refine(isLabSlug, { error: (issue) => `unknown lab '${String(issue.input)}'` })));
