import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Language, Lesson } from '@ai-edu/contract';
import { useMyClassTranslation } from './i18n.ts';
import './my-class.css';

/**
 * Top of the lab index while the student's class has a running lesson: the labs the teacher opened (the
 * caller renders their cards), who opened them and until when, and the studio project it hands out (the link
 * opens the student's own copy in /make: `?lesson=open`, docs/make-studio.md).
 */
export function LessonBanner({ lesson, children }: { lesson: Lesson; children: ReactNode }) {
  const { t, tApp, language } = useMyClassTranslation();
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
        {lesson.starter && (
          <Link to="/make?lesson=open">
            {/* "Make · <name>": the studio's name in the navbar, so no text of its own on this first page. */}
            {tApp('nav.make')} · {lesson.starter.name[language as Language]}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
