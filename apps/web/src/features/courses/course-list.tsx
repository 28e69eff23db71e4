import { useState } from 'react';
import { PlusOutlined, ReadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Progress, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CourseDetail, CourseSummary } from '@ai-edu/contract';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { call } from '../../lib/product-call.ts';
import { useLocalized } from '../../lib/localized.ts';
import { isTeacher, useSessionUser } from '../../lib/session-user.ts';
import { CourseForm, type CourseFormValues } from './course-form.tsx';
import { useCoursesTranslation } from './i18n.ts';
import './courses.css';

export const COURSES_KEY = ['courses'] as const;

export function LevelTag({ level }: { level: CourseSummary['level'] }) {
  const { t } = useCoursesTranslation();
  const color = level === 'beginner' ? 'green' : level === 'intermediate' ? 'blue' : 'purple';
  return <Tag color={color}>{t(`level.${level}`)}</Tag>;
}

export function CourseCover({ course }: { course: CourseSummary }) {
  return course.coverUrl ? (
    <img className="course-cover" src={course.coverUrl} alt="" />
  ) : (
    <div className={`course-cover course-cover-${course.level}`} aria-hidden>
      <ReadOutlined />
    </div>
  );
}

/** Spec §2 'course': every course with its level, lessons and the caller's progress. */
export function CourseList() {
  const [search] = useSearchParams();
  // The server sends a browser that followed a stale file link here (apps/server/src/modules/courses/routes.ts).
  if (search.get('missing') === 'file') return <MissingFile />;
  return <Courses />;
}

function MissingFile() {
  const { tApp } = useCoursesTranslation();
  return (
    <PageFrame backTo="/course">
      <NotFoundPage what="file" backTo="/course" backLabel={tApp('errors.notFound.backToCourses')} />
    </PageFrame>
  );
}

function Courses() {
  const { t } = useCoursesTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const localize = useLocalized();
  const [creating, setCreating] = useState(false);
  const courses = useQuery({
    queryKey: COURSES_KEY,
    queryFn: ({ signal }) => call<CourseSummary[]>('/api/courses', { signal }),
  });

  async function create(values: CourseFormValues) {
    const course = await call<CourseDetail>('/api/courses', { method: 'POST', json: { ...values } });
    setCreating(false);
    await queryClient.invalidateQueries({ queryKey: COURSES_KEY });
    void navigate(`/course/${course.id}`);
  }

  return (
    <PageFrame
      title={t('list.title')}
      tip={t('list.tip')}
      hideBack
      loading={courses.isPending}
      extra={
        isTeacher(user) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('list.create')}
          </Button>
        ) : null
      }
    >
      {courses.data && courses.data.length === 0 && <Empty description={t('list.empty')} />}
      <div className="course-grid">
        {courses.data?.map((course) => (
          <Link key={course.id} to={`/course/${course.id}`} className="course-card">
            <CourseCover course={course} />
            <div className="course-card-body">
              <h3>{localize(course).title}</h3>
              <p className="course-card-description">{localize(course).description}</p>
              <div className="course-card-meta">
                <LevelTag level={course.level} />
                <span>{t('list.lessons', { count: course.sessions })}</span>
              </div>
              <Progress
                percent={course.sessions ? Math.round((course.completed / course.sessions) * 100) : 0}
                size="small"
                aria-label={t('detail.progress', { done: course.completed, total: course.sessions })}
              />
            </div>
          </Link>
        ))}
      </div>
      <CourseForm open={creating} onCancel={() => setCreating(false)} onSubmit={create} />
    </PageFrame>
  );
}
