import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../store/auth-store.ts';
import './session-retry-notice.css';

/**
 * Says why the user entry and protected pages still wait while the login check retries (the stored session is
 * kept meanwhile). The live region is always there, so screen readers announce the text when it appears.
 */
export function SessionRetryNotice() {
  const { t } = useTranslation();
  const retrying = useAuthStore((s) => s.retrying);
  return (
    <div role="status" className="session-retry">
      {retrying && <span className="session-retry-notice">{t('auth.sessionRetrying')}</span>}
    </div>
  );
}
