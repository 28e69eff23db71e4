/**
 * The classification evaluation: accuracy on the test split, precision/recall per class and the confusion
 * matrix, whose cells open the pictures in them (the misclassified ones are the interesting part).
 */
import { Card, Modal, Space, Statistic, Table, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import type { EvaluationMetrics, TrainImage } from '@ai-edu/contract';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { ThumbGrid } from '../dataset/ThumbGrid.tsx';
import { cellKey, cellShade, imagesByCell, type ClassPrediction } from './cells.ts';
import { texts } from './i18n.ts';
import { SmallTestSplitNotice } from './SmallTestSplitNotice.tsx';
import './evaluation.css';

export type ClsMetrics = Extract<EvaluationMetrics, { task: 'cls' }>;

export interface ClsEvaluationViewProps {
  metrics: ClsMetrics;
  /** The project's images (at least the evaluated ones: their thumbnails open from the matrix). */
  images: readonly TrainImage[];
  /** One per evaluated image; `predicted` is the class index. */
  predictions: readonly ClassPrediction[];
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

function Help({ text }: { text: string }) {
  return (
    <Tooltip title={text}>
      <QuestionCircleOutlined aria-label={text} className="mt-help" />
    </Tooltip>
  );
}

export function ClsEvaluationView({ metrics, images, predictions }: ClsEvaluationViewProps) {
  const { t } = useFeatureTranslation('model-train-evaluation', texts);
  const [open, setOpen] = useState<{ truth: number; predicted: number } | null>(null);
  const cells = useMemo(
    () => imagesByCell(metrics.classes, images, predictions),
    [metrics.classes, images, predictions],
  );
  const total = metrics.perClass.reduce((sum, c) => sum + c.support, 0);
  const rows = metrics.classes.map((name, i) => ({ key: name, name, ...metrics.perClass[i] }));
  const openImages = open ? (cells.get(cellKey(open.truth, open.predicted)) ?? []) : [];
  const nameOf = (i: number) => metrics.classes[i] ?? String(i);

  return (
    <div className="mt-evaluation" data-accuracy={metrics.accuracy}>
      <Space size="large" wrap>
        <Statistic title={t('accuracy')} value={percent(metrics.accuracy)} />
        <Typography.Text type="secondary">{t('imageCount', { count: total })}</Typography.Text>
      </Space>
      <SmallTestSplitNotice images={total} classes={metrics.classes.length} />

      <Card size="small" title={t('perClass')}>
        <Table
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('className'), dataIndex: 'name' },
            {
              title: (
                <span>
                  {t('precision')} <Help text={t('precisionHelp')} />
                </span>
              ),
              dataIndex: 'precision',
              render: (v: number) => percent(v),
            },
            {
              title: (
                <span>
                  {t('recall')} <Help text={t('recallHelp')} />
                </span>
              ),
              dataIndex: 'recall',
              render: (v: number) => percent(v),
            },
            { title: t('support'), dataIndex: 'support' },
          ]}
        />
      </Card>

      <Card
        size="small"
        title={
          <span>
            {t('confusion')} <Help text={t('confusionHelp')} />
          </span>
        }
      >
        <div className="mt-confusion-scroll">
          <table className="mt-confusion" aria-label={t('confusion')}>
            <thead>
              <tr>
                <th />
                {metrics.classes.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {metrics.confusion.map((row, truth) => (
                <tr key={nameOf(truth)}>
                  <th scope="row">{nameOf(truth)}</th>
                  {row.map((count, predicted) => {
                    const shade = cellShade(metrics.confusion, truth, predicted);
                    const right = truth === predicted;
                    return (
                      <td
                        key={predicted}
                        className={right ? 'is-right' : count > 0 ? 'is-wrong' : undefined}
                        style={{
                          backgroundColor: right
                            ? `rgba(82, 196, 26, ${0.1 + 0.6 * shade})`
                            : count > 0
                              ? `rgba(255, 77, 79, ${0.15 + 0.6 * shade})`
                              : undefined,
                        }}
                      >
                        {count > 0 ? (
                          <button
                            type="button"
                            onClick={() => setOpen({ truth, predicted })}
                            aria-label={t('cellLabel', {
                              count,
                              truth: nameOf(truth),
                              predicted: nameOf(predicted),
                            })}
                          >
                            {count}
                          </button>
                        ) : (
                          <span className="mt-zero">0</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <Modal
        open={open !== null}
        onCancel={() => setOpen(null)}
        footer={null}
        width={720}
        title={
          open ? t('truthPredicted', { truth: nameOf(open.truth), predicted: nameOf(open.predicted) }) : ''
        }
        destroyOnHidden
      >
        <ThumbGrid images={openImages} emptyText={t('noImages')} pageSize={48} />
      </Modal>
    </div>
  );
}
