/** The user's storage (images, thumbnails, models, ONNX uploads) against the quota. */
import { Progress, Typography } from 'antd';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { useQuota } from '../api/hooks.ts';
import { formatBytes, quotaPercent } from './format.ts';
import { texts } from './i18n.ts';

export function QuotaBar() {
  const { t } = useFeatureTranslation('model-train-dataset', texts);
  const quota = useQuota();
  if (!quota.data) return null;
  const { usedBytes, limitBytes } = quota.data;
  const percent = quotaPercent(usedBytes, limitBytes);
  return (
    <div className="mt-quota" data-used={usedBytes} data-limit={limitBytes}>
      <Typography.Text type="secondary">
        {t('quota', { used: formatBytes(usedBytes), limit: formatBytes(limitBytes) })}
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        status={percent >= 95 ? 'exception' : 'normal'}
        showInfo={false}
        aria-label={t('quota', { used: formatBytes(usedBytes), limit: formatBytes(limitBytes) })}
      />
    </div>
  );
}
