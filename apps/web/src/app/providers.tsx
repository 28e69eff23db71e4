import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n, parseLanguage } from '../lib/i18n.ts';
import { useReducedMotion } from '../lib/reduced-motion.ts';
import { onToastWanted } from '../lib/toast.ts';
import { theme } from './theme.ts';

const ANTD_LOCALES = { 'zh-CN': zhCN, en: enUS } as const;

const ToastHost = lazy(() => import('./toast-host.tsx'));

/**
 * Mounts antd's message API the first time something raises a toast. No antd <App> wraps the app: it would
 * bring modal, notification and message code (~17 KB gzip) to every first visit; the few pages that use
 * `App.useApp()` (trainers, the admin console) wrap themselves in one.
 */
function LazyToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  // antd animates popups and modals regardless of the system setting; people who asked for less motion
  // (vestibular disorders, slow school PCs) get them without zooming and sliding.
  const reducedMotion = useReducedMotion();
  const themed = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={ANTD_LOCALES[parseLanguage(instance.language)]} theme={themed}>
      <LazyToastHost />
      {children}
    </ConfigProvider>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
