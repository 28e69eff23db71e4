import { Tag } from 'antd';
import { ClockCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_TYPE_CAMPUS,
  ACCOUNT_TYPE_PERSONAL,
  ACCOUNT_TYPE_STUDENT,
  ACCOUNT_TYPE_TEACHER,
  VIP_SCHOOL,
  VIP_STUDENT,
} from '@ai-edu/contract';
import { expiryLevel } from './nav-items.ts';

export interface NavAccount {
  vip: number;
  /** The server's accountType (a Chinese constant), translated here. */
  accountType: string;
  daysLeft: number;
  balance: number;
}

const ACCOUNT_TYPE_KEYS = {
  [ACCOUNT_TYPE_CAMPUS]: 'account.type.campus',
  [ACCOUNT_TYPE_STUDENT]: 'account.type.student',
  [ACCOUNT_TYPE_PERSONAL]: 'account.type.personal',
  [ACCOUNT_TYPE_TEACHER]: 'account.type.teacher',
} as const;

/** The account type in the UI language; an unknown server value is shown as it is. */
export function useAccountTypeLabel(): (accountType: string) => string {
  const { t } = useTranslation();
  return (accountType) =>
    accountType in ACCOUNT_TYPE_KEYS
      ? t(ACCOUNT_TYPE_KEYS[accountType as keyof typeof ACCOUNT_TYPE_KEYS])
      : accountType;
}

const EXPIRY_COLORS = { ok: 'green', soon: 'orange', expired: 'red' } as const;

/**
 * What the account type means and how to get more (a bare word like 'unauthorised' leaves a new learner
 * guessing). Shown at the top of the user menu and in the phone drawer, not as a tooltip on the badge:
 * the badge sits in the menu's trigger, where a tooltip would lie over the menu it opens.
 */
export function useAccountExplanation(): (vip: number) => string {
  const { t } = useTranslation();
  return (vip) =>
    vip >= VIP_SCHOOL
      ? t('account.explain.school')
      : vip === VIP_STUDENT
        ? t('account.explain.student')
        : t('account.explain.unauthorised');
}

/**
 * The account-type badge of spec §4: vip 0 'unauthorised', vip 1 the student label, vip 2 the account type
 * and the days left.
 */
export function AccountBadge({ account }: { account: NavAccount }) {
  const { t } = useTranslation();
  const typeLabel = useAccountTypeLabel();
  if (account.vip >= VIP_SCHOOL) {
    return (
      <span className="account-badge" data-testid="account-badge">
        <Tag color="geekblue" variant="filled" icon={<SafetyCertificateOutlined />}>
          {typeLabel(account.accountType)}
        </Tag>
        <Tag
          color={EXPIRY_COLORS[expiryLevel(account.daysLeft)]}
          variant="filled"
          icon={<ClockCircleOutlined />}
          data-testid="expiry-tag"
        >
          {t('account.daysLeft', { count: account.daysLeft })}
        </Tag>
      </span>
    );
  }
  if (account.vip === VIP_STUDENT) {
    return (
      <span className="account-badge" data-testid="account-badge">
        <Tag color="cyan" variant="filled">
          {t('account.student')}
        </Tag>
      </span>
    );
  }
  return (
    <span className="account-badge" data-testid="account-badge">
      <Tag variant="filled">{t('account.unauthorised')}</Tag>
    </span>
  );
}
