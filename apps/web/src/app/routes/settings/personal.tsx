import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useLoginPop } from '../../../features/auth/index.ts';
import { TeacherCanSeeCard } from '../../../features/classes/my-class/index.ts';
import { AccountBadge, useAccountTypeLabel } from '../../../features/navbar/index.ts';
import { authorizationDaysShown, CreditsHistory, PersonalProfile } from '../../../features/settings/index.ts';
import { canChangePasswordByCode } from './password-change.ts';

const VIP_KEYS = { 0: 'account.unauthorised', 1: 'account.student', 2: 'account.school' } as const;

/**
 * `/setting/personal`: profile, password change through the code flow, what a student's teacher can see, and
 * the credits history.
 */
export default function PersonalSettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const typeLabel = useAccountTypeLabel();
  const openLoginModal = useLoginPop((s) => s.openLoginModal);
  if (!user) return null;
  const vip = user.authInfo.vip;
  return (
    <>
      <PersonalProfile
        facts={{
          account: user.account,
          accountType: typeLabel(user.accountType),
          company: user.company_name || user.authInfo.company_name,
          vipLabel: t(VIP_KEYS[vip]),
          daysLeft: authorizationDaysShown(user.authInfo),
          balance: user.quotaInfo.total_balance,
        }}
        badge={
          <AccountBadge
            account={{
              vip,
              accountType: user.accountType,
              daysLeft: user.authInfo.left_valid_time,
              balance: user.quotaInfo.total_balance,
            }}
          />
        }
        onChangePassword={
          canChangePasswordByCode(user.account)
            ? () => openLoginModal({ mode: 'forget', account: user.account })
            : null
        }
      />
      {/* A student in a class: what the teacher can see of their AI use (issue 16); nothing otherwise. */}
      <Suspense fallback={null}>
        <TeacherCanSeeCard />
      </Suspense>
      <CreditsHistory />
    </>
  );
}
