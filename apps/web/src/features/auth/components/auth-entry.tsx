import { useEffect, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Button, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../../../lib/on-demand.ts';
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

/** A shimmering placeholder in CSS (antd's Skeleton is ~3 KB gzip for this one box on the first page). */
const placeholder = <span className="auth-entry-placeholder" aria-hidden="true" />;

/**
 * The user menu. Its popup's code is fetched as soon as someone is signed in, and the button shows only with
 * it, inside the dropdown, so the button a click lands on is never drawn anew under that click: a button
 * swapped for the dropdown's between the press and the release lost the click, or the dropdown's own toggle
 * closed a menu the press had opened (a CI flake, twice). Should the code not arrive (the network dropped),
 * a plain button tries again on click and opens the menu when it comes: click only, so exactly one handler
 * sees any click and each of them opens.
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
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    let current = true;
    loadDropdown().then(
      ({ default: loaded }) => current && setPopup(() => loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  // After a retry the button is drawn anew inside the dropdown: give it back the keyboard focus it had.
  useEffect(() => {
    if (Popup && refocus) document.querySelector<HTMLElement>('.user-menu-trigger')?.focus();
  }, [Popup, refocus]);

  if (Popup) {
    return (
      <Popup items={items} onClick={onClick} open={open} onOpenChange={setOpen}>
        {trigger({})}
      </Popup>
    );
  }
  if (!failed) return placeholder;
  const retry = () => {
    setRefocus(document.activeElement?.classList.contains('user-menu-trigger') ?? false);
    setOpen(true);
    loadDropdown().then(
      ({ default: loaded }) => setPopup(() => loaded),
      () => setOpen(false),
    );
  };
  return trigger({ onClick: retry });
}

/** The top bar's login/register button, or the user menu once signed in. */
export function AuthEntry({ badge, menuItems = [], onMenuClick }: AuthEntryProps) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const openLoginModal = useLoginPop((s) => s.openLoginModal);
  const logout = useLogout();

  if (status === 'loading') return placeholder;

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
