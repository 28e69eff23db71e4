/** Detection metrics: mAP at the IoU threshold and AP per class (the ONNX evaluation shows it; web-det may too). */
import { Card, Statistic, Table, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import type { EvaluationMetrics } from '@ai-edu/contract';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';
import { SmallTestSplitNotice } from './SmallTestSplitNotice.tsx';
import './evaluation.css';

export type DetMetrics = Extract<EvaluationMetrics, { task: 'det' }>;

export function DetMetricsView({ metrics, imageCount }: { metrics: DetMetrics; imageCount?: number }) {
  const { t } = useFeatureTranslation('model-train-evaluation', texts);
  const rows = metrics.classes.map((name, i) => ({ key: name, name, ap: metrics.perClassAp[i] ?? 0 }));
  return (
    <div className="mt-evaluation" data-map={metrics.map}>
      <Statistic
        title={
          <span>
            {t('map', { iou: metrics.iouThreshold })}{' '}
            <Tooltip title={t('mapHelp')}>
              <QuestionCircleOutlined aria-label={t('mapHelp')} className="mt-help" />
            </Tooltip>
          </span>
        }
        value={`${(metrics.map * 100).toFixed(1)}%`}
        suffix={
          imageCount === undefined ? undefined : <small>· {t('imageCount', { count: imageCount })}</small>
        }
      />
      {imageCount !== undefined && (
        <SmallTestSplitNotice images={imageCount} classes={metrics.classes.length} />
      )}
      <Card size="small" title={t('perClass')}>
        <Table
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('className'), dataIndex: 'name' },
            { title: t('ap'), dataIndex: 'ap', render: (v: number) => `${(v * 100).toFixed(1)}%` },
          ]}
        />
      </Card>
    </div>
  );
}
