import { Alert, Button, Spin } from 'antd';
import type { DownloadSource } from '../lib/download-progress.ts';
import type { ModelLoad } from '../lib/use-model-worker.ts';
import { DownloadProgress } from './download-progress.tsx';

interface ModelLoadViewProps {
  model: ModelLoad<unknown>;
  downloads: DownloadSource;
  onRetry: () => void;
  /** The lab's texts: `loading`, `loadFailed` (with `{{message}}`, the reason) and `retry`. */
  t: (key: 'loading' | 'loadFailed' | 'retry', values?: { message: string }) => string;
  className?: string;
}

/** What a tiny model's page shows until the model is ready: the download's progress, or why it failed. */
export function ModelLoadView({ model, downloads, onRetry, t, className }: ModelLoadViewProps) {
  if (model.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed', { message: model.error ?? '' })}
        action={<Button onClick={onRetry}>{t('retry')}</Button>}
      />
    );
  }
  return (
    <div className={className}>
      <Spin size="large" />
      <span>{t('loading')}</span>
      <DownloadProgress source={downloads} />
    </div>
  );
}
