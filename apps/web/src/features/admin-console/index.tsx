/**
 * The admin console (`/admin`, lazy): users, credits, lab access, contacts, events, AI providers and the audit log over
 * `/api/admin/*`. Only accounts whose user info says `role: 'admin'` see it; everyone else gets a 403 page
 * (the server refuses them anyway).
 */
import { useState } from 'react';
import { Skeleton, Tabs } from 'antd';
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CalendarOutlined,
  ContactsOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import type { UserSummary } from './api/admin-api.ts';
import { AiProvidersTab } from './components/ai-providers-tab.tsx';
import { AuditTab } from './components/audit-tab.tsx';
import { ContactsTab } from './components/contacts-tab.tsx';
import { CreditsTab } from './components/credits-tab.tsx';
import { EventsTab } from './components/events-tab.tsx';
import { Forbidden } from './components/forbidden.tsx';
import { LabAccessTab, type LabScope } from './components/lab-access-tab.tsx';
import { UsersTab } from './components/users-tab.tsx';
import { useAdminTranslation } from './i18n.ts';
import { useSessionUser } from './use-session-user.ts';
import './admin-console.css';

const TABS = ['users', 'credits', 'labs', 'contacts', 'events', 'ai', 'audit'] as const;
type TabKey = (typeof TABS)[number];

function isTab(value: string | null): value is TabKey {
  return (TABS as readonly string[]).includes(value ?? '');
}

function Console() {
  const { t } = useAdminTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = isTab(params.get('tab')) ? (params.get('tab') as TabKey) : 'users';
  const [creditsUser, setCreditsUser] = useState<UserSummary | null>(null);
  const [labScope, setLabScope] = useState<LabScope>({ kind: 'account', user: null });

  const go = (next: TabKey) => setParams(next === 'users' ? {} : { tab: next }, { replace: true });

  return (
    <Tabs
      className="admin-tabs"
      activeKey={tab}
      onChange={(key) => go(key as TabKey)}
      destroyOnHidden
      items={[
        {
          key: 'users',
          icon: <TeamOutlined />,
          label: t('tabs.users'),
          children: (
            <UsersTab
              onCredits={(user) => {
                setCreditsUser(user);
                go('credits');
              }}
              onLabAccess={(user) => {
                setLabScope({ kind: 'account', user });
                go('labs');
              }}
            />
          ),
        },
        {
          key: 'credits',
          icon: <WalletOutlined />,
          label: t('tabs.credits'),
          children: <CreditsTab user={creditsUser} onUser={setCreditsUser} />,
        },
        {
          key: 'labs',
          icon: <AppstoreOutlined />,
          label: t('tabs.labs'),
          children: <LabAccessTab scope={labScope} onScope={setLabScope} />,
        },
        {
          key: 'contacts',
          icon: <ContactsOutlined />,
          label: t('tabs.contacts'),
          children: <ContactsTab />,
        },
        { key: 'events', icon: <CalendarOutlined />, label: t('tabs.events'), children: <EventsTab /> },
        { key: 'ai', icon: <ApiOutlined />, label: t('tabs.aiProviders'), children: <AiProvidersTab /> },
        { key: 'audit', icon: <AuditOutlined />, label: t('tabs.audit'), children: <AuditTab /> },
      ]}
    />
  );
}

export default function AdminConsolePage() {
  const { t } = useAdminTranslation();
  const user = useSessionUser();
  if (!user) {
    return (
      <PageFrame title={t('title')} backTo="/">
        <Skeleton active paragraph={{ rows: 8 }} />
      </PageFrame>
    );
  }
  if (user.role !== 'admin') {
    return (
      <PageFrame backTo="/">
        <Forbidden />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('title')} tip={t('tip')} backTo="/" className="admin-console">
      <Console />
    </PageFrame>
  );
}
