import { Alert, Button, Collapse, Form, InputNumber, Progress, Select, Slider } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { TRAIN_LIMITS, type TrainSettings } from '@ai-edu/ml/trainer/index.ts';
import type { TrainBlock } from '../project-state.ts';
import { formatPercent, useTrainerTexts } from '../texts.ts';
import type { Trained, TrainingProgress } from '../use-trainer.ts';

const LEARNING_RATES = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05];

export interface TrainPanelProps {
  settings: TrainSettings;
  onSettings: (settings: Partial<TrainSettings>) => void;
  block: TrainBlock;
  samples: number;
  classes: number;
  ready: boolean;
  progress: TrainingProgress;
  trained: Trained | null;
  stale: boolean;
  onTrain: () => void;
  onStop: () => void;
}

export function TrainPanel(props: TrainPanelProps) {
  const { settings, onSettings, block, progress, trained } = props;
  const { t, language } = useTrainerTexts();
  const last = progress.history.at(-1);
  const status = block
    ? block.reason === 'fewClasses'
      ? t('train.blockFewClasses')
      : t('train.blockEmpty', { name: block.name })
    : t('train.ready', { samples: props.samples, classes: props.classes });
  const result = trained?.result;
  return (
    <div className="trainer-train">
      <div className="trainer-train-actions">
        <Button
          type="primary"
          size="large"
          icon={<ThunderboltOutlined />}
          loading={progress.running}
          disabled={block !== null || !props.ready}
          onClick={props.onTrain}
        >
          {progress.running ? t('train.training') : trained?.result ? t('train.again') : t('train.button')}
        </Button>
        {progress.running && <Button onClick={props.onStop}>{t('train.stop')}</Button>}
      </div>
      <p className={block ? 'trainer-status trainer-status-blocked' : 'trainer-status'}>{status}</p>
      {progress.running && (
        <Progress
          percent={Math.round(((last?.epoch ?? 0) / Math.max(1, progress.epochs)) * 100)}
          format={() => t('train.progress', { epoch: last?.epoch ?? 0, epochs: progress.epochs })}
        />
      )}
      {!progress.running && result && (
        <p className="trainer-train-done" data-testid="train-done">
          {result.evaluatedOn === 'heldOut'
            ? t('train.done', {
                accuracy: formatPercent(result.evaluation.accuracy, language),
                count: result.evaluation.count,
              })
            : t('train.doneTraining', { accuracy: formatPercent(result.evaluation.accuracy, language) })}
        </p>
      )}
      {props.stale && !progress.running && <Alert type="warning" showIcon title={t('train.stale')} />}
      <Collapse
        size="small"
        items={[
          {
            key: 'settings',
            label: t('train.settings'),
            children: (
              <Form layout="vertical" size="small" className="trainer-settings">
                <Form.Item label={t('train.epochs')}>
                  <InputNumber
                    min={TRAIN_LIMITS.epochs.min}
                    max={TRAIN_LIMITS.epochs.max}
                    value={settings.epochs}
                    onChange={(v) => v !== null && onSettings({ epochs: Math.round(v) })}
                  />
                </Form.Item>
                <Form.Item label={t('train.learningRate')}>
                  <Select
                    value={settings.learningRate}
                    options={[...new Set([...LEARNING_RATES, settings.learningRate])]
                      .sort((a, b) => a - b)
                      .map((v) => ({ value: v, label: String(v) }))}
                    onChange={(v) => onSettings({ learningRate: v })}
                  />
                </Form.Item>
                <Form.Item label={t('train.batchSize')}>
                  <Select
                    value={settings.batchSize}
                    options={[...new Set([8, 16, 32, 64, settings.batchSize])]
                      .sort((a, b) => a - b)
                      .map((v) => ({ value: v, label: String(v) }))}
                    onChange={(v) => onSettings({ batchSize: v })}
                  />
                </Form.Item>
                <Form.Item label={t('train.hiddenUnits')}>
                  <Select
                    value={settings.hiddenUnits}
                    options={[...new Set([0, 16, 32, 64, 128, settings.hiddenUnits])]
                      .sort((a, b) => a - b)
                      .map((v) => ({ value: v, label: String(v) }))}
                    onChange={(v) => onSettings({ hiddenUnits: v })}
                  />
                </Form.Item>
                <Form.Item label={t('train.holdOut')}>
                  <Slider
                    min={0}
                    max={TRAIN_LIMITS.holdOut.max}
                    step={0.05}
                    value={settings.holdOut}
                    tooltip={{ formatter: (v) => formatPercent(v ?? 0, language) }}
                    onChange={(v) => onSettings({ holdOut: v })}
                  />
                </Form.Item>
                <Form.Item label={t('train.patience')}>
                  <InputNumber
                    min={0}
                    max={TRAIN_LIMITS.patience.max}
                    value={settings.patience}
                    onChange={(v) => v !== null && onSettings({ patience: Math.round(v) })}
                  />
                </Form.Item>
              </Form>
            ),
          },
        ]}
      />
    </div>
  );
}
