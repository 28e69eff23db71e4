import { useId, type ReactNode } from 'react';
import type { Lesson } from '@ai-edu/contract';
import { useMyClassTranslation } from './i18n.ts';
import './my-class.css';

/**
 * Top of the lab index while the student's class has a running lesson: the labs the teacher opened (the
 * caller renders their cards), who opened them and until when.
 */
export function LessonBanner({ lesson, children }: { lesson: Lesson; children: ReactNode }) {
  const { t, language } = useMyClassTranslation();
  const titleId = useId();
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(lesson.endsAt),
  );
  return (
    <section className="lesson-banner" aria-labelledby={titleId} data-testid="lesson-banner">
      <div className="lesson-banner-head">
        <h2 id={titleId}>{t('lesson.title')}</h2>
        <p>
          {t('lesson.openedBy', { name: lesson.openedBy, time })}
          {lesson.lockOthers && <> · {t('lesson.othersLocked')}</>}
        </p>
      </div>
      {children}
    </section>
  );
}
