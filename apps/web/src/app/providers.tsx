import { useEffect, useMemo, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n, parseLanguage } from '../lib/i18n.ts';
import { useReducedMotion } from '../lib/reduced-motion.ts';
import { registerToastApi } from '../lib/toast.ts';
import { theme } from './theme.ts';

const ANTD_LOCALES = { 'zh-CN': zhCN, en: enUS } as const;

/** Hands antd's message API (which needs <App> context) to the toast module used outside React. */
function ToastBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    registerToastApi(message);
    return () => registerToastApi(null);
  }, [message]);
  return null;
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
      <AntdApp message={{ maxCount: 1 }}>
        <ToastBridge />
        {children}
      </AntdApp>
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
