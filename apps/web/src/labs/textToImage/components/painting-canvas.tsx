import { useEffect, useState } from 'react';
import { Alert, Button, Image, Progress, Tag } from 'antd';
import { DownloadOutlined, FormatPainterOutlined, PictureOutlined, RedoOutlined } from '@ant-design/icons';
import type { Painting } from '@ai-edu/contract';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';
import { useStyleName } from './style-picker.tsx';
import { canRetry, dimensionsOf, downloadUrl, waitingPercent, type PaintProblem } from '../paint-logic.ts';
import { aiProblemText } from '../../../lib/ai-problem.ts';

/** Seconds since `startedAt`, ticking once a second. */
function useElapsed(startedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

function Waiting({ startedAt, size }: { startedAt: number; size: string }) {
  const { t } = useLabTranslation('textToImage', texts);
  const seconds = useElapsed(startedAt);
  const { width, height } = dimensionsOf(size);
  return (
    <div className="paint-waiting" role="status" aria-live="polite">
      <div className="paint-waiting-frame" style={{ aspectRatio: `${width} / ${height}` }}>
        <FormatPainterOutlined className="paint-waiting-brush" />
      </div>
      <div className="paint-waiting-text">
        <strong>{t('progress.title')}</strong>
        <Progress
          percent={waitingPercent(seconds)}
          status="active"
          showInfo={false}
          strokeColor={{ from: '#4f5bff', to: '#9b5cff' }}
        />
        <span className="paint-waiting-time">{t('progress.elapsed', { seconds })}</span>
        <p>{t('progress.wait')}</p>
      </div>
    </div>
  );
}

export type CanvasState =
  | { kind: 'empty' }
  | { kind: 'painting'; startedAt: number; size: string }
  | { kind: 'done'; painting: Painting }
  | { kind: 'failed'; problem: PaintProblem };

interface PaintingCanvasProps {
  state: CanvasState;
  /** The cost of a painting, already worded ("10 credits"). */
  cost: string;
  onRetry: () => void;
}

/** The right-hand side: what is being painted, the picture with its download, or why it failed. */
export function PaintingCanvas({ state, cost, onRetry }: PaintingCanvasProps) {
  const { t } = useLabTranslation('textToImage', texts);
  const styleName = useStyleName();

  if (state.kind === 'painting') return <Waiting startedAt={state.startedAt} size={state.size} />;

  if (state.kind === 'done') {
    const { painting } = state;
    const { width, height } = dimensionsOf(painting.size);
    return (
      <figure className="paint-result">
        <div className="paint-result-frame" style={{ aspectRatio: `${width} / ${height}` }}>
          <Image src={painting.url} alt={painting.prompt} className="paint-result-image" />
        </div>
        <figcaption className="paint-result-caption">
          <p className="paint-result-prompt">{painting.prompt}</p>
          <div className="paint-result-meta">
            <Tag variant="filled" color="purple">
              {styleName(painting.style)}
            </Tag>
            <Tag variant="filled">{painting.size.replace('x', ' × ')}</Tag>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              href={downloadUrl(painting.url)}
              download
              className="paint-download"
            >
              {t('result.download')}
            </Button>
          </div>
        </figcaption>
      </figure>
    );
  }

  if (state.kind === 'failed') {
    return (
      <div className="paint-failed">
        <Alert
          type={state.problem.kind === 'provider' || state.problem.kind === 'network' ? 'error' : 'warning'}
          showIcon
          title={aiProblemText(state.problem, t, cost)}
          action={
            canRetry(state.problem) ? (
              <Button size="small" icon={<RedoOutlined />} onClick={onRetry}>
                {t('errors.retry')}
              </Button>
            ) : undefined
          }
        />
        <div className="paint-empty paint-empty-failed">
          <PictureOutlined />
        </div>
      </div>
    );
  }

  return (
    <div className="paint-empty">
      <PictureOutlined className="paint-empty-icon" />
      <strong>{t('canvas.emptyTitle')}</strong>
      <span>{t('canvas.emptyText')}</span>
    </div>
  );
}
