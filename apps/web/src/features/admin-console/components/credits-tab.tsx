import { useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Radio, Statistic, Table } from 'antd';
import { MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { LedgerEntry } from '@ai-edu/contract';
import { CreditIcon } from '../../../components/credit-icon.tsx';
import { toast } from '../../../lib/toast.ts';
import { adminKeys, ledgerSchema, userPath, type UserSummary } from '../api/admin-api.ts';
import { adminRequest, cachedUserInfo } from '../api/client.ts';
import { signed, useFormatters } from '../format.ts';
import { useAdminTranslation } from '../i18n.ts';
import { UserPicker } from './user-picker.tsx';

const LEDGER_PAGE = 50;

interface CreditValues {
  direction: 'grant' | 'revoke';
  amount: number | null;
  reason: string;
}

function Ledger({ user }: { user: UserSummary }) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const formats = useFormatters();
  const ledger = useInfiniteQuery({
    queryKey: adminKeys.ledger(user.id),
    queryFn: ({ pageParam, signal }) =>
      adminRequest(queryClient, `${userPath(user.id)}/ledger`, ledgerSchema, {
        query: { limit: LEDGER_PAGE, before: pageParam },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.entries.length === LEDGER_PAGE ? last.entries.at(-1)?.id : undefined),
  });
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];
  const balance = ledger.data?.pages[0]?.balance;

  return (
    <div className="admin-ledger" data-testid="admin-ledger">
      <div className="admin-ledger-head">
        <h3>{t('credits.ledger', { account: user.account })}</h3>
        {balance !== undefined && (
          <Statistic
            className="admin-ledger-balance"
            title={t('credits.balance')}
            value={balance}
            prefix={<CreditIcon size={18} />}
          />
        )}
      </div>
      <Table<LedgerEntry>
        className="admin-table"
        rowKey="id"
        size="small"
        loading={ledger.isFetching}
        dataSource={entries}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('credits.noEntries')} />,
        }}
        columns={[
          {
            key: 'time',
            title: t('credits.time'),
            width: 190,
            render: (_, e) => formats.dateTime(e.createdAt),
          },
          {
            key: 'delta',
            title: t('credits.change'),
            align: 'right',
            width: 100,
            render: (_, e) => (
              <span className={e.delta >= 0 ? 'admin-plus' : 'admin-minus'}>{signed(e.delta)}</span>
            ),
          },
          {
            key: 'after',
            title: t('credits.balanceAfter'),
            dataIndex: 'balanceAfter',
            align: 'right',
            width: 120,
          },
          { key: 'reason', title: t('credits.ledgerReason'), dataIndex: 'reason' },
        ]}
      />
      {ledger.hasNextPage && (
        <Button
          className="admin-load-more"
          onClick={() => void ledger.fetchNextPage()}
          loading={ledger.isFetchingNextPage}
        >
          {t('common.loadMore')}
        </Button>
      )}
    </div>
  );
}

/** Grant or revoke credits with a reason, and any account's ledger. */
export function CreditsTab({
  user,
  onUser,
}: {
  user: UserSummary | null;
  onUser: (user: UserSummary | null) => void;
}) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreditValues>();
  const [saving, setSaving] = useState(false);
  const direction = Form.useWatch('direction', form);

  const submit = async (values: CreditValues) => {
    if (!user || !values.amount) return;
    const delta = values.direction === 'revoke' ? -values.amount : values.amount;
    setSaving(true);
    try {
      const { balance } = await adminRequest(
        queryClient,
        `${userPath(user.id)}/credits`,
        z.object({ balance: z.number() }),
        { method: 'POST', json: { delta, reason: values.reason.trim() } },
      );
      toast(
        t(delta > 0 ? 'credits.granted' : 'credits.revoked', {
          amount: values.amount,
          account: user.account,
          balance,
        }),
        'success',
      );
      form.resetFields(['amount', 'reason']);
      onUser({ ...user, credits: balance });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // Credits for oneself: the navbar balance follows.
      if (cachedUserInfo(queryClient)?.account === user.account)
        void queryClient.invalidateQueries({ queryKey: ['user-info'] });
    } catch {
      // Shown by adminRequest.
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="admin-tab admin-credits-tab">
      <div className="admin-card admin-credits-form">
        <label className="admin-field-label">
          <span>{t('credits.user')}</span>
          <UserPicker value={user} onChange={onUser} className="admin-user-picker" />
        </label>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ direction: 'grant', amount: null, reason: '' }}
          onFinish={(values) => void submit(values)}
          disabled={!user}
          className="admin-form"
        >
          <Form.Item name="direction" label={t('credits.direction')}>
            <Radio.Group optionType="button" buttonStyle="solid">
              <Radio.Button value="grant">
                <PlusCircleOutlined /> {t('credits.grant')}
              </Radio.Button>
              <Radio.Button value="revoke">
                <MinusCircleOutlined /> {t('credits.revoke')}
              </Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('credits.amount')}
            rules={[{ required: true, message: t('credits.amountRequired') }]}
          >
            <InputNumber min={1} max={100_000_000} precision={0} className="admin-number" />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('credits.reason')}
            rules={[{ required: true, whitespace: true, message: t('credits.reasonRequired') }]}
          >
            <Input maxLength={200} showCount placeholder={t('credits.reasonPlaceholder')} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={saving}
            danger={direction === 'revoke'}
            icon={direction === 'revoke' ? <MinusCircleOutlined /> : <PlusCircleOutlined />}
          >
            {t('credits.submit')}
          </Button>
        </Form>
      </div>
      <div className="admin-card admin-credits-ledger">
        {user ? <Ledger key={user.id} user={user} /> : <Empty description={t('common.noUser')} />}
      </div>
    </section>
  );
}
