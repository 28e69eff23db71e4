import { useCallback, useEffect, useMemo, useState } from 'react';
import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CourseSummary } from '@ai-edu/contract';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useLocalized } from '../../lib/localized.ts';
import { call } from '../../lib/product-call.ts';
import { COURSES_KEY, CourseCover } from './course-list.tsx';
import { useCourse } from './course-detail.tsx';
import { FileList } from './file-list.tsx';
import { useCoursesTranslation } from './i18n.ts';
import { MarkdownView } from './markdown.tsx';
import { splitSlides } from './slides.ts';
import './courses.css';

/** `/lesson/:courseId/:sessionId`: the teacher's full-screen presentation of one lesson. */
export function LessonPresentation({ courseId, sessionId }: { courseId: string; sessionId: string }) {
  const { t, tApp } = useCoursesTranslation();
  const navigate = useNavigate();
  const course = useCourse(courseId);
  const localize = useLocalized();
  const stored = course.data?.sessionList.find((s) => s.id === sessionId);
  const session = useMemo(() => stored && localize(stored), [stored, localize]);
  const slides = useMemo(() => (session ? splitSlides(session.title, session.body) : []), [session]);
  const [index, setIndex] = useState(0);
  const last = slides.length; // the files slide comes after the text slides
  const total = slides.length + (session && session.files.length > 0 ? 1 : 0);

  const go = useCallback((by: number) => setIndex((i) => Math.min(Math.max(i + by, 0), total - 1)), [total]);
  const exit = useCallback(() => void navigate(`/course/${courseId}`), [navigate, courseId]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' || event.key === 'PageDown' || event.key === ' ') go(1);
      else if (event.key === 'ArrowLeft' || event.key === 'PageUp') go(-1);
      else if (event.key === 'Escape') exit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, exit]);

  if (course.isPending) return <Spin fullscreen />;
  if (!session) {
    // No such course: back to the list; a course without this lesson: back to the course.
    return course.isError ? (
      <NotFoundPage what="lesson" backTo="/course" backLabel={tApp('errors.notFound.backToCourses')} />
    ) : (
      <NotFoundPage
        what="lesson"
        backTo={`/course/${courseId}`}
        backLabel={tApp('errors.notFound.backToCourse')}
      />
    );
  }

  return (
    <div className="lesson-stage" role="region" aria-label={session.title}>
      <header className="lesson-top">
        <span className="lesson-course">{course.data && localize(course.data).title}</span>
        <span className="lesson-title">{session.title}</span>
        <Button type="text" icon={<CloseOutlined />} onClick={exit} className="lesson-exit">
          {t('lesson.exit')}
        </Button>
      </header>
      <main className="lesson-slide" key={index}>
        {index < last ? (
          <MarkdownView text={slides[index] ?? ''} />
        ) : (
          <>
            <h2>{t('detail.files')}</h2>
            <FileList files={session.files} courseId={courseId} sessionId={session.id} />
          </>
        )}
      </main>
      <footer className="lesson-bottom">
        <Button icon={<LeftOutlined />} disabled={index === 0} onClick={() => go(-1)}>
          {t('lesson.previous')}
        </Button>
        <span className="lesson-count">{t('lesson.slide', { n: index + 1, total })}</span>
        <Button type="primary" disabled={index >= total - 1} onClick={() => go(1)}>
          {t('lesson.next')} <RightOutlined />
        </Button>
      </footer>
    </div>
  );
}

/** `/lesson` without a lesson: the courses to present from. */
export function LessonIndex() {
  const { t, tApp } = useCoursesTranslation();
  const localize = useLocalized();
  const courses = useQuery({
    queryKey: COURSES_KEY,
    queryFn: ({ signal }) => call<CourseSummary[]>('/api/courses', { signal }),
  });
  return (
    <PageFrame title={tApp('pages.lesson.title')} tip={t('lesson.pick')} loading={courses.isPending}>
      <div className="course-grid">
        {courses.data?.map((course) => (
          <Link key={course.id} to={`/course/${course.id}`} className="course-card">
            <CourseCover course={course} />
            <div className="course-card-body">
              <h3>{localize(course).title}</h3>
              <span>{t('list.lessons', { count: course.sessions })}</span>
            </div>
          </Link>
        ))}
      </div>
    </PageFrame>
  );
}
