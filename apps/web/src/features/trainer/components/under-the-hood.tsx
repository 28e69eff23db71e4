import { Collapse, Descriptions, Table, Typography } from 'antd';
import type { Trained, TrainingProgress } from '../use-trainer.ts';
import { formatPercent, useTrainerTexts } from '../texts.ts';
import { LossAccuracyChart } from '../../../components/loss-accuracy-chart.tsx';

export interface UnderTheHoodProps {
  trained: Trained | null;
  progress: TrainingProgress;
  featureSize: number;
}

/** Epochs, learning rate, the loss curve, per-class accuracy and the confusion matrix of the last training. */
export function UnderTheHood({ trained, progress, featureSize }: UnderTheHoodProps) {
  const { t, language } = useTrainerTexts();
  const result = trained?.result ?? null;
  const settings = trained?.settings ?? null;
  const labels = trained?.labels ?? [];
  const evaluation = result?.evaluation;
  const pct = (v: number | null | undefined) =>
    v === null || v === undefined ? t('hood.none') : formatPercent(v, language);

  const body = (
    <div className="trainer-hood">
      {settings && result && (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'model',
              label: t('hood.model'),
              children: t('hood.modelText', {
                features: featureSize,
                hidden:
                  settings.hiddenUnits > 0
                    ? t('hood.hiddenLayer', { n: settings.hiddenUnits })
                    : t('hood.noHidden'),
                classes: labels.length,
                epochs: result.history.length,
                learningRate: settings.learningRate,
                train: result.trainCount,
              }),
            },
          ]}
        />
      )}
      <LossAccuracyChart
        points={progress.history.map((h) => ({
          epoch: h.epoch,
          loss: h.loss,
          accuracy: h.testAccuracy ?? h.accuracy,
        }))}
        epochs={progress.epochs || settings?.epochs || 1}
        labels={{
          aria: t('hood.chart'),
          empty: t('hood.chartEmpty'),
          loss: t('hood.loss'),
          accuracy: t('hood.accuracy'),
        }}
      />
      {evaluation && result && (
        <>
          <Typography.Paragraph type="secondary">
            {result.evaluatedOn === 'heldOut'
              ? t('hood.measuredHeldOut', { count: evaluation.count })
              : t('hood.measuredTraining')}
          </Typography.Paragraph>
          <Typography.Title level={5}>{t('hood.perClass')}</Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            aria-label={t('hood.perClass')}
            columns={[
              { title: t('hood.class'), dataIndex: 'name' },
              { title: t('hood.samples'), dataIndex: 'count', align: 'right' },
              { title: t('hood.classAccuracy'), dataIndex: 'accuracy', align: 'right' },
            ]}
            dataSource={labels.map((name, k) => ({
              key: k,
              name,
              count: (evaluation.matrix[k] ?? []).reduce((a, b) => a + b, 0),
              accuracy: pct(evaluation.perClass[k]),
            }))}
          />
          <Typography.Title level={5}>{t('hood.confusion')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('hood.confusionHint')}</Typography.Paragraph>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            className="trainer-confusion"
            aria-label={t('hood.confusion')}
            columns={[
              { title: t('hood.actual'), dataIndex: 'name', fixed: 'left' },
              ...labels.map((name, p) => ({
                title: name,
                dataIndex: `p${p}`,
                align: 'right' as const,
                onCell: (row: { key: number }) => ({
                  className: row.key === p ? 'trainer-diagonal' : undefined,
                }),
              })),
            ]}
            dataSource={labels.map((name, a) => ({
              key: a,
              name,
              ...Object.fromEntries(labels.map((_, p) => [`p${p}`, evaluation.matrix[a]?.[p] ?? 0])),
            }))}
            scroll={{ x: true }}
          />
        </>
      )}
    </div>
  );

  return (
    <Collapse
      className="trainer-hood-panel"
      items={[{ key: 'hood', label: t('hood.title'), children: body }]}
    />
  );
}
