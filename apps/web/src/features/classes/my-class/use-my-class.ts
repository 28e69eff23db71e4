/**
 * A student's own class (issue 16): `GET /api/classes/mine` — the running lesson, the class budget left for
 * them today and what the teacher can see. Small on purpose: the lab index (a first page) and the lab frame
 * load it.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Lesson, MyClass } from '@ai-edu/contract';
import { call } from '../../../lib/product-call.ts';
import { useSessionUser } from '../../../lib/session-user.ts';
import { msUntilEnd } from './lesson-lock.ts';

export const MY_CLASS_KEY = ['my-class'] as const;

/** Fresh enough for a lesson a teacher just started, without a request on every render. */
const MY_CLASS_STALE_MS = 15_000;

export function fetchMyClass(signal?: AbortSignal): Promise<MyClass | null> {
  // Silent: this is extra information on pages that work without it, so a failure shows no toast.
  return call<MyClass | null>('/api/classes/mine', { signal, silent: true });
}

/**
 * The signed-in student's class, or null (in no class). Idle when signed out and for staff (vip 2), who
 * are in no class as students.
 */
export function useMyClass() {
  const user = useSessionUser();
  const uid = user?.uid;
  return useQuery({
    queryKey: [...MY_CLASS_KEY, uid],
    queryFn: ({ signal }) => fetchMyClass(signal),
    enabled: Boolean(uid) && user?.authInfo.vip !== 2,
    staleTime: MY_CLASS_STALE_MS,
    refetchOnWindowFocus: true,
  });
}

/** Asks again (e.g. when a lab opens: a lesson may have started since). */
export function refreshMyClass(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: MY_CLASS_KEY });
}

/**
 * The student's running lesson, or null. When it ends the banner and locks go at once, and the class and the
 * server's open labs (user info) are asked again.
 */
export function useRunningLesson(): Lesson | null {
  const lesson = useMyClass().data?.lesson ?? null;
  const queryClient = useQueryClient();
  const [endedId, setEndedId] = useState<string | null>(null);
  useEffect(() => {
    if (!lesson) return;
    const wait = msUntilEnd(lesson, Date.now());
    // setTimeout's limit is about 24.8 days; lessons last at most hours.
    if (wait >= 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => {
      setEndedId(lesson.id);
      refreshMyClass(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['user-info'] });
    }, wait);
    return () => window.clearTimeout(timer);
  }, [lesson, queryClient]);
  return lesson && lesson.id !== endedId ? lesson : null;
}
