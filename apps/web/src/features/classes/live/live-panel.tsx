import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Table, Tag } from 'antd';
import { LIVE_REFRESH_MS, type LiveClass, type LiveStudent } from '@ai-edu/contract';
import { call } from '../../../lib/product-call.ts';
import { LessonSummary } from '../lesson/lesson-summary.tsx';
import { useLiveTranslation } from './i18n.ts';
import { liveCounts, sortLive, timeAgo } from './live-view.ts';
import './live.css';

const STATUS_BADGE = { active: 'success', signedIn: 'processing', offline: 'default' } as const;

/** The class now: who is active, signed in or away, the lab each is in, credits used today; polls itself. */
export function LivePanel({ classId }: { classId: string }) {
  const { t, tApp, language } = useLiveTranslation();
  const live = useQuery({
    queryKey: ['classes', classId, 'live'],
    // Silent: a failed refresh every few seconds must not pile up toasts; the panel says so instead.
    queryFn: ({ signal }) => call<LiveClass>(`/api/classes/${classId}/live`, { signal, silent: true }),
    refetchInterval: (query) => query.state.data?.refreshMs ?? LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const data = live.data;
  const students = data ? sortLive(data.students) : [];
  const counts = liveCounts(students);
  const seconds = Math.round((data?.refreshMs ?? LIVE_REFRESH_MS) / 1000);

  return (
    <div className="class-live">
      <p className="class-muted">
        {t('intro', { seconds })}
        {data && <> {t('updated', { time: new Date(data.at).toLocaleTimeString(language) })}</>}
      </p>
      {live.isError && (
        <Alert
          type="warning"
          showIcon
          className="class-live-alert"
          message={data ? t('stale') : live.error.message}
        />
      )}
      <div className="class-live-counts" role="status" aria-live="polite">
        {(['active', 'signedIn', 'offline'] as const).map((status) => (
          <div key={status} className={`class-live-count ${status}`}>
            <Badge status={STATUS_BADGE[status]} />
            <span className="class-live-count-label">{t(`counts.${status}`)}</span>
            <strong>{counts[status]}</strong>
          </div>
        ))}
      </div>
      {data?.lesson ? (
        <LessonSummary lesson={data.lesson} onOver={() => void live.refetch()} />
      ) : (
        data && <p className="class-muted class-live-no-lesson">{t('noLesson')}</p>
      )}
      <Table<LiveStudent>
        rowKey="userId"
        className="class-live-table"
        size="middle"
        loading={live.isPending}
        dataSource={students}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('empty') }}
        rowClassName={(s) => `class-live-row ${s.status}`}
        columns={[
          {
            title: t('columns.student'),
            key: 'student',
            render: (_, s) => (
              <>
                <div>{s.displayName}</div>
                <small className="class-muted">{s.account}</small>
              </>
            ),
          },
          {
            title: t('columns.status'),
            dataIndex: 'status',
            render: (status: LiveStudent['status']) => (
              <Badge status={STATUS_BADGE[status]} text={t(`status.${status}`)} />
            ),
          },
          {
            title: t('columns.lab'),
            dataIndex: 'lab',
            render: (lab: LiveStudent['lab']) =>
              lab ? <Tag color="blue">{tApp(`labs.${lab}.title`)}</Tag> : t('noLab'),
          },
          {
            title: t('columns.making'),
            dataIndex: 'making',
            render: (making: LiveStudent['making']) =>
              making && data ? (
                <div className="class-live-making">
                  <div>{making.projectName}</div>
                  <small className="class-muted">
                    <time
                      dateTime={making.updatedAt}
                      title={new Date(making.updatedAt).toLocaleString(language)}
                    >
                      {t('changed', { ago: timeAgo(making.updatedAt, data.at, language) })}
                    </time>
                  </small>
                </div>
              ) : (
                t('noLab')
              ),
          },
          {
            title: t('columns.lastActive'),
            dataIndex: 'lastActiveAt',
            render: (at: string | null) =>
              at && data ? (
                <time dateTime={at} title={new Date(at).toLocaleString(language)}>
                  {timeAgo(at, data.at, language)}
                </time>
              ) : (
                t('never')
              ),
          },
          { title: t('columns.creditsToday'), dataIndex: 'creditsToday', align: 'right' },
        ]}
      />
    </div>
  );
}
