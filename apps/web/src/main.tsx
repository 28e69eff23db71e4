/**
 * Boot order matters: take one-time login parameters out of the address bar first, then load the runtime
 * config (no request can be signed without it), restore the saved session, start the login check and render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
// The DOM build wires ReactDOM.flushSync, so a navigation can ask to render at once (see lab-index.tsx).
import { RouterProvider } from 'react-router/dom';
import { BootShell } from './app/boot-shell.tsx';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { loadRuntimeConfig } from './config/runtime-config.ts';
import {
  captureLoginParams,
  decideLoginIntent,
  rehydrateAuthStore,
  runLoginCheck,
  useAuthStore,
  useLoginPop,
} from './features/auth/index.ts';
import { configureApiClient } from './lib/api-client.ts';
import { currentLanguage, i18n, initI18n, loadLanguage } from './lib/i18n.ts';
import './app/global.css';

const loginParams = captureLoginParams();
initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const root = createRoot(container);

/**
 * The error page for a failed start is loaded only when needed (it is not part of the first page's budget);
 * if even that fails (the network is gone), a plain line with a retry button.
 */
async function showBootError(): Promise<void> {
  const retry = () => void boot();
  try {
    const { BootError } = await import('./app/boot-error.tsx');
    root.render(
      <I18nextProvider i18n={i18n}>
        <BootError onRetry={retry} />
      </I18nextProvider>,
    );
  } catch {
    root.render(
      <p className="boot-screen">
        {i18n.t('boot.failed')}{' '}
        <button type="button" onClick={retry}>
          {i18n.t('common.retry')}
        </button>
      </p>,
    );
  }
}

async function boot(): Promise<void> {
  // The same shell index.html shows before any script ran (a retry comes back to it).
  root.render(<BootShell />);
  try {
    await Promise.all([loadRuntimeConfig(), loadLanguage(currentLanguage())]);
  } catch (error) {
    console.error('runtime config or language could not be loaded', error);
    await showBootError();
    return;
  }

  await rehydrateAuthStore();
  configureApiClient({
    getUid: () => useAuthStore.getState().users.uid,
    // The server no longer knows this session: forget it and offer the login modal (spec §8 401).
    onUnauthorized: () => {
      const auth = useAuthStore.getState();
      auth.clearSession();
      auth.setStatus('unauthenticated');
      useLoginPop.getState().openLoginModal();
    },
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  void runLoginCheck(queryClient, decideLoginIntent(loginParams, useAuthStore.getState().users.uid));

  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </Providers>
    </StrictMode>,
  );
}

void boot();
