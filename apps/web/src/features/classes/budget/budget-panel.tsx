/** A class's credit budget: what it has, what each student spent today, and the form to allocate or end it. */
import { useState } from 'react';
import { SaveOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Form,
  InputNumber,
  Popconfirm,
  Progress,
  Radio,
  Skeleton,
  Statistic,
  Table,
} from 'antd';
import { COCKPIT_LIMITS, type ClassBudget } from '@ai-edu/contract';
import { call } from '../../../lib/product-call.ts';
import { toast } from '../../../lib/toast.ts';
import {
  budgetFormValues,
  budgetRequest,
  capPercent,
  creditsMoved,
  type BudgetFormValues,
} from './budget-form.ts';
import { useBudgetTranslation } from './i18n.ts';

export const budgetKey = (classId: string) => ['classes', classId, 'budget'] as const;
/** The navbar's balance comes from user info; a budget moves the school's own credits. */
const USER_INFO_KEY = ['user-info'] as const;

type StudentRow = ClassBudget['students'][number];

export function BudgetPanel({ classId }: { classId: string }) {
  const { t, language } = useBudgetTranslation();
  const queryClient = useQueryClient();
  const budget = useQuery({
    queryKey: budgetKey(classId),
    queryFn: ({ signal }) => call<ClassBudget | null>(`/api/classes/${classId}/budget`, { signal }),
  });

  async function refresh() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: budgetKey(classId) }),
      queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }),
    ]);
  }
  async function end() {
    await call(`/api/classes/${classId}/budget`, { method: 'DELETE' });
    toast(t('ended'), 'success');
    await refresh();
  }

  if (budget.isPending) return <Skeleton active />;
  if (budget.isError) return null;
  const current = budget.data ?? null;
  const day = (iso: string) => new Date(iso).toLocaleDateString(language);

  return (
    <div className="budget-panel">
      <p className="class-muted">{t('intro')}</p>
      {current ? (
        <section className="class-card budget-current" aria-label={t('current')}>
          <div className="budget-stats">
            <Statistic
              title={current.mode === 'weekly' ? t('balanceWeekly') : t('balance')}
              value={current.balance}
              suffix={current.mode === 'weekly' ? `/ ${current.amount}` : undefined}
            />
            <Statistic title={t('pool')} value={current.schoolBalance} />
            <Statistic title={t('spentToday')} value={current.spentToday} />
          </div>
          <p className="budget-left">
            {t(`leftLine.${current.mode}`, { balance: current.balance, amount: current.amount })}
          </p>
          <p>
            {t(`modeLine.${current.mode}`, { amount: current.amount, since: day(current.periodStart) })}
            {' · '}
            {current.dailyCap ? t('capLine', { cap: current.dailyCap }) : t('noCap')}
          </p>
          <h3>{t('studentsTitle')}</h3>
          <Table<StudentRow>
            rowKey="userId"
            size="small"
            className="budget-students"
            dataSource={current.students}
            pagination={false}
            locale={{ emptyText: t('noStudents') }}
            columns={[
              { title: t('student'), dataIndex: 'displayName' },
              {
                title: t('studentSpent'),
                key: 'spent',
                render: (_, s) =>
                  current.dailyCap ? (
                    <Progress
                      size="small"
                      percent={capPercent(s.spentToday, current.dailyCap)}
                      status={s.spentToday >= current.dailyCap ? 'exception' : 'normal'}
                      format={() => `${s.spentToday}/${current.dailyCap}`}
                    />
                  ) : (
                    s.spentToday
                  ),
              },
            ]}
          />
          <Popconfirm
            title={t('endConfirm', { balance: current.balance })}
            okButtonProps={{ danger: true }}
            onConfirm={() => end().catch(() => undefined)}
          >
            <Button danger icon={<StopOutlined />}>
              {t('end')}
            </Button>
          </Popconfirm>
        </section>
      ) : (
        <Alert type="info" showIcon message={t('none')} className="budget-none" />
      )}
      <BudgetForm
        key={JSON.stringify(current && budgetFormValues(current))}
        classId={classId}
        current={current}
        onSaved={refresh}
      />
    </div>
  );
}

function BudgetForm({
  classId,
  current,
  onSaved,
}: {
  classId: string;
  current: ClassBudget | null;
  onSaved: () => Promise<void>;
}) {
  const { t } = useBudgetTranslation();
  const [form] = Form.useForm<BudgetFormValues>();
  const initial = budgetFormValues(current);
  const values: BudgetFormValues = {
    mode: Form.useWatch('mode', form) ?? initial.mode,
    amount: Form.useWatch('amount', form) ?? null,
    dailyCap: Form.useWatch('dailyCap', form) ?? null,
  };
  const [busy, setBusy] = useState(false);
  const moved = creditsMoved(values, current);
  const pool = current?.schoolBalance;

  async function save(next: BudgetFormValues) {
    setBusy(true);
    try {
      await call(`/api/classes/${classId}/budget`, { method: 'PUT', json: { ...budgetRequest(next) } });
      toast(t('saved'), 'success');
      await onSaved();
    } catch {
      // Shown by call() (e.g. the school's pool is too small); the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="class-card budget-form">
      <h3>{current ? t('editTitle') : t('formTitle')}</h3>
      <Form<BudgetFormValues>
        form={form}
        name="class-budget"
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(next) => void save(next)}
      >
        <Form.Item name="mode" label={t('mode')} extra={t(`modeHelp.${values.mode}`)}>
          <Radio.Group
            options={[
              { value: 'weekly', label: t('modeWeekly') },
              { value: 'once', label: t('modeOnce') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('amount')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: 1,
              max: COCKPIT_LIMITS.budgetAmountMax,
              message: t('amountRequired', { max: COCKPIT_LIMITS.budgetAmountMax }),
            },
          ]}
        >
          <InputNumber
            className="budget-number"
            min={1}
            max={COCKPIT_LIMITS.budgetAmountMax}
            precision={0}
            suffix={t('credits')}
          />
        </Form.Item>
        <Form.Item name="dailyCap" label={t('dailyCap')} extra={t('dailyCapHelp')}>
          <InputNumber
            className="budget-number"
            min={1}
            max={COCKPIT_LIMITS.dailyCapMax}
            precision={0}
            suffix={t('credits')}
          />
        </Form.Item>
        {/* The confirm says what moves from the school's pool before anything does; OK then validates and saves. */}
        <Popconfirm
          title={t('confirmTitle')}
          description={
            <div className="budget-confirm">
              <p>
                {moved < 0
                  ? t('confirm.weeklyBack', { amount: values.amount ?? 0, back: -moved })
                  : t(`confirm.${values.mode}`, { amount: values.amount ?? 0, moved })}
              </p>
              {pool !== undefined &&
                (moved > pool ? (
                  <Alert type="warning" showIcon message={t('poolTooSmall', { pool })} />
                ) : (
                  <p className="class-muted">{t('poolNow', { pool })}</p>
                ))}
            </div>
          }
          onConfirm={() => form.submit()}
        >
          <Button type="primary" icon={<SaveOutlined />} loading={busy}>
            {t('save')}
          </Button>
        </Popconfirm>
      </Form>
    </section>
  );
}
