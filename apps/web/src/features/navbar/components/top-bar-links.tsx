import type { Ref } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { navItemsFor, selectedNavKey } from './nav-items.ts';

/**
 * The main navigation as plain links (an antd Menu with its overflow and popup machinery cost ~22 KB gzip on
 * every first visit); the current section is marked for the eye and for screen readers (aria-current).
 */
export function NavLinks({
  vip,
  className,
  onNavigate,
  navRef,
  listRef,
}: {
  vip: number | undefined;
  /** The <nav>'s class; its list of links gets `<className>-links`. */
  className: string;
  onNavigate?: () => void;
  navRef?: Ref<HTMLElement>;
  listRef?: Ref<HTMLSpanElement>;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = selectedNavKey(pathname);
  return (
    <nav className={className} ref={navRef} aria-label={t('nav.main')}>
      <span className={`${className}-links`} ref={listRef}>
        {navItemsFor(vip).map((item) => (
          <Link
            key={item.path}
            to={item.path}
            className={
              item.path === selected ? 'top-bar-nav-link top-bar-nav-link-active' : 'top-bar-nav-link'
            }
            aria-current={item.path === selected ? 'page' : undefined}
            onClick={onNavigate}
          >
            {t(item.label)}
          </Link>
        ))}
      </span>
    </nav>
  );
}

/** "Contact for authorization" for vip 0: icon only (with the words as its tooltip) below 1440 px. */
export function ContactForAuthLink({ onClick, compact }: { onClick?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.contact}
      className={compact ? 'top-bar-contact-auth' : 'top-bar-drawer-contact'}
      title={compact ? t('account.contactForAuth') : undefined}
      onClick={onClick}
    >
      <SafetyOutlined /> <span className="top-bar-contact-auth-text">{t('account.contactForAuth')}</span>
    </Link>
  );
}
