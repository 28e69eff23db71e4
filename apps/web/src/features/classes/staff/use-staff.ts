/** Who is in the class area (GET /api/classes/me): the school or one of its teachers. */
import { useQuery } from '@tanstack/react-query';
import type { ClassSummary, StaffInfo } from '@ai-edu/contract';
import { call } from '../../../lib/product-call.ts';

export const STAFF_KEY = ['classes', 'me'] as const;

export function useStaff() {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => call<StaffInfo>('/api/classes/me', { signal }),
    // Who one is does not change while the page is open.
    staleTime: Infinity,
  });
}

export const CLASSES_KEY = ['classes'] as const;

/** The classes the signed-in staff member looks after (all of them for the school). */
export function useClassList() {
  return useQuery({
    queryKey: CLASSES_KEY,
    queryFn: ({ signal }) => call<ClassSummary[]>('/api/classes', { signal }),
  });
}
