import { useEffect } from 'react';
import { Layout } from 'antd';
import { HistoryOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { RouteProgress } from '../components/route-progress.tsx';
import { paths } from '../config/paths.ts';
import { AuthEntry, LoginModal, SessionRetryNotice, useCurrentUser } from '../features/auth/index.ts';
import { AccountBadge, TopBar, useAccountExplanation, type NavAccount } from '../features/navbar/index.ts';

function useNavAccount(): NavAccount | null {
  const user = useCurrentUser();
  if (!user) return null;
  return {
    vip: user.authInfo.vip,
    accountType: user.accountType,
    daysLeft: user.authInfo.left_valid_time,
    balance: user.quotaInfo.total_balance,
  };
}

/** Every page opens at the top (spec §2 page frame), whichever page component it is. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

export function RootLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useNavAccount();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const explain = useAccountExplanation();

  return (
    <Layout className="app-shell">
      <ScrollToTop />
      <RouteProgress />
      <TopBar
        account={account}
        language={<LanguageSwitch />}
        userEntry={
          <AuthEntry
            badge={account && <AccountBadge account={account} />}
            menuItems={[
              // What the badge means and how to get more, where the user looks after reading it.
              ...(account
                ? [
                    {
                      key: 'account-explain',
                      type: 'group' as const,
                      label: (
                        <span className="user-menu-explain" data-testid="account-explain">
                          {explain(account.vip)}
                        </span>
                      ),
                    },
                  ]
                : []),
              { key: paths.settingPersonal, icon: <UserOutlined />, label: t('nav.personal') },
              { key: paths.settingExperience, icon: <HistoryOutlined />, label: t('nav.experience') },
              ...(isAdmin ? [{ key: '/admin', icon: <SettingOutlined />, label: t('nav.admin') }] : []),
            ]}
            onMenuClick={(key) => void navigate(key)}
          />
        }
      />
      <Layout.Content className="app-content">
        <Outlet />
      </Layout.Content>
      <Layout.Footer className="app-footer">
        © {new Date().getFullYear()} {t('brand.name')} · {t('brand.tagline')}
      </Layout.Footer>
      <SessionRetryNotice />
      <LoginModal />
    </Layout>
  );
}
