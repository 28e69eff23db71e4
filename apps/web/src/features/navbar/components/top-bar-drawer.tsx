import type { ReactNode } from 'react';
import { Drawer } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VIP_NONE } from '@ai-edu/contract';
import { paths } from '../../../config/paths.ts';
import { AccountBadge, useAccountExplanation, type NavAccount } from './account-badge.tsx';
import { ContactForAuthLink, NavLinks } from './top-bar-links.tsx';

interface TopBarDrawerProps {
  open: boolean;
  onClose: () => void;
  account: NavAccount | null;
  language: ReactNode;
}

/** The phone (and narrow window) menu: loaded the first time the burger is pressed. */
export default function TopBarDrawer({ open, onClose, account, language }: TopBarDrawerProps) {
  const { t } = useTranslation();
  const explain = useAccountExplanation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={300}
      title={t('brand.name')}
      rootClassName="top-bar-drawer"
    >
      {account && (
        <div className="top-bar-drawer-account">
          <AccountBadge account={account} />
          <p className="top-bar-drawer-explain">{explain(account.vip)}</p>
          {account.vip === VIP_NONE && <ContactForAuthLink onClick={onClose} />}
        </div>
      )}
      <NavLinks vip={account?.vip} className="top-bar-drawer-nav" onNavigate={onClose} />
      <div className="top-bar-drawer-extra">
        <Link to={paths.eventPromotion} className="top-bar-event" onClick={onClose}>
          <GiftOutlined />
          <span>{t('nav.event')}</span>
        </Link>
        {language}
      </div>
    </Drawer>
  );
}
