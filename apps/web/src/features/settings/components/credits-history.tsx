import { Empty, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { CreditIcon } from '../../../components/credit-icon.tsx';
import { useCreditsHistory, type CreditEntry } from '../api/get-credits-history.ts';
import { localizedCreditReason, signedDelta } from '../format.ts';
import { useDateTime } from './format-hooks.ts';

function useReasonText(): (entry: CreditEntry) => string {
  const { t, i18n } = useTranslation();
  return (entry) => {
    const reason = localizedCreditReason(entry, i18n.language);
    switch (reason.key) {
      case 'other':
        return reason.detail;
      case 'ai':
      case 'refundAi':
        return t(`settings.reason.${reason.key}`, { service: t(`settings.service.${reason.service}`) });
      case 'admin':
      case 'event':
      case 'checkIn':
      case 'refund':
        return t(`settings.reason.${reason.key}`, { detail: reason.detail });
      default:
        return t(`settings.reason.${reason.key}`);
    }
  };
}

/** The credits ledger: every change of the points balance, newest first. */
export function CreditsHistory() {
  const { t } = useTranslation();
  const { data, isPending } = useCreditsHistory();
  const dateTime = useDateTime();
  const reasonText = useReasonText();

  return (
    <section className="settings-credits" data-testid="credits-history">
      <div className="settings-credits-head">
        <h2>{t('settings.creditsTitle')}</h2>
        {data && (
          <Statistic
            className="settings-credits-balance"
            title={t('settings.balance')}
            value={data.balance}
            prefix={<CreditIcon size={20} />}
          />
        )}
      </div>
      <Table<CreditEntry>
        className="settings-table"
        rowKey="id"
        loading={isPending}
        dataSource={data?.entries ?? []}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: <Empty description={t('settings.noCredits')} /> }}
        columns={[
          { key: 'time', title: t('settings.time'), render: (_, entry) => dateTime(entry.createdAt) },
          {
            key: 'delta',
            title: t('settings.change'),
            align: 'right',
            render: (_, entry) => (
              <span className={entry.delta >= 0 ? 'settings-delta-plus' : 'settings-delta-minus'}>
                {signedDelta(entry.delta)}
              </span>
            ),
          },
          { key: 'after', title: t('settings.balanceAfter'), dataIndex: 'balanceAfter', align: 'right' },
          {
            key: 'reason',
            title: t('settings.reasonTitle'),
            render: (_, entry) => reasonText(entry),
          },
        ]}
      />
    </section>
  );
}
