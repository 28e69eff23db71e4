import type { ReactNode } from 'react';
import { Avatar, Button, Dropdown, Skeleton, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../hooks/use-auth.ts';
import { useLogout } from '../hooks/use-logout.ts';
import { useLoginPop } from '../store/login-pop-store.ts';

interface AuthEntryProps {
  /** Shown under the account name (the app passes the account-type badge). */
  badge?: ReactNode;
  /** Menu entries above 'Log out' (settings pages …), composed by the app. */
  menuItems?: NonNullable<MenuProps['items']>;
  onMenuClick?: (key: string) => void;
}

/** The top bar's login/register button, or the user menu once signed in. */
export function AuthEntry({ badge, menuItems = [], onMenuClick }: AuthEntryProps) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const openLoginModal = useLoginPop((s) => s.openLoginModal);
  const logout = useLogout();

  if (status === 'loading') return <Skeleton.Button active size="small" style={{ width: 96 }} />;

  if (status !== 'authenticated' || !user) {
    return (
      <Button type="primary" shape="round" onClick={() => openLoginModal()}>
        {t('nav.loginRegister')}
      </Button>
    );
  }

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          ...menuItems,
          ...(menuItems.length > 0 ? [{ type: 'divider' as const }] : []),
          { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') void logout();
          else onMenuClick?.(key);
        },
      }}
    >
      <Button type="text" className="user-menu-trigger">
        <Avatar size="small" icon={<UserOutlined />} className="user-menu-avatar" />
        <span className="user-menu-text">
          <span className="user-menu-account" data-testid="user-account">
            {user.account}
          </span>
          {badge}
        </span>
        <DownOutlined className="user-menu-caret" />
      </Button>
    </Dropdown>
  );
}
