import { Button, Empty, Table, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminKeys, auditEntrySchema, type AuditEntry } from '../api/admin-api.ts';
import { adminRequest } from '../api/client.ts';
import { useFormatters } from '../format.ts';
import { useAdminTranslation } from '../i18n.ts';

const PAGE = 50;

/** Details as short `key: value` pairs; nested values as compact JSON. */
function detailsText(details: unknown): string {
  if (details === null || details === undefined) return '';
  if (typeof details !== 'object') return JSON.stringify(details);
  return Object.entries(details as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/** Everything administrators did, from the console and the command line, newest first. */
export function AuditTab() {
  const { t, tMaybe } = useAdminTranslation();
  const queryClient = useQueryClient();
  const formats = useFormatters();
  const audit = useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam, signal }) =>
      adminRequest(queryClient, '/api/admin/audit', z.array(auditEntrySchema), {
        query: { limit: PAGE, before: pageParam },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
  });
  const rows = audit.data?.pages.flat() ?? [];

  return (
    <section className="admin-tab">
      <div className="admin-toolbar">
        <span />
        <Button icon={<ReloadOutlined />} onClick={() => void audit.refetch()} loading={audit.isRefetching}>
          {t('common.refresh')}
        </Button>
      </div>
      <Table<AuditEntry>
        className="admin-table"
        data-testid="audit-log"
        rowKey="id"
        size="middle"
        loading={audit.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 860 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.empty')} /> }}
        columns={[
          {
            key: 'time',
            title: t('audit.time'),
            width: 190,
            render: (_, e) => formats.dateTime(e.createdAt),
          },
          {
            key: 'actor',
            title: t('audit.actor'),
            width: 200,
            render: (_, e) =>
              e.adminId === null && e.actor === 'cli' ? <Tag>{t('audit.cli')}</Tag> : e.actor,
          },
          {
            key: 'action',
            title: t('audit.action'),
            width: 140,
            render: (_, e) => (
              <Tag color="geekblue" variant="filled">
                {tMaybe(`audit.actions.${e.action}`, e.action)}
              </Tag>
            ),
          },
          { key: 'target', title: t('audit.target'), render: (_, e) => e.target ?? t('common.none') },
          {
            key: 'details',
            title: t('audit.details'),
            render: (_, e) => <span className="admin-details">{detailsText(e.details)}</span>,
          },
        ]}
      />
      {audit.hasNextPage && (
        <Button
          className="admin-load-more"
          onClick={() => void audit.fetchNextPage()}
          loading={audit.isFetchingNextPage}
        >
          {t('common.loadMore')}
        </Button>
      )}
    </section>
  );
}
