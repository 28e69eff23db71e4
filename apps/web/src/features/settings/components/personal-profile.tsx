import type { ReactNode } from 'react';
import { Button, Descriptions } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CreditIcon } from '../../../components/credit-icon.tsx';

export interface ProfileFacts {
  account: string;
  accountType: string;
  company: string;
  vipLabel: string;
  /** null: the account has no authorization of its own (see authorizationDaysShown), and no row. */
  daysLeft: number | null;
  balance: number;
}

interface PersonalProfileProps {
  facts: ProfileFacts;
  badge: ReactNode;
  /** Opens the code flow to set a new password; null when the account cannot receive codes. */
  onChangePassword: (() => void) | null;
}

/** Who the user is: account, type, company, authorization, days left and balance (setting/personal). */
export function PersonalProfile({ facts, badge, onChangePassword }: PersonalProfileProps) {
  const { t } = useTranslation();
  return (
    <section className="settings-profile">
      <div className="settings-profile-head">
        <div>
          <h2 data-testid="profile-account">{facts.account}</h2>
          {badge}
        </div>
        {onChangePassword ? (
          <Button icon={<KeyOutlined aria-hidden />} onClick={onChangePassword}>
            {t('settings.changePassword')}
          </Button>
        ) : (
          <span className="settings-hint">{t('settings.studentPasswordHint')}</span>
        )}
      </div>
      <Descriptions
        column={{ xs: 1, sm: 2, lg: 3 }}
        size="middle"
        items={[
          { key: 'account', label: t('settings.account'), children: facts.account },
          { key: 'type', label: t('settings.accountType'), children: facts.accountType },
          { key: 'company', label: t('settings.company'), children: facts.company || '—' },
          { key: 'vip', label: t('settings.vip'), children: facts.vipLabel },
          ...(facts.daysLeft === null
            ? []
            : [{ key: 'days', label: t('settings.daysLeft'), children: facts.daysLeft }]),
          {
            key: 'balance',
            label: t('settings.balance'),
            children: (
              <span className="settings-balance">
                <CreditIcon size={16} /> {facts.balance}
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
