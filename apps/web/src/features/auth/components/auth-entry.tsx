import { useEffect, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Button, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { onDemand, whenIdle } from '../../../lib/on-demand.ts';
import type { UserMenuDropdownProps } from './user-menu-dropdown.tsx';
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

const loadDropdown = onDemand(() => import('./user-menu-dropdown.tsx'));
type Popup = ComponentType<UserMenuDropdownProps>;

/**
 * The user menu: the trigger shows at once; the popup's code comes when the browser is idle, or on the first
 * click if that is sooner (the menu then opens as soon as it arrives, and keyboard focus stays on the button).
 */
function UserMenu({
  trigger,
  items,
  onClick,
}: {
  trigger: (props: { onClick?: () => void }) => ReactElement;
  items: NonNullable<MenuProps['items']>;
  onClick: (key: string) => void;
}) {
  // The loaded component itself, not React.lazy: a lazy component suspends once even when its code is in,
  // and during that moment (React holds a fallback ≥ 300 ms) the button would ignore clicks.
  const [Popup, setPopup] = useState<Popup | null>(null);
  const [open, setOpen] = useState(false);
  const [refocus, setRefocus] = useState(false);
  useEffect(
    () =>
      whenIdle(async () => {
        const { default: loaded } = await loadDropdown();
        setPopup(() => loaded);
      }),
    [],
  );
  // The button is drawn anew inside the dropdown: give it back the keyboard focus it had when clicked.
  useEffect(() => {
    if (Popup && refocus) document.querySelector<HTMLElement>('.user-menu-trigger')?.focus();
  }, [Popup, refocus]);

  if (!Popup) {
    return trigger({
      onClick: () => {
        setRefocus(document.activeElement?.classList.contains('user-menu-trigger') ?? false);
        setOpen(true);
        void loadDropdown().then(({ default: loaded }) => setPopup(() => loaded));
      },
    });
  }
  return (
    <Popup items={items} onClick={onClick} open={open} onOpenChange={setOpen}>
      {trigger({})}
    </Popup>
  );
}

/** The top bar's login/register button, or the user menu once signed in. */
export function AuthEntry({ badge, menuItems = [], onMenuClick }: AuthEntryProps) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const openLoginModal = useLoginPop((s) => s.openLoginModal);
  const logout = useLogout();

  // A shimmering placeholder in CSS (antd's Skeleton is ~3 KB gzip for this one box on the first page).
  if (status === 'loading') return <span className="auth-entry-placeholder" aria-hidden="true" />;

  if (status !== 'authenticated' || !user) {
    return (
      <Button type="primary" shape="round" onClick={() => openLoginModal()}>
        {t('nav.loginRegister')}
      </Button>
    );
  }

  return (
    <UserMenu
      items={[
        ...menuItems,
        ...(menuItems.length > 0 ? [{ type: 'divider' as const }] : []),
        { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true },
      ]}
      onClick={(key) => {
        if (key === 'logout') void logout();
        else onMenuClick?.(key);
      }}
      trigger={({ onClick }) => (
        <Button type="text" className="user-menu-trigger" onClick={onClick}>
          {/* A plain circle: antd's Avatar brings Avatar.Group's popover code to every page. */}
          <span className="user-menu-avatar" aria-hidden="true">
            <UserOutlined />
          </span>
          <span className="user-menu-text">
            <span className="user-menu-account" data-testid="user-account">
              {user.account}
            </span>
            {badge}
          </span>
          <DownOutlined className="user-menu-caret" />
        </Button>
      )}
    />
  );
}
