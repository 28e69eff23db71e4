/**
 * What a student sees of their teacher's cockpit (issue 16): their class, a running lesson and the class
 * credits left today. Used by the lab index, the lab page and frame, and the settings page.
 */
import { lazy } from 'react';

export { MY_CLASS_KEY, refreshMyClass, useMyClass, useRunningLesson } from './use-my-class.ts';
export { isLockedByLesson, lessonLockState, readLessonLock } from './lesson-lock.ts';
export type { LessonLockState } from './lesson-lock.ts';
export { ClassCreditsNotice } from './class-credits-notice.tsx';
export { LessonBanner } from './lesson-banner.tsx';
export { useMyClassTranslation } from './i18n.ts';
/** Only after a lab sent the student back: antd's Alert loads then. */
export const LessonLockAlert = lazy(() => import('./lesson-lock-alert.tsx'));
/** The settings page's card (antd Card), loaded with that page only. */
export const TeacherCanSeeCard = lazy(() =>
  import('./teacher-can-see-card.tsx').then((m) => ({ default: m.TeacherCanSeeCard })),
);
