import { useState, type ReactNode } from 'react';
import { Button, Drawer, Layout, Menu, Tooltip } from 'antd';
import { GiftOutlined, MenuOutlined, SafetyOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VIP_NONE } from '@ai-edu/contract';
import { CreditIcon } from '../../../components/credit-icon.tsx';
import { NumberRoll } from '../../../components/number-roll.tsx';
import { paths } from '../../../config/paths.ts';
import { AccountBadge, useAccountExplanation, type NavAccount } from './account-badge.tsx';
import { navItemsFor, selectedNavKey } from './nav-items.ts';
import './top-bar.css';

interface TopBarProps {
  /** The signed-in account's navbar facts; null when logged out or still loading. */
  account: NavAccount | null;
  /** The language switch (composed by the app). */
  language: ReactNode;
  /** The login/register entry or the user menu (composed by the app). */
  userEntry: ReactNode;
}

function ContactForAuthLink({ onClick, compact }: { onClick?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const link = (
    <Link
      to={paths.contact}
      className={compact ? 'top-bar-contact-auth' : 'top-bar-drawer-contact'}
      onClick={onClick}
    >
      <SafetyOutlined /> <span className="top-bar-contact-auth-text">{t('account.contactForAuth')}</span>
    </Link>
  );
  // Below 1440 px the bar shows only the icon; the tooltip keeps the words.
  return compact ? <Tooltip title={t('account.contactForAuth')}>{link}</Tooltip> : link;
}

/**
 * The top bar (spec §1/§2): brand, main navigation (Class for vip 2), the points balance, the event button,
 * the authorization link for vip 0, language and the user entry. Below 1100 px the navigation moves into
 * a drawer.
 */
export function TopBar({ account, language, userEntry }: TopBarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const explain = useAccountExplanation();
  const items = navItemsFor(account?.vip).map((item) => ({
    key: item.path,
    label: <Link to={item.path}>{t(item.label)}</Link>,
  }));
  const selected = [selectedNavKey(pathname)];
  const close = () => setDrawerOpen(false);

  return (
    <Layout.Header className="top-bar">
      <Button
        className="top-bar-burger"
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('nav.openMenu')}
        onClick={() => setDrawerOpen(true)}
      />
      <Link to={paths.home} className="top-bar-brand" aria-label={t('brand.name')}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="top-bar-brand-name">{t('brand.name')}</span>
      </Link>
      <Menu
        className="top-bar-nav"
        mode="horizontal"
        selectedKeys={selected}
        items={items}
        aria-label={t('nav.main')}
      />
      <div className="top-bar-actions">
        {account && account.vip === VIP_NONE && (
          <span className="top-bar-wide-only">
            <ContactForAuthLink compact />
          </span>
        )}
        {account && (
          <Tooltip title={t('nav.points')}>
            <Button
              className="top-bar-points"
              shape="round"
              onClick={() => void navigate(paths.settingPersonal)}
              aria-label={`${t('nav.points')}: ${account.balance}`}
              data-testid="points-balance"
            >
              <CreditIcon size={18} />
              <NumberRoll value={account.balance} className="top-bar-points-value" />
            </Button>
          </Tooltip>
        )}
        <Link
          to={paths.eventPromotion}
          className="top-bar-event top-bar-wide-only"
          aria-label={t('nav.event')}
        >
          <GiftOutlined />
          <span className="top-bar-event-text">{t('nav.event')}</span>
        </Link>
        <span className="top-bar-wide-only">{language}</span>
        {userEntry}
      </div>
      <Drawer
        open={drawerOpen}
        onClose={close}
        placement="left"
        size={300}
        title={t('brand.name')}
        rootClassName="top-bar-drawer"
      >
        {account && (
          <div className="top-bar-drawer-account">
            <AccountBadge account={account} />
            <p className="top-bar-drawer-explain">{explain(account.vip)}</p>
            {account.vip === VIP_NONE && <ContactForAuthLink onClick={close} />}
          </div>
        )}
        <Menu
          mode="inline"
          selectedKeys={selected}
          items={items}
          onClick={close}
          className="top-bar-drawer-nav"
        />
        <div className="top-bar-drawer-extra">
          <Link to={paths.eventPromotion} className="top-bar-event" onClick={close}>
            <GiftOutlined />
            <span>{t('nav.event')}</span>
          </Link>
          {language}
        </div>
      </Drawer>
    </Layout.Header>
  );
}
