import { useState, type ComponentProps } from 'react';
import {
  DownloadOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FlagFilled,
  FlagOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  DatePicker,
  Empty,
  Image,
  Input,
  Select,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  COCKPIT_LIMITS,
  REVIEWED_LABS,
  type AiUseRecord,
  type ClassStudent,
  type ReviewedLab,
  type ReviewPage,
  type SchoolSettings,
} from '@ai-edu/contract';
import { call } from '../../../lib/product-call.ts';
import { useSessionUser } from '../../../lib/session-user.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadReviewCsv } from './export-csv.ts';
import { useReviewTranslation } from './i18n.ts';
import {
  ANSWER_COLLAPSE_CHARS,
  hasFilters,
  reviewParams,
  withParams,
  type ReviewFilters,
  type ReviewStatus,
} from './review-query.ts';
import './review.css';

type RangeValue = ComponentProps<typeof DatePicker.RangePicker>['value'];

const STATUS_COLORS: Record<ReviewStatus, string> = { answered: 'green', failed: 'orange', blocked: 'red' };

/** The class's AI-use review: every chat turn and painting prompt, filtered and paged on the server. */
export function ReviewPanel({ classId }: { classId: string }) {
  const { t, tApp, language } = useReviewTranslation();
  const queryClient = useQueryClient();
  const uid = useSessionUser()?.uid;
  const [filters, setFilters] = useState<ReviewFilters>({});
  const [range, setRange] = useState<RangeValue>(null);
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState<{ page: number; pageSize: number }>({
    page: 1,
    pageSize: COCKPIT_LIMITS.reviewPageSize,
  });
  const [exporting, setExporting] = useState(false);

  const reviewKey = ['classes', classId, 'review'] as const;
  const pageKey = [...reviewKey, filters, paging] as const;
  const page = useQuery({
    queryKey: pageKey,
    queryFn: ({ signal }) =>
      call<ReviewPage>(withParams(`/api/classes/${classId}/ai-use`, reviewParams(filters, paging)), {
        signal,
      }),
    // The table keeps the last page while the next loads, so paging does not flash an empty table.
    placeholderData: keepPreviousData,
  });
  const students = useQuery({
    queryKey: ['classes', classId],
    queryFn: ({ signal }) => call<{ students: ClassStudent[] }>(`/api/classes/${classId}`, { signal }),
  });
  // Only for the empty state's explanation: the defaults stand in when it cannot be read.
  const settings = useQuery({
    queryKey: ['school', 'settings'],
    queryFn: ({ signal }) => call<SchoolSettings>('/api/school/settings', { signal, silent: true }),
  });

  function filter(next: Partial<ReviewFilters>) {
    setFilters((current) => ({ ...current, ...next }));
    setPaging((current) => ({ ...current, page: 1 }));
  }

  function clearFilters() {
    setFilters({});
    setRange(null);
    setSearch('');
    setPaging((current) => ({ ...current, page: 1 }));
  }

  /** Applies a change to one record in the page shown, then refetches every review page (filters may drop it). */
  async function change(record: AiUseRecord, action: 'flag' | 'hide', value: boolean) {
    await call(`/api/classes/${classId}/ai-use/${record.id}/${action}`, {
      method: 'POST',
      json: action === 'flag' ? { flagged: value } : { hidden: value },
    });
    const field = action === 'flag' ? 'flagged' : 'imageHidden';
    queryClient.setQueryData<ReviewPage>(pageKey, (current) =>
      current
        ? {
            ...current,
            items: current.items.map((item) => (item.id === record.id ? { ...item, [field]: value } : item)),
          }
        : current,
    );
    await queryClient.invalidateQueries({ queryKey: reviewKey });
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadReviewCsv(classId, filters, uid);
    } catch (error) {
      toast(error instanceof Error && error.message ? error.message : t('exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  const labTitle = (lab: ReviewedLab) => tApp(`labs.${lab}.title`);
  const filtered = hasFilters(filters);
  const retentionDays = settings.data?.retentionDays ?? COCKPIT_LIMITS.retentionDaysDefault;
  const words = settings.data?.blockedWords.length ?? 0;

  return (
    <div className="class-review">
      <p className="class-muted">{t('intro')}</p>
      <div className="class-review-filters" role="search" aria-label={t('filters.label')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('filters.student')}
          placeholder={t('filters.allStudents')}
          className="class-review-select"
          value={filters.student}
          loading={students.isPending}
          options={(students.data?.students ?? []).map((s) => ({
            value: s.userId,
            label: `${s.displayName} (${s.account})`,
          }))}
          onChange={(student?: string) => filter({ student })}
        />
        <Select
          allowClear
          aria-label={t('filters.lab')}
          placeholder={t('filters.allLabs')}
          className="class-review-select"
          value={filters.lab}
          options={REVIEWED_LABS.map((lab) => ({ value: lab, label: labTitle(lab) }))}
          onChange={(lab?: ReviewFilters['lab']) => filter({ lab })}
        />
        <DatePicker.RangePicker
          aria-label={t('filters.dates')}
          placeholder={[t('filters.from'), t('filters.to')]}
          format="YYYY-MM-DD"
          value={range}
          onChange={(value, [from, to]) => {
            setRange(value);
            filter({ from: from || undefined, to: to || undefined });
          }}
        />
        <Input.Search
          allowClear
          aria-label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          className="class-review-search"
          maxLength={100}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(q) => filter({ q: q.trim() || undefined })}
        />
        <Select
          allowClear
          aria-label={t('filters.status')}
          placeholder={t('filters.anyStatus')}
          className="class-review-select-narrow"
          value={filters.status}
          options={(['answered', 'failed', 'blocked'] as const).map((status) => ({
            value: status,
            label: t(`status.${status}`),
          }))}
          onChange={(status?: ReviewStatus) => filter({ status })}
        />
        <Checkbox
          checked={filters.flaggedOnly ?? false}
          onChange={(event) => filter({ flaggedOnly: event.target.checked || undefined })}
        >
          {t('filters.flaggedOnly')}
        </Checkbox>
        {filtered && <Button onClick={clearFilters}>{t('filters.clear')}</Button>}
        <Button
          className="class-review-export"
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          {t('exportCsv')}
        </Button>
      </div>
      <Table<AiUseRecord>
        rowKey="id"
        className="class-review-table"
        loading={page.isFetching && !page.data}
        dataSource={page.data?.items ?? []}
        scroll={{ x: 900 }}
        locale={{
          emptyText: filtered ? (
            <Empty description={t('empty.filtered')} />
          ) : (
            <Empty
              description={
                <div className="class-review-empty">
                  <strong>{t('empty.title')}</strong>
                  <p>{t('empty.body', { days: retentionDays })}</p>
                  <p>{words > 0 ? t('empty.wordList', { count: words }) : t('empty.noWordList')}</p>
                </div>
              }
            />
          ),
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, COCKPIT_LIMITS.reviewPageSizeMax],
          showTotal: (count) => t('total', { count }),
          onChange: (next, pageSize) =>
            setPaging((current) => ({ page: pageSize === current.pageSize ? next : 1, pageSize })),
        }}
        columns={[
          {
            title: t('columns.student'),
            key: 'student',
            width: 150,
            render: (_, r) => (
              <>
                <div>{r.displayName}</div>
                <small className="class-muted">{r.account}</small>
                <div>
                  <time className="class-muted class-review-time" dateTime={r.createdAt}>
                    {new Date(r.createdAt).toLocaleString(language)}
                  </time>
                </div>
              </>
            ),
          },
          { title: t('columns.lab'), dataIndex: 'lab', width: 100, render: labTitle },
          {
            title: t('columns.prompt'),
            dataIndex: 'prompt',
            width: 200,
            render: (prompt: string) => <LongText text={prompt} />,
          },
          {
            title: t('columns.answer'),
            key: 'answer',
            render: (_, r) => <Answer record={r} />,
          },
          {
            title: t('columns.status'),
            key: 'status',
            width: 130,
            render: (_, r) => (
              <>
                <Tag color={STATUS_COLORS[r.status]}>
                  {r.status === 'blocked' && r.blockedWord
                    ? t('status.blockedWord', { word: r.blockedWord })
                    : t(`status.${r.status}`)}
                </Tag>
                <div className="class-muted class-review-credits">{t('credits', { count: r.credits })}</div>
              </>
            ),
          },
          {
            title: t('columns.actions'),
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_, r) => (
              <span className="class-review-actions">
                <Tooltip title={r.flagged ? t('unflagTip') : t('flagTip')}>
                  <Button
                    size="small"
                    danger={r.flagged}
                    type={r.flagged ? 'primary' : 'default'}
                    icon={r.flagged ? <FlagFilled /> : <FlagOutlined />}
                    onClick={() => void change(r, 'flag', !r.flagged).catch(() => undefined)}
                  >
                    {r.flagged ? t('unflag') : t('flag')}
                  </Button>
                </Tooltip>
                {r.imageUrl && (
                  <Button
                    size="small"
                    icon={r.imageHidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                    onClick={() => void change(r, 'hide', !r.imageHidden).catch(() => undefined)}
                  >
                    {r.imageHidden ? t('unhideImage') : t('hideImage')}
                  </Button>
                )}
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}

/** A long text starts as three lines with a "more" link; short ones are shown whole. */
function LongText({ text }: { text: string }) {
  const { t } = useReviewTranslation();
  if (text.length <= ANSWER_COLLAPSE_CHARS) return <span className="class-review-text">{text}</span>;
  return (
    <Typography.Paragraph
      className="class-review-text"
      ellipsis={{
        rows: 3,
        expandable: 'collapsible',
        symbol: (expanded: boolean) => (expanded ? t('collapse') : t('expand')),
      }}
    >
      {text}
    </Typography.Paragraph>
  );
}

function Answer({ record }: { record: AiUseRecord }) {
  const { t } = useReviewTranslation();
  if (record.imageUrl) {
    return (
      <span className={record.imageHidden ? 'class-review-image hidden' : 'class-review-image'}>
        {/* Clicking opens the full picture, unblurred: staff may look at a hidden one. */}
        <Image
          src={record.imageUrl}
          width={96}
          height={96}
          alt={t('picture', { prompt: record.prompt.slice(0, 60) })}
        />
        {record.imageHidden && (
          <Tooltip title={t('hiddenTip')}>
            <Tag color="default" className="class-review-hidden-tag">
              {t('hidden')}
            </Tag>
          </Tooltip>
        )}
      </span>
    );
  }
  if (record.answer) return <LongText text={record.answer} />;
  return <span className="class-muted">{t('noAnswer')}</span>;
}
