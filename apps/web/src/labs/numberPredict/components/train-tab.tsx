import { useState } from 'react';
import { Alert, Button, Card, Progress, Segmented, Select, Statistic } from 'antd';
import { CaretRightOutlined, EditOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { BROWSER_NET } from '@ai-edu/ml/digits/model.ts';
import { DownloadProgress } from '../../../components/download-progress.tsx';
import type { DownloadSource } from '../../../lib/download-progress.ts';
import { DEFAULT_EPOCHS, DEFAULT_LEARNING_RATE, EPOCH_CHOICES, LEARNING_RATES } from '../meta.ts';
import type { Training } from '../use-digit-lab.ts';
import { formatPercent, useTexts } from '../use-texts.ts';
import { AccuracyChart } from './accuracy-chart.tsx';

export interface TrainTabProps {
  training: Training;
  /** Whether a network trained here is ready to try. */
  hasYours: boolean;
  onStart: (epochs: number, learningRate: number) => void;
  onStop: () => void;
  onTry: () => void;
  /** The training pack's download (shown while the tab waits for it). */
  packDownloads?: DownloadSource | null;
}

/** Train the small network in the browser and watch its test accuracy climb epoch by epoch. */
export function TrainTab({ training, hasYours, onStart, onStop, onTry, packDownloads }: TrainTabProps) {
  const { t, lang } = useTexts();
  const [epochs, setEpochs] = useState<number>(DEFAULT_EPOCHS);
  const [learningRate, setLearningRate] = useState<number>(DEFAULT_LEARNING_RATE);
  const { phase, points } = training;
  const busy = phase === 'loading' || phase === 'training';
  const latest = points.at(-1);
  const shownEpochs = busy ? training.epochs : epochs;
  const overall = busy && training.epochs > 0 ? (points.length - 1 + training.progress) / training.epochs : 0;

  const status = (() => {
    switch (phase) {
      case 'loading':
        return t('train.loadingData');
      case 'training':
        return t('train.epochProgress', {
          epoch: Math.min(training.epoch, training.epochs),
          epochs: training.epochs,
        });
      case 'stopped':
        return t('train.stopped', { count: training.epochs });
      case 'done':
        return t('train.done', { count: training.epochs, seconds: training.seconds.toFixed(1) });
      default:
        return '';
    }
  })();

  return (
    <div className="np-train">
      <Card className="np-card np-train-controls" size="small">
        <p className="np-train-intro">{t('train.intro')}</p>
        <p className="np-train-net">
          {t('train.network', { f1: BROWSER_NET.filters[0], f2: BROWSER_NET.filters[1] })}
        </p>
        <div className="np-train-settings">
          <label className="np-setting">
            <span>{t('train.epochs')}</span>
            <Segmented<number>
              value={shownEpochs}
              onChange={setEpochs}
              disabled={busy}
              options={EPOCH_CHOICES.map((n) => ({ value: n, label: String(n) }))}
            />
          </label>
          <label className="np-setting">
            <span>{t('train.learningRate')}</span>
            <Select<number>
              value={learningRate}
              onChange={setLearningRate}
              disabled={busy}
              options={LEARNING_RATES.map((r) => ({ value: r, label: String(r) }))}
              style={{ width: 100 }}
              aria-label={t('train.learningRate')}
            />
          </label>
        </div>
        <div className="np-train-actions">
          {busy ? (
            <Button
              key="stop"
              size="large"
              danger
              icon={<StopOutlined />}
              onClick={onStop}
              disabled={phase === 'loading'}
            >
              {t('train.stop')}
            </Button>
          ) : (
            <Button
              key="start"
              type="primary"
              size="large"
              icon={phase === 'idle' || phase === 'error' ? <CaretRightOutlined /> : <ReloadOutlined />}
              onClick={() => onStart(epochs, learningRate)}
            >
              {phase === 'idle' || phase === 'error' ? t('train.start') : t('train.again')}
            </Button>
          )}
          <Statistic
            className="np-train-stat"
            title={t('train.accuracy')}
            value={latest ? formatPercent(latest.test, lang, 1) : '–'}
          />
        </div>
        <div className="np-train-status" aria-live="polite">
          {busy && (
            <Progress
              percent={Math.round(overall * 100)}
              showInfo={false}
              status="active"
              strokeColor="#3a3fd8"
              aria-label={status}
            />
          )}
          <span>{status}</span>
        </div>
        {phase === 'loading' && <DownloadProgress source={packDownloads} />}
        {phase === 'error' && <Alert type="error" showIcon message={t('train.dataFailed')} />}
        {(phase === 'done' || phase === 'stopped') && hasYours && (
          <Alert
            type="success"
            showIcon
            message={t('train.tryItHint')}
            action={
              <Button size="small" type="primary" icon={<EditOutlined />} onClick={onTry}>
                {t('train.tryIt')}
              </Button>
            }
          />
        )}
      </Card>

      <Card className="np-card np-train-chart" size="small" title={t('train.chartTitle')}>
        <AccuracyChart
          points={points}
          epochs={shownEpochs}
          formatPercent={(v) => formatPercent(v, lang, 1)}
          labels={{
            aria: t('train.chartAria'),
            empty: t('train.chartEmpty'),
            test: t('train.accuracy'),
            train: t('train.trainAccuracy'),
            epoch: t('train.epochAxis'),
          }}
        />
      </Card>

      <Card className="np-card np-train-explain" size="small" title={t('train.explainTitle')}>
        <ul>
          <li>{t('train.explain.start')}</li>
          <li>{t('train.explain.learn')}</li>
          <li>{t('train.explain.test')}</li>
          <li>{t('train.explain.compare')}</li>
        </ul>
      </Card>
    </div>
  );
}
