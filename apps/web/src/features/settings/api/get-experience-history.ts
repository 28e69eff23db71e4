import { z } from 'zod';
import { labVisitSchema } from '@ai-edu/contract';
import { useApiQuery } from '../../../lib/api-request.ts';

export const EXPERIENCE_HISTORY_LIMIT = 50;

/** GET /api/log/experience/mine?limit=50: the caller's own lab visits, newest first. */
export function useExperienceHistory() {
  return useApiQuery(['experience-history'], '/api/log/experience/mine', z.array(labVisitSchema), {
    request: { query: { limit: String(EXPERIENCE_HISTORY_LIMIT) } },
    staleTime: 0,
  });
}
