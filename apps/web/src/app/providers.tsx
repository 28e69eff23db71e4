import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n, parseLanguage } from '../lib/i18n.ts';
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
  return (
    <ConfigProvider locale={ANTD_LOCALES[parseLanguage(instance.language)]} theme={theme}>
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
