import { Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LabVisit } from '@ai-edu/contract';
import { useExperienceHistory } from '../api/get-experience-history.ts';
import { useDateTime, useDuration } from './format-hooks.ts';

interface ExperienceHistoryProps {
  /** The lab's title in the UI language (the app knows the lab registry). */
  labTitle: (lab: string | null) => string | null;
}

/** The user's own lab visits (spec §3 experience log): which labs, when, how long. */
export function ExperienceHistory({ labTitle }: ExperienceHistoryProps) {
  const { t } = useTranslation();
  const { data, isPending } = useExperienceHistory();
  const dateTime = useDateTime();
  const duration = useDuration();

  return (
    <Table<LabVisit>
      className="settings-table"
      rowKey={(visit) => `${visit.path}-${visit.enteredAt}`}
      loading={isPending}
      dataSource={data ?? []}
      pagination={false}
      scroll={{ x: 560 }}
      locale={{ emptyText: <Empty description={t('settings.noVisits')} /> }}
      columns={[
        {
          key: 'lab',
          title: t('settings.lab'),
          render: (_, visit) => (
            <span className="settings-lab">
              <strong>{labTitle(visit.lab) ?? visit.path}</strong>
              <code>{visit.path}</code>
            </span>
          ),
        },
        { key: 'entered', title: t('settings.enteredAt'), render: (_, visit) => dateTime(visit.enteredAt) },
        {
          key: 'duration',
          title: t('settings.duration'),
          render: (_, visit) =>
            visit.durationMs === null ? (
              <Tag color="processing">{duration(null)}</Tag>
            ) : (
              duration(visit.durationMs)
            ),
        },
        { key: 'api', title: t('settings.apiCalls'), dataIndex: 'apiCalls', align: 'right' },
      ]}
    />
  );
}
