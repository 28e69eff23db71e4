import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown when the runtime config cannot be loaded: without it no request can be signed. */
export function BootError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="boot-screen">
      <Result
        status="warning"
        title={t('boot.failed')}
        subTitle={t('boot.failedHint')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
