import { lazy, Suspense, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button, Layout } from 'antd';
import { GiftOutlined, MenuOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VIP_NONE } from '@ai-edu/contract';
import { CreditIcon } from '../../../components/credit-icon.tsx';
import { NumberRoll } from '../../../components/number-roll.tsx';
import { paths } from '../../../config/paths.ts';
import type { NavAccount } from './account-badge.tsx';
import { ContactForAuthLink, NavLinks } from './top-bar-links.tsx';
import './top-bar.css';

const TopBarDrawer = lazy(() => import('./top-bar-drawer.tsx'));

interface TopBarProps {
  /** The signed-in account's navbar facts; null when logged out or still loading. */
  account: NavAccount | null;
  /** The language switch (composed by the app). */
  language: ReactNode;
  /** The login/register entry or the user menu (composed by the app). */
  userEntry: ReactNode;
}

/**
 * Whether the links no longer fit beside the actions (a long English label, a school's badges, a 7-digit
 * balance): then the bar folds them into the drawer, like below 1100 px, rather than cutting or overlapping.
 * The hidden links keep their box, so widening the window unfolds them again.
 */
function useLinksFolded(nav: RefObject<HTMLElement | null>, list: RefObject<HTMLElement | null>): boolean {
  const [folded, setFolded] = useState(false);
  useLayoutEffect(() => {
    const navBox = nav.current;
    const listBox = list.current;
    if (!navBox || !listBox || typeof ResizeObserver === 'undefined') return;
    const check = () => setFolded(listBox.offsetWidth > navBox.clientWidth + 0.5);
    const observer = new ResizeObserver(check);
    observer.observe(navBox);
    observer.observe(listBox);
    check();
    return () => observer.disconnect();
  }, [nav, list]);
  return folded;
}

/**
 * The top bar (spec §1/§2): brand, main navigation (Class for vip 2), the points balance, the event button,
 * the authorization link for vip 0, language and the user entry. Below 1100 px (or wherever the links stop
 * fitting) the navigation moves into a drawer, whose code loads when it is first opened.
 */
export function TopBar({ account, language, userEntry }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLSpanElement>(null);
  const folded = useLinksFolded(navRef, listRef);

  return (
    <Layout.Header className={folded ? 'top-bar top-bar-folded' : 'top-bar'}>
      <Button
        className="top-bar-burger"
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('nav.openMenu')}
        onClick={() => {
          setDrawerWanted(true);
          setDrawerOpen(true);
        }}
      />
      <Link to={paths.home} className="top-bar-brand" aria-label={t('brand.name')}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="top-bar-brand-name">{t('brand.name')}</span>
      </Link>
      <NavLinks vip={account?.vip} className="top-bar-nav" navRef={navRef} listRef={listRef} />
      <div className="top-bar-actions">
        {account && account.vip === VIP_NONE && (
          <span className="top-bar-wide-only">
            <ContactForAuthLink compact />
          </span>
        )}
        {account && (
          <Button
            className="top-bar-points"
            shape="round"
            title={t('nav.points')}
            onClick={() => void navigate(paths.settingPersonal)}
            aria-label={`${t('nav.points')}: ${account.balance}`}
            data-testid="points-balance"
          >
            <CreditIcon size={18} />
            <NumberRoll value={account.balance} className="top-bar-points-value" />
          </Button>
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
      {drawerWanted && (
        <Suspense fallback={null}>
          <TopBarDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            account={account}
            language={language}
          />
        </Suspense>
      )}
    </Layout.Header>
  );
}
