/** Who is in the class area (GET /api/classes/me): the school or one of its teachers. */
import { useQuery } from '@tanstack/react-query';
import type { ClassSummary, SchoolCodeView, StaffInfo } from '@ai-edu/contract';
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

export const SCHOOL_CODE_KEY = ['school', 'code'] as const;

/** The school's code (after the @ of every login it makes), null until the school sets it (issue 25). */
export function useSchoolCode() {
  return useQuery({
    queryKey: SCHOOL_CODE_KEY,
    queryFn: async ({ signal }) => (await call<SchoolCodeView>('/api/school/code', { signal })).schoolCode,
  });
}
