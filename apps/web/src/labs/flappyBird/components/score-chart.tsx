import { useEffect, useRef } from 'react';
import { Card } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import type { GenerationStats } from '@ai-edu/ml/neuroevolution/index.ts';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { fitCanvas } from '../game/canvas.ts';
import { CHART_COLORS, drawChart } from '../game/chart.ts';
import { texts } from '../i18n.ts';
import { FLAPPY_LAB } from '../meta.ts';

/** Best and average pipes per generation; redrawn when a generation ends or the card is resized. */
export function ScoreChart({ history }: { history: readonly GenerationStats[] }) {
  const { t } = useLabTranslation('flappyBird', texts);
  const canvas = useRef<HTMLCanvasElement>(null);
  const generation = t('ai.axisGeneration');
  const pipes = t('ai.axisPipes');

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const draw = () => {
      const fitted = fitCanvas(element);
      if (fitted) drawChart(fitted.ctx, fitted.width, fitted.height, history, { generation, pipes });
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(element);
    return () => observer.disconnect();
  }, [history, generation, pipes]);

  return (
    <Card
      className="fb-card fb-chart"
      title={
        <span className="fb-card-title">
          <LineChartOutlined /> {t('ai.chart')}
        </span>
      }
      extra={
        <span className="fb-legend">
          <span>
            <i style={{ background: CHART_COLORS.best }} />
            {t('ai.bestLine')}
          </span>
          <span>
            <i style={{ background: CHART_COLORS.average }} />
            {t('ai.averageLine')}
          </span>
        </span>
      }
    >
      <canvas ref={canvas} className="fb-chart-canvas" role="img" aria-label={t('ai.chart')} />
      <p className="fb-muted fb-small">
        {history.length === 0 ? t('ai.chartEmpty') : t('ai.cap', { cap: FLAPPY_LAB.maxScore })}
      </p>
    </Card>
  );
}
