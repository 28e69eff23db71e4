import { useMemo, useState } from 'react';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckCircleFilled,
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  FundProjectionScreenOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Progress, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import type { CourseDetail as CourseDetailData, CourseFile, CourseSession } from '@ai-edu/contract';
import { isMissing, NotFoundPage } from '../../components/not-found-page.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { toast } from '../../lib/toast.ts';
import { call, RequestError } from '../../lib/product-call.ts';
import { useLocalized } from '../../lib/localized.ts';
import { useSessionUser } from '../../lib/session-user.ts';
import { CourseForm, type CourseFormValues } from './course-form.tsx';
import { COURSES_KEY, CourseCover, LevelTag } from './course-list.tsx';
import { FileList } from './file-list.tsx';
import { useCoursesTranslation } from './i18n.ts';
import { LabLink } from './lab-link.tsx';
import { MarkdownView } from './markdown.tsx';
import { SessionEditor, type SessionFormValues } from './session-editor.tsx';
import { CourseUpload } from './upload.tsx';

export const courseKey = (id: string) => ['courses', id] as const;

export function useCourse(courseId: string) {
  return useQuery({
    queryKey: courseKey(courseId),
    queryFn: async ({ signal }) => {
      const course = await call<CourseDetailData>(`/api/courses/${courseId}`, { signal, silent: true });
      return { ...course, sessionList: [...course.sessionList].sort((a, b) => a.position - b.position) };
    },
    retry: false,
  });
}

