import { Alert, Button, Spin } from 'antd';
import type { DownloadSource } from '../lib/download-progress.ts';
import type { ModelLoad } from '../lib/use-model-worker.ts';
import { DownloadProgress } from './download-progress.tsx';

interface ModelLoadViewProps {
  model: ModelLoad<unknown>;
  downloads: DownloadSource;
  onRetry: () => void;
  /** The page's texts: while loading, when it failed (with the reason), and the retry button. */
  loading: string;
  failed: (message: string) => string;
  retry: string;
  className?: string;
}

/** What a tiny model's page shows until the model is ready: the download's progress, or why it failed. */
export function ModelLoadView({
  model,
  downloads,
  onRetry,
  loading,
  failed,
  retry,
  className,
}: ModelLoadViewProps) {
  if (model.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        message={failed(model.error ?? '')}
        action={<Button onClick={onRetry}>{retry}</Button>}
      />
    );
  }
  return (
    <div className={className}>
      <Spin size="large" />
      <span>{loading}</span>
      <DownloadProgress source={downloads} />
    </div>
  );
}
