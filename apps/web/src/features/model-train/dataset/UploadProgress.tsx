/** Progress of an upload batch: a bar, and each refused file with the reason (the server's own words). */
import { Button, Progress, Space, Typography } from 'antd';
import type { UploadState } from '../api/uploader.ts';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';

export function UploadProgress({
  states,
  fileNames,
  running,
  onCancel,
}: {
  states: readonly UploadState[];
  fileNames: readonly string[];
  running: boolean;
  onCancel?: () => void;
}) {
  const { t } = useFeatureTranslation('model-train-dataset', texts);
  if (states.length === 0) return null;
  const done = states.filter((s) => s.status === 'done').length;
  const failed = states.flatMap((s, i) =>
    s.status === 'error' ? [{ name: fileNames[i] ?? '', error: s.error }] : [],
  );
  const finished = done + failed.length;
  const sending = states.flatMap((s, i) => (s.status === 'uploading' ? [fileNames[i] ?? ''] : []));
  return (
    <div className="mt-upload-progress" role="status" data-done={done} data-failed={failed.length}>
      <Space wrap>
        <Typography.Text>{t('progress.status', { done, total: states.length })}</Typography.Text>
        {failed.length > 0 && (
          <Typography.Text type="danger">{t('progress.failed', { count: failed.length })}</Typography.Text>
        )}
        {running && onCancel && (
          <Button size="small" onClick={onCancel}>
            {t('progress.cancel')}
          </Button>
        )}
      </Space>
      <Progress
        percent={Math.round((finished / states.length) * 100)}
        success={{ percent: Math.round((done / states.length) * 100) }}
        size="small"
        status={running ? 'active' : failed.length ? 'exception' : 'success'}
      />
      {running && sending.length > 0 && (
        <Typography.Text type="secondary" className="mt-upload-now">
          {t('progress.sending', { names: sending.join(', ') })}
        </Typography.Text>
      )}
      {failed.length > 0 && (
        <ul className="mt-upload-list">
          {failed.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <Typography.Text strong>{f.name}</Typography.Text>:{' '}
              <Typography.Text type="danger">{f.error}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
