import { memo, useEffect, useRef, type PointerEvent } from 'react';
import { Button, Checkbox } from 'antd';
import { DOMAIN, LIMITS, snapPoint, type Example, type PlaygroundSettings } from '@ai-edu/ml/nn/index.ts';
import { BLUE_CSS, ORANGE_CSS } from '../colors.ts';
import { HEATMAP_RESOLUTION } from '../meta.ts';
import { formatLoss, useSnapshot, useTexts } from '../use-lab.ts';
import type { DrawClass } from './data-panel.tsx';
import { HeatmapCanvas } from './heatmap-canvas.tsx';
import { Hint } from './help.tsx';
import { LossChart } from './loss-chart.tsx';
import { neuronName } from './network-diagram.tsx';
import type { SettingsChange } from './run-bar.tsx';

/** The data points over the map, redrawn only when the points (or the map's size) change. */
function PointsLayer({ train, test }: { train: readonly Example[]; test: readonly Example[] | null }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const draw = () => {
      const context = canvas.getContext('2d');
      const size = canvas.clientWidth;
      if (!context || size === 0) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(size * ratio);
      canvas.height = Math.round(size * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, size, size);
      const scale = size / (2 * DOMAIN);
      const radius = Math.max(2.5, Math.min(4.5, size / 80));
      const dot = (p: Example, stroke: string) => {
        context.beginPath();
        context.arc((p.x1 + DOMAIN) * scale, (DOMAIN - p.x2) * scale, radius, 0, 2 * Math.PI);
        context.fillStyle = p.label > 0 ? BLUE_CSS : ORANGE_CSS;
        context.fill();
        context.lineWidth = 1;
        context.strokeStyle = stroke;
        context.stroke();
      };
      for (const p of train) dot(p, '#ffffff');
      for (const p of test ?? []) dot(p, '#1f1f3a');
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [train, test]);
  return <canvas ref={ref} className="nn-map-layer" aria-hidden />;
}

interface OutputPanelProps {
  settings: PlaygroundSettings;
  onChange: SettingsChange;
  selected: string | null;
  onSelect: (id: string | null) => void;
  drawClass: DrawClass;
}

function LossFigures() {
  const { t } = useTexts();
  const testLoss = useSnapshot((s) => s.testLoss);
  const trainLoss = useSnapshot((s) => s.trainLoss);
  return (
    <div className="nn-losses">
      <div className="nn-loss">
        <span className="nn-loss-label" id="nn-test-loss">
          <i className="nn-swatch nn-swatch-test" /> {t('output.testLoss')}
        </span>
        <output className="nn-loss-value" aria-labelledby="nn-test-loss">
          {formatLoss(testLoss)}
        </output>
      </div>
      <div className="nn-loss">
        <span className="nn-loss-label" id="nn-train-loss">
          <i className="nn-swatch nn-swatch-train" /> {t('output.trainLoss')}
        </span>
        <output className="nn-loss-value nn-loss-value-train" aria-labelledby="nn-train-loss">
          {formatLoss(trainLoss)}
        </output>
      </div>
    </div>
  );
}

function LossCurves() {
  const { t } = useTexts();
  const history = useSnapshot((s) => s.history);
  return (
    <>
      <LossChart history={history} label={t('output.chart')} />
      <Hint>{t('output.lossHint')}</Hint>
    </>
  );
}

/**
 * What the network answers everywhere on the plane (or one chosen neuron), the data on top, the losses and
 * their curves; in draw mode a click or tap on the map adds a point.
 */
export const OutputPanel = memo(function OutputPanel({
  settings,
  onChange,
  selected,
  onSelect,
  drawClass,
}: OutputPanelProps) {
  const { t } = useTexts();
  const heatmaps = useSnapshot((s) => s.heatmaps);
  const train = useSnapshot((s) => s.train);
  const test = useSnapshot((s) => s.test);
  const neuron = selected !== null ? heatmaps.neurons.get(selected) : undefined;
  const drawing = settings.dataset === 'custom';
  const full = settings.points.length >= LIMITS.maxPoints;

  const addPoint = (event: PointerEvent<HTMLDivElement>) => {
    if (!drawing || !event.isPrimary || event.button !== 0 || full) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    const x1 = ((event.clientX - rect.left) / rect.width) * 2 * DOMAIN - DOMAIN;
    const x2 = DOMAIN - ((event.clientY - rect.top) / rect.height) * 2 * DOMAIN;
    onChange({ points: [...settings.points, snapPoint(x1, x2, drawClass)] });
  };

  return (
    <section className="nn-card nn-output" aria-labelledby="nn-output-title">
      <div className="nn-output-head">
        <h2 className="nn-card-title" id="nn-output-title">
          {t('output.title')}
        </h2>
        <LossFigures />
      </div>
      <div className="nn-map-frame">
        <span className="nn-axis nn-axis-y" aria-hidden>
          <span>{DOMAIN}</span>
          <span>X₂</span>
          <span>−{DOMAIN}</span>
        </span>
        <div
          className={['nn-map', drawing ? 'nn-map-drawing' : ''].join(' ')}
          role={drawing ? 'application' : 'img'}
          aria-label={drawing ? t('output.drawHere') : t('output.map')}
          onPointerDown={addPoint}
        >
          <HeatmapCanvas
            className="nn-map-layer"
            values={neuron ?? heatmaps.output}
            resolution={HEATMAP_RESOLUTION}
            discretize={settings.discretize && !neuron}
          />
          <PointsLayer train={train} test={settings.showTest ? test : null} />
          {drawing && train.length + test.length === 0 ? (
            <div className="nn-map-empty">{t('output.drawHere')}</div>
          ) : null}
        </div>
        <span className="nn-axis nn-axis-x" aria-hidden>
          <span>−{DOMAIN}</span>
          <span>X₁</span>
          <span>{DOMAIN}</span>
        </span>
      </div>
      {neuron ? (
        <div className="nn-showing">
          <span>{t('output.showing', { name: neuronName(t, selected ?? '') })}</span>
          <Button size="small" type="link" onClick={() => onSelect(null)}>
            {t('output.showOutput')}
          </Button>
        </div>
      ) : null}
      <LossCurves />
      <div className="nn-legend" aria-hidden>
        <span>−1</span>
        <i className="nn-legend-bar" />
        <span>+1</span>
      </div>
      <Hint>{t('output.legend')}</Hint>
      <div className="nn-output-options">
        <Checkbox checked={settings.showTest} onChange={(e) => onChange({ showTest: e.target.checked })}>
          {t('output.showTest')}
        </Checkbox>
        <Checkbox checked={settings.discretize} onChange={(e) => onChange({ discretize: e.target.checked })}>
          {t('output.discretize')}
        </Checkbox>
      </div>
    </section>
  );
});