/** `/course/:courseId`: the lessons in order, each with its Markdown, files, labs and progress. */
export function CourseDetail({ courseId }: { courseId: string }) {
  const { t, tApp } = useCoursesTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const course = useCourse(courseId);
  // Shown in the UI language; the editors get the stored original (`data`, `selected`).
  const localize = useLocalized();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editingCourse, setEditingCourse] = useState(false);
  const [editingSession, setEditingSession] = useState<CourseSession | 'new' | null>(null);

  const data = course.data;
  const sessions = useMemo(() => data?.sessionList ?? [], [data]);
  const selected =
    sessions.find((s) => s.id === selectedId) ?? sessions.find((s) => !s.completed) ?? sessions[0];
  const canEdit = data?.canEdit ?? false;
  const mayPresent = user?.authInfo.vip === 2;
  const done = sessions.filter((s) => s.completed).length;
  const shown = data && localize(data);
  const shownSelected = selected && localize(selected);
  const courseInitial = useMemo(
    () => (data ? { title: data.title, description: data.description, level: data.level } : undefined),
    [data],
  );

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: COURSES_KEY });
  };

  if (course.isError && isMissing(course.error)) {
    return (
      <PageFrame backTo="/course">
        <NotFoundPage what="course" backTo="/course" backLabel={tApp('errors.notFound.backToCourses')} />
      </PageFrame>
    );
  }
  if (course.isError) {
    const status = course.error instanceof RequestError ? course.error.status : 0;
    return (
      <PageFrame backTo="/course" title={tApp('pages.course.title')}>
        <Result
          status={status === 403 ? '403' : '404'}
          title={course.error.message}
          subTitle={t('detail.notFound')}
        />
      </PageFrame>
    );
  }

  async function saveCourse(values: CourseFormValues) {
    await call(`/api/courses/${courseId}`, { method: 'PATCH', json: { ...values } });
    setEditingCourse(false);
    toast(t('detail.saved'), 'success');
    await refresh();
  }
  async function deleteCourse() {
    await call(`/api/courses/${courseId}`, { method: 'DELETE' });
    queryClient.removeQueries({ queryKey: courseKey(courseId) });
    await refresh();
    void navigate('/course');
  }
  async function saveSession(values: SessionFormValues) {
    if (editingSession === 'new') {
      const created = await call<CourseSession>(`/api/courses/${courseId}/sessions`, {
        method: 'POST',
        json: { ...values },
      });
      setSelectedId(created.id);
    } else if (editingSession) {
      await call(`/api/courses/${courseId}/sessions/${editingSession.id}`, {
        method: 'PATCH',
        json: { ...values },
      });
    }
    setEditingSession(null);
    await refresh();
  }
  async function deleteSession(session: CourseSession) {
    await call(`/api/courses/${courseId}/sessions/${session.id}`, { method: 'DELETE' });
    await refresh();
  }
  async function move(session: CourseSession, by: -1 | 1) {
    const ids = sessions.map((s) => s.id);
    const from = ids.indexOf(session.id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
    await call(`/api/courses/${courseId}/sessions/order`, { method: 'PUT', json: { ids } });
    await refresh();
  }
  async function complete(session: CourseSession) {
    await call(`/api/courses/${courseId}/sessions/${session.id}/complete`, { method: 'POST' });
    await refresh();
  }
  async function removeFile(file: CourseFile) {
    await call(`/api/courses/${courseId}/files/${file.id}`, { method: 'DELETE' });
    await refresh();
  }

  return (
    <PageFrame backTo="/course" title={shown?.title} loading={course.isPending} className="course-detail">
      {data && (
        <>
          <section className="course-hero">
            <CourseCover course={data} />
            <div className="course-hero-text">
              <div className="course-card-meta">
                <LevelTag level={data.level} />
                <span>{t('list.lessons', { count: sessions.length })}</span>
              </div>
              <p>{shown?.description}</p>
              <Progress
                percent={sessions.length ? Math.round((done / sessions.length) * 100) : 0}
                format={() => t('detail.progress', { done, total: sessions.length })}
              />
              <Space wrap>
                {mayPresent && selected && (
                  <Button
                    type="primary"
                    icon={<FundProjectionScreenOutlined />}
                    onClick={() => void navigate(`/lesson/${courseId}/${selected.id}`)}
                  >
                    {t('detail.present')}
                  </Button>
                )}
                {canEdit && (
                  <>
                    <Button icon={<EditOutlined />} onClick={() => setEditingCourse(true)}>
                      {t('detail.edit')}
                    </Button>
                    <CourseUpload
                      courseId={courseId}
                      purpose="cover"
                      label={t('detail.cover')}
                      accept="image/*"
                      onDone={() => void refresh()}
                    />
                    <Popconfirm title={t('detail.deleteConfirm')} onConfirm={() => deleteCourse()}>
                      <Button danger icon={<DeleteOutlined />}>
                        {t('detail.delete')}
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            </div>
          </section>

          <div className="course-body">
            <nav className="course-sessions" aria-label={t('detail.sessions')}>
              <h3>{t('detail.sessions')}</h3>
              <ol>
                {sessions.map((session, index) => (
                  <li key={session.id} className={session.id === selected?.id ? 'active' : ''}>
                    <button type="button" onClick={() => setSelectedId(session.id)}>
                      <span className="course-session-index">
                        {session.completed ? <CheckCircleFilled /> : index + 1}
                      </span>
                      <span>{localize(session).title}</span>
                    </button>
                    {canEdit && (
                      <span className="course-session-tools">
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowUpOutlined />}
                          aria-label={t('detail.moveUp')}
                          disabled={index === 0}
                          onClick={() => void move(session, -1).catch(() => undefined)}
                        />
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowDownOutlined />}
                          aria-label={t('detail.moveDown')}
                          disabled={index === sessions.length - 1}
                          onClick={() => void move(session, 1).catch(() => undefined)}
                        />
                      </span>
                    )}
                  </li>
                ))}
              </ol>
              {canEdit && (
                <Button block icon={<PlusOutlined />} onClick={() => setEditingSession('new')}>
                  {t('detail.addSession')}
                </Button>
              )}
            </nav>

            <article className="course-session">
              {!selected && <Empty description={t('detail.noSessions')} />}
              {selected && (
                <>
                  <header className="course-session-header">
                    <h2>{shownSelected?.title}</h2>
                    {canEdit && (
                      <Space wrap>
                        <Button icon={<EditOutlined />} onClick={() => setEditingSession(selected)}>
                          {t('detail.editSession')}
                        </Button>
                        <Popconfirm
                          title={t('detail.deleteSessionConfirm')}
                          onConfirm={() => deleteSession(selected)}
                        >
                          <Button danger icon={<DeleteOutlined />} aria-label={t('detail.deleteSession')} />
                        </Popconfirm>
                      </Space>
                    )}
                  </header>
                  <MarkdownView text={shownSelected?.body ?? ''} />
                  {(selected.files.length > 0 || canEdit) && <h3>{t('detail.files')}</h3>}
                  <FileList
                    files={selected.files}
                    courseId={courseId}
                    sessionId={selected.id}
                    onRemove={canEdit ? (file) => void removeFile(file).catch(() => undefined) : undefined}
                  />
                  {canEdit && (
                    <CourseUpload
                      key={selected.id}
                      courseId={courseId}
                      purpose="attachment"
                      sessionId={selected.id}
                      label={t('detail.uploadFile')}
                      onDone={() => void refresh()}
                    />
                  )}
                  <footer className="course-session-actions">
                    {selected.labs.map((slug) => (
                      <LabLink key={slug} slug={slug} />
                    ))}
                    {selected.completed ? (
                      <Button type="primary" ghost icon={<CheckCircleFilled />} disabled>
                        {t('detail.done')}
                      </Button>
                    ) : (
                      <Button
                        type="primary"
                        icon={<CheckOutlined />}
                        onClick={() => void complete(selected).catch(() => undefined)}
                      >
                        {t('detail.markDone')}
                      </Button>
                    )}
                  </footer>
                </>
              )}
            </article>
          </div>

          <CourseForm
            open={editingCourse}
            initial={courseInitial}
            translated={Boolean(data.translations)}
            onCancel={() => setEditingCourse(false)}
            onSubmit={saveCourse}
          />
          <SessionEditor
            open={editingSession !== null}
            session={editingSession === 'new' || editingSession === null ? undefined : editingSession}
            onCancel={() => setEditingSession(null)}
            onSubmit={saveSession}
          />
        </>
      )}
    </PageFrame>
  );
}
