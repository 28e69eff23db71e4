/**
 * The Train tab (cls and det): settings with a one-line explanation each, Start / Pause / Resume / Stop,
 * the feature-extraction progress, live curves per epoch and the elapsed time.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  InputNumber,
  Progress,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { DEFAULT_TRAIN_SETTINGS_BY_KIND, type TrainSettingsWire } from '@ai-edu/contract';
import { CurveChart } from './curve-chart.tsx';
import type { TrainingSession } from './use-training-session.ts';
import { useTrainingTexts } from './use-texts.ts';

const LEARNING_RATES = [0.0001, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.05];
const BATCH_SIZES = [4, 8, 16, 32, 64];
const TRAIN_COLOR = '#1677ff';
const VAL_COLOR = '#fa8c16';

function Setting({ label, help, children }: { label: string; help: string; children: React.ReactNode }) {
  return (
    <div style={{ marginBottom: 12 }}>
      <Space align="center" wrap>
        <Typography.Text strong>{label}</Typography.Text>
        {children}
      </Space>
      <div>
        <Typography.Text type="secondary">{help}</Typography.Text>
      </div>
    </div>
  );
}

const withValue = (options: number[], value: number) =>
  (options.includes(value) ? options : [...options, value].sort((a, b) => a - b)).map((v) => ({
    value: v,
    label: String(v),
  }));

export function TrainingPanel({ session }: { session: TrainingSession }) {
  const { t } = useTrainingTexts();
  const { kind, project, status, progress, history, model, error, counts } = session;
  const [settings, setSettings] = useState<TrainSettingsWire>(
    () => project.settings ?? DEFAULT_TRAIN_SETTINGS_BY_KIND[kind],
  );
  const set = (patch: Partial<TrainSettingsWire>) => setSettings((s) => ({ ...s, ...patch }));
  const busy =
    status === 'preparing' || status === 'training' || status === 'paused' || status === 'evaluating';
  // A classifier needs two classes to choose between; a detector can look for one kind of thing.
  const minClasses = kind === 'cls' ? 2 : 1;
  const canTrain = project.classes.length >= minClasses && counts.train > 0 && status !== 'loading';
  const epochsShown = busy ? settings.epochs : (model?.settings.epochs ?? settings.epochs);
  const last = history[history.length - 1];
  const metric = kind === 'cls' ? 'accuracy' : 'map';

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title={t('settings.title')} size="small">
          <Setting label={t('settings.epochs')} help={t('settings.epochsHelp')}>
            <InputNumber
              aria-label={t('settings.epochs')}
              min={1}
              max={500}
              value={settings.epochs}
              disabled={busy}
              onChange={(v) => typeof v === 'number' && set({ epochs: v })}
            />
          </Setting>
          <Setting label={t('settings.learningRate')} help={t('settings.learningRateHelp')}>
            <Select
              aria-label={t('settings.learningRate')}
              style={{ width: 110 }}
              value={settings.learningRate}
              disabled={busy}
              options={withValue(LEARNING_RATES, settings.learningRate)}
              onChange={(v) => set({ learningRate: v })}
            />
          </Setting>
          <Setting label={t('settings.batchSize')} help={t('settings.batchSizeHelp')}>
            <Select
              aria-label={t('settings.batchSize')}
              style={{ width: 90 }}
              value={settings.batchSize}
              disabled={busy}
              options={withValue(BATCH_SIZES, settings.batchSize)}
              onChange={(v) => set({ batchSize: v })}
            />
          </Setting>
          <Setting label={t('settings.augment')} help={t('settings.augmentHelp')}>
            <Switch
              aria-label={t('settings.augment')}
              checked={settings.augment}
              disabled={busy}
              onChange={(v) => set({ augment: v })}
            />
          </Setting>
          <Typography.Paragraph type="secondary">{t('counts', counts)}</Typography.Paragraph>
          {!canTrain && status !== 'loading' && (
            <Alert type="info" showIcon title={t(kind === 'cls' ? 'needImages' : 'needBoxes')} />
          )}
          <Space wrap style={{ marginTop: 8 }}>
            <Button type="primary" disabled={!canTrain || busy} onClick={() => void session.start(settings)}>
              {t('actions.start')}
            </Button>
            {status === 'paused' ? (
              <Button onClick={session.resume}>{t('actions.resume')}</Button>
            ) : (
              <Button disabled={status !== 'training'} onClick={session.pause}>
                {t('actions.pause')}
              </Button>
            )}
            <Button danger disabled={status !== 'training' && status !== 'paused'} onClick={session.stop}>
              {t('actions.stop')}
            </Button>
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card size="small">
          <div
            data-testid="train-status"
            data-status={status}
            data-tensors={session.tensors ?? undefined}
            data-runs={session.runs}
          >
            {status === 'failed' ? (
              <Alert type="error" showIcon title={t('status.failed', { message: error ?? '' })} />
            ) : (
              <Typography.Text>{t(`status.${status}`)}</Typography.Text>
            )}
          </div>
          {status === 'preparing' && progress && (
            <div>
              <Typography.Text type="secondary">
                {progress.phase === 'backbone'
                  ? t('progress.backbone')
                  : t('progress.features', { done: progress.done, total: progress.total })}
              </Typography.Text>
              <Progress
                percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 0}
                status="active"
              />
            </div>
          )}
          {last && (
            <Space wrap style={{ margin: '8px 0' }}>
              <Typography.Text data-testid="train-epoch">
                {t('epochOf', { epoch: last.epoch, epochs: epochsShown })}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('elapsed', { seconds: (last.elapsedMs / 1000).toFixed(1) })}
              </Typography.Text>
            </Space>
          )}
          {model && !busy && <ModelSummary session={session} />}
          <Row gutter={[8, 8]}>
            <Col xs={24} md={12}>
              <CurveChart
                testId="chart-loss"
                title={t('charts.loss')}
                epochs={epochsShown}
                series={[
                  { name: t('series.train'), color: TRAIN_COLOR, values: history.map((h) => h.loss) },
                  { name: t('series.val'), color: VAL_COLOR, values: history.map((h) => h.valLoss) },
                ]}
              />
            </Col>
            <Col xs={24} md={12}>
              <CurveChart
                testId={`chart-${metric}`}
                title={t(`charts.${metric}`)}
                epochs={epochsShown}
                unitRange
                series={
                  kind === 'cls'
                    ? [
                        {
                          name: t('series.train'),
                          color: TRAIN_COLOR,
                          values: history.map((h) => h.accuracy ?? null),
                        },
                        {
                          name: t('series.val'),
                          color: VAL_COLOR,
                          values: history.map((h) => h.valAccuracy ?? null),
                        },
                      ]
                    : [
                        {
                          name: t('series.val'),
                          color: VAL_COLOR,
                          values: history.map((h) => h.valMap ?? null),
                        },
                      ]
                }
              />
            </Col>
          </Row>
        </Card>
      </Col>
    </Row>
  );
}

/** The finished model's headline: epochs, when, and its test score. */
export function ModelSummary({ session }: { session: TrainingSession }) {
  const { t, language } = useTrainingTexts();
  const model = session.model;
  if (!model) return null;
  const metrics = model.evaluation?.metrics;
  const percent = (v: number) => `${(v * 100).toFixed(1)}%`;
  return (
    <div
      data-testid="model-summary"
      data-feature-ms={Math.round(model.outcome.featureMs)}
      data-train-ms={Math.round(model.outcome.trainMs)}
      style={{ marginBottom: 8 }}
    >
      <Typography.Text>
        {t('last', { epochs: model.outcome.epochs, when: new Date(model.savedAt).toLocaleString(language) })}
      </Typography.Text>
      {metrics?.task === 'cls' && (
        <Typography.Text
          strong
          style={{ marginLeft: 12 }}
          data-testid="test-accuracy"
          data-value={metrics.accuracy}
        >
          {t('testAccuracy', { value: percent(metrics.accuracy) })}
        </Typography.Text>
      )}
      {metrics?.task === 'det' && (
        <Typography.Text strong style={{ marginLeft: 12 }} data-testid="test-map" data-value={metrics.map}>
          {t('testMap', { value: percent(metrics.map) })}
        </Typography.Text>
      )}
      <div>
        <Typography.Text type="secondary">
          {t('timing', {
            features: (model.outcome.featureMs / 1000).toFixed(1),
            train: (model.outcome.trainMs / 1000).toFixed(1),
          })}
        </Typography.Text>
      </div>
    </div>
  );
}
