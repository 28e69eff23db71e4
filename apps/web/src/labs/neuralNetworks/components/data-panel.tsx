import { memo, useEffect, useRef } from 'react';
import { Button, Segmented, Slider, Tooltip } from 'antd';
import { ClearOutlined, EditOutlined, SyncOutlined } from '@ant-design/icons';
import {
  DATASET_NAMES,
  DOMAIN,
  generateDataset,
  LIMITS,
  type DatasetName,
  type GeneratedDataset,
  type PlaygroundSettings,
} from '@ai-edu/ml/nn/index.ts';
import { BLUE_CSS, ORANGE_CSS } from '../colors.ts';
import { useTexts } from '../use-lab.ts';
import { Hint } from './help.tsx';
import type { SettingsChange } from './run-bar.tsx';

/** The class a click on the map adds in draw mode. */
export type DrawClass = 1 | -1;

const PREVIEW = 52;

/** A small picture of a data set: 160 points, drawn once. */
function DatasetPreview({ name }: { name: GeneratedDataset }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = PREVIEW * ratio;
    canvas.height = PREVIEW * ratio;
    context.scale(ratio, ratio);
    context.clearRect(0, 0, PREVIEW, PREVIEW);
    const scale = PREVIEW / (2 * DOMAIN);
    for (const p of generateDataset(name, 160, 0, 7)) {
      context.fillStyle = p.label > 0 ? BLUE_CSS : ORANGE_CSS;
      context.beginPath();
      context.arc((p.x1 + DOMAIN) * scale, (DOMAIN - p.x2) * scale, 1.6, 0, 2 * Math.PI);
      context.fill();
    }
  }, [name]);
  return (
    <canvas
      ref={ref}
      className="nn-dataset-preview"
      style={{ width: PREVIEW, height: PREVIEW }}
      aria-hidden
    />
  );
}

interface DataPanelProps {
  settings: PlaygroundSettings;
  onChange: SettingsChange;
  drawClass: DrawClass;
  onDrawClass: (value: DrawClass) => void;
}

/** Which data, how noisy, how it is split, how many points per update; in draw mode, the pen. */
export const DataPanel = memo(function DataPanel({
  settings,
  onChange,
  drawClass,
  onDrawClass,
}: DataPanelProps) {
  const { t } = useTexts();
  const custom = settings.dataset === 'custom';
  const pick = (dataset: DatasetName) => {
    if (dataset !== settings.dataset) onChange({ dataset });
  };
  return (
    <section className="nn-card nn-data" aria-labelledby="nn-data-title">
      <h2 className="nn-card-title" id="nn-data-title">
        {t('data.title')}
      </h2>
      <div className="nn-field">
        <span className="nn-field-label">{t('data.dataset')}</span>
        <div className="nn-datasets" role="group" aria-label={t('data.dataset')}>
          {DATASET_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              className="nn-dataset"
              aria-pressed={settings.dataset === name}
              onClick={() => pick(name)}
            >
              {name === 'custom' ? (
                <span className="nn-dataset-preview nn-dataset-draw" aria-hidden>
                  <EditOutlined />
                </span>
              ) : (
                <DatasetPreview name={name} />
              )}
              <span className="nn-dataset-name">{t(`data.datasets.${name}`)}</span>
            </button>
          ))}
        </div>
        <Hint>{t('data.datasetHint')}</Hint>
      </div>

      {custom ? (
        <div className="nn-field nn-draw-tools">
          <span className="nn-field-label">{t('data.drawClass')}</span>
          <Segmented<DrawClass>
            block
            value={drawClass}
            onChange={onDrawClass}
            options={[
              {
                value: 1,
                label: (
                  <span className="nn-pen">
                    <i style={{ background: BLUE_CSS }} /> {t('data.blue')}
                  </span>
                ),
              },
              {
                value: -1,
                label: (
                  <span className="nn-pen">
                    <i style={{ background: ORANGE_CSS }} /> {t('data.orange')}
                  </span>
                ),
              },
            ]}
          />
          <div className="nn-draw-row">
            <span>{t('data.pointCount', { count: settings.points.length })}</span>
            <Button
              size="small"
              icon={<ClearOutlined />}
              disabled={settings.points.length === 0}
              onClick={() => onChange({ points: [] })}
            >
              {t('data.clear')}
            </Button>
          </div>
          <Hint>{settings.points.length >= LIMITS.maxPoints ? t('data.full') : t('data.drawHint')}</Hint>
        </div>
      ) : null}

      <div className="nn-field">
        <span className="nn-field-label" id="nn-train-label">
          {t('data.trainPercent', { percent: settings.trainPercent })}
        </span>
        <Slider
          aria-labelledby="nn-train-label"
          min={LIMITS.minTrainPercent}
          max={LIMITS.maxTrainPercent}
          step={LIMITS.trainPercentStep}
          value={settings.trainPercent}
          onChange={(trainPercent) => onChange({ trainPercent })}
        />
        <Hint>{t('data.trainPercentHint')}</Hint>
      </div>
      {custom ? null : (
        <div className="nn-field">
          <span className="nn-field-label" id="nn-noise-label">
            {t('data.noise', { noise: settings.noise })}
          </span>
          <Slider
            aria-labelledby="nn-noise-label"
            min={0}
            max={LIMITS.maxNoise}
            step={LIMITS.noiseStep}
            value={settings.noise}
            onChange={(noise) => onChange({ noise })}
          />
          <Hint>{t('data.noiseHint')}</Hint>
        </div>
      )}
      <div className="nn-field">
        <span className="nn-field-label" id="nn-batch-label">
          {t('data.batchSize', { size: settings.batchSize })}
        </span>
        <Slider
          aria-labelledby="nn-batch-label"
          min={LIMITS.minBatch}
          max={LIMITS.maxBatch}
          value={settings.batchSize}
          onChange={(batchSize) => onChange({ batchSize })}
        />
        <Hint>{t('data.batchSizeHint')}</Hint>
      </div>
      {custom ? null : (
        <Tooltip title={t('data.regenerateHint')}>
          <Button
            block
            icon={<SyncOutlined />}
            onClick={() => onChange({ seed: (settings.seed + 1) % 1000 || 1 })}
          >
            {t('data.regenerate')}
          </Button>
        </Tooltip>
      )}
    </section>
  );
});
