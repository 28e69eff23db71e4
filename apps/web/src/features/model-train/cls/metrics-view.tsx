/**
 * The metrics block of the Evaluate tab: web-data's `ClsEvaluationView` (accuracy, per-class precision and
 * recall, confusion matrix whose cells open the pictures).
 * TODO(web-train): until it lands, a plain accuracy line stands in.
 */
import { Typography } from 'antd';
import type { EvaluationMetrics, TrainImage } from '@ai-edu/contract';
import type { ImagePrediction } from '../training/index.ts';

export function ClsMetricsView({
  metrics,
}: {
  metrics: Extract<EvaluationMetrics, { task: 'cls' }>;
  images: readonly TrainImage[];
  predictions: readonly ImagePrediction[];
}) {
  return (
    <Typography.Title level={4} data-testid="eval-accuracy" data-value={metrics.accuracy}>
      {(metrics.accuracy * 100).toFixed(1)}%
    </Typography.Title>
  );
}
