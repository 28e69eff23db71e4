/** Super-resolution: 2× or 4× with the neural network, its progress tile by tile, and what it produced. */
import { Alert, Button, Progress, Radio, Space, Typography } from 'antd';
import { DownloadProgress } from '../../../components/download-progress.tsx';
import type { DownloadSource } from '../../../lib/download-progress.ts';
import type { UpscaleFactor } from '../upscaler.ts';
import { useTexts } from '../use-texts.ts';

export interface UpscalePanelProps {
  scale: UpscaleFactor;
  onScale: (scale: UpscaleFactor) => void;
  /** The longest side this scale allows when the photo is larger (the run is then refused). */
  tooLarge: number | undefined;
  can4x: boolean;
  onShrink: (maxSide: number) => void;
  onRun: () => void;
  running: boolean;
  progress: { done: number; total: number } | null;
  downloads: DownloadSource | null;
  summary: {
    from: string;
    to: string;
    seconds: string;
    backend: string;
    tiles: number;
    millis: number;
  } | null;
  error: string | null;
}

export function UpscalePanel(props: UpscalePanelProps) {
  const { t } = useTexts();
  return (
    <div className="fix-panel">
      <Typography.Paragraph>{t('upscale.intro')}</Typography.Paragraph>
      <Radio.Group
        value={props.scale}
        onChange={(event) => props.onScale(event.target.value as UpscaleFactor)}
      >
        <Radio value={2}>{t('upscale.x2')}</Radio>
        <Radio value={4} disabled={!props.can4x}>
          {t('upscale.x4')}
        </Radio>
      </Radio.Group>
      {!props.can4x && <Typography.Paragraph type="secondary">{t('upscale.no4x')}</Typography.Paragraph>}
      {props.tooLarge !== undefined && (
        <Alert
          type="warning"
          showIcon
          className="fix-row"
          data-testid="upscale-too-large"
          message={t('upscale.tooLarge', { max: props.tooLarge })}
          action={
            <Button size="small" onClick={() => props.onShrink(props.tooLarge ?? 1)}>
              {t('shrink', { max: props.tooLarge })}
            </Button>
          }
        />
      )}
      <Space wrap className="fix-row">
        <Button
          type="primary"
          onClick={props.onRun}
          loading={props.running}
          data-testid="fix-upscale-run"
          disabled={props.tooLarge !== undefined}
        >
          {t('upscale.run', { scale: props.scale })}
        </Button>
      </Space>
      <DownloadProgress source={props.downloads} />
      {props.progress && props.running && (
        <div role="status" data-testid="upscale-progress">
          <Typography.Text>
            {t('upscale.progress', { done: props.progress.done, total: props.progress.total })}
          </Typography.Text>
          <Progress
            percent={
              props.progress.total ? Math.round((props.progress.done / props.progress.total) * 100) : 0
            }
            size="small"
          />
        </div>
      )}
      {props.summary && (
        <Alert
          type="success"
          showIcon
          className="fix-row"
          data-testid="upscale-summary"
          data-millis={Math.round(props.summary.millis)}
          message={t('upscale.done', props.summary)}
        />
      )}
      {props.error && <Alert type="error" showIcon className="fix-row" message={props.error} />}
    </div>
  );
}
