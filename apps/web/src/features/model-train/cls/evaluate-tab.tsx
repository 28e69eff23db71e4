/**
 * The Evaluate tab: the test-split metrics of the page's model (web-data's confusion-matrix view) and every
 * test picture with what the model said. Each row carries its class probabilities in `data-probabilities`
 * (the e2e compares them with onnxruntime's on the exported file).
 */
import { Alert, Table, Typography } from 'antd';
import type { TrainImage } from '@ai-edu/contract';
import type { TrainingSession } from '../training/index.ts';
import { ClsEvaluationView } from '../evaluation/index.ts';
import { useClsTexts } from './use-texts.ts';

export function EvaluateTab({
  session,
  images,
}: {
  session: TrainingSession;
  images: readonly TrainImage[];
}) {
  const { t } = useClsTexts();
  const evaluation = session.model?.evaluation;
  if (!session.model) return <Alert type="info" showIcon title={t('evaluate.none')} />;
  if (!evaluation || evaluation.metrics.task !== 'cls')
    return <Alert type="info" showIcon title={t('evaluate.noTest')} />;
  const classes = evaluation.metrics.classes;
  const byId = new Map(images.map((im) => [im.id, im]));
  const rows = evaluation.predictions.map((p) => {
    const image = byId.get(p.imageId);
    const probabilities = p.probabilities ?? [];
    return {
      key: p.imageId,
      image,
      truth: image?.label ?? '',
      predicted: p.predicted === undefined ? '' : (classes[p.predicted] ?? ''),
      confidence: p.predicted === undefined ? 0 : (probabilities[p.predicted] ?? 0),
      probabilities,
    };
  });
  return (
    <div>
      <ClsEvaluationView metrics={evaluation.metrics} images={images} predictions={evaluation.predictions} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('evaluate.perImage')}
      </Typography.Title>
      <div data-testid="test-predictions">
        <Table
          size="small"
          dataSource={rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          onRow={(row) =>
            ({
              'data-image-id': row.key,
              'data-file-name': row.image?.fileName ?? '',
              'data-probabilities': JSON.stringify(row.probabilities),
            }) as React.HTMLAttributes<HTMLElement>
          }
          columns={[
            {
              key: 'thumb',
              width: 64,
              render: (_, row) =>
                row.image ? (
                  <img
                    src={row.image.thumbUrl}
                    alt={row.image.fileName}
                    width={48}
                    height={48}
                    style={{ objectFit: 'cover' }}
                  />
                ) : null,
            },
            { key: 'truth', title: t('evaluate.truth'), dataIndex: 'truth' },
            {
              key: 'predicted',
              title: t('evaluate.predicted'),
              render: (_, row) => (
                <Typography.Text type={row.predicted === row.truth ? undefined : 'danger'}>
                  {row.predicted}
                </Typography.Text>
              ),
            },
            {
              key: 'confidence',
              title: t('evaluate.confidence'),
              render: (_, row) => `${(row.confidence * 100).toFixed(1)}%`,
            },
          ]}
        />
      </div>
    </div>
  );
}
