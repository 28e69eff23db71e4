import { useMemo, type ReactNode } from 'react';
import { ArrowRightOutlined } from '@ant-design/icons';
import type { Preprocessed } from '@ai-edu/ml/digits/preprocess.ts';
import type { FeatureMaps, Inspection } from '../worker-protocol.ts';
import { formatPercent, useTexts } from '../use-texts.ts';
import { MapCanvas, heatPalette, inkPalette, mapProps, maxAbs, signedPalette } from './map-canvas.tsx';

export interface InsideNetworkProps {
  /** The drawing (for the first step's "before" picture). */
  drawing: { width: number; height: number; pixels: Float32Array } | null;
  prepared: Preprocessed | null;
  inspection: Inspection | null;
  /** The first layer's filters of the network that answered. */
  filters: FeatureMaps;
}

function Step({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className={`np-step np-step-${id}`} aria-labelledby={`np-step-${id}`}>
      <div className="np-step-text">
        <h3 id={`np-step-${id}`}>{title}</h3>
        <p>{text}</p>
      </div>
      <div className="np-step-visual">{children}</div>
    </section>
  );
}

function MapGrid({
  maps,
  label,
  caption,
  className,
}: {
  maps: FeatureMaps;
  label: (n: number) => string;
  caption: string;
  className: string;
}) {
  const palette = useMemo(() => heatPalette(maxAbs(maps)), [maps]);
  return (
    <figure className={`np-maps ${className}`}>
      <div className="np-maps-grid">
        {Array.from({ length: maps.count }, (_, c) => (
          <MapCanvas key={c} {...mapProps(maps, c)} palette={palette} label={label(c + 1)} />
        ))}
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/**
 * The five steps of recognition, each explained next to what it computed for the current drawing: pixels,
 * convolution (filters and their feature maps), pooling, a second convolution, dense layer and softmax.
 */
export function InsideNetwork({ drawing, prepared, inspection, filters }: InsideNetworkProps) {
  const { t, lang } = useTexts();
  const filterPalette = useMemo(() => signedPalette(maxAbs(filters)), [filters]);
  const mapLabel = (n: number) => `#${n}`;
  const empty = <p className="np-step-empty">{t('result.empty')}</p>;

  const scores = inspection?.scores ?? [];
  const scoreMax = Math.max(1e-6, ...scores.map(Math.abs));
  const best = inspection ? inspection.probabilities.indexOf(Math.max(...inspection.probabilities)) : -1;
  const flatInputs = inspection ? inspection.pool2.size ** 2 * inspection.pool2.count : 0;

  return (
    <div className="np-inside">
      <header className="np-inside-head">
        <h2>{t('steps.title')}</h2>
        <p>{t('steps.intro')}</p>
      </header>

      <Step id="pixels" title={t('steps.pixels.title')} text={t('steps.pixels.text')}>
        {drawing && prepared ? (
          <div className="np-pipeline">
            <figure>
              <div className="np-thumb-box">
                <MapCanvas
                  data={drawing.pixels}
                  width={drawing.width}
                  height={drawing.height}
                  palette={inkPalette}
                  label={t('steps.pixels.drawing')}
                  className="np-thumb np-thumb-smooth"
                />
                <span
                  className="np-bbox"
                  style={{
                    left: `${(prepared.box.x0 / drawing.width) * 100}%`,
                    top: `${(prepared.box.y0 / drawing.height) * 100}%`,
                    width: `${((prepared.box.x1 - prepared.box.x0 + 1) / drawing.width) * 100}%`,
                    height: `${((prepared.box.y1 - prepared.box.y0 + 1) / drawing.height) * 100}%`,
                  }}
                />
              </div>
              <figcaption>{t('steps.pixels.drawing')}</figcaption>
            </figure>
            <ArrowRightOutlined className="np-arrow" aria-hidden />
            <figure>
              <div className="np-thumb-box np-thumb-fit">
                <MapCanvas
                  data={prepared.scaled.pixels}
                  width={prepared.scaled.width}
                  height={prepared.scaled.height}
                  palette={inkPalette}
                  label="20 × 20"
                  className="np-thumb"
                  /* keep proportions inside the square box */
                />
              </div>
              <figcaption>20 × 20</figcaption>
            </figure>
            <ArrowRightOutlined className="np-arrow" aria-hidden />
            <figure>
              <div className="np-thumb-box">
                <MapCanvas
                  data={prepared.digit.pixels}
                  width={28}
                  height={28}
                  palette={inkPalette}
                  label={t('steps.pixels.input')}
                  className="np-thumb np-grid-28"
                />
              </div>
              <figcaption>{t('steps.pixels.input')}</figcaption>
            </figure>
          </div>
        ) : (
          empty
        )}
      </Step>

      <Step id="conv1" title={t('steps.conv1.title')} text={t('steps.conv1.text', { count: filters.count })}>
        <figure className="np-maps np-filters">
          <div className="np-maps-grid">
            {Array.from({ length: filters.count }, (_, c) => (
              <MapCanvas key={c} {...mapProps(filters, c)} palette={filterPalette} label={mapLabel(c + 1)} />
            ))}
          </div>
          <figcaption>{t('steps.conv1.filters')}</figcaption>
        </figure>
        {inspection ? (
          <MapGrid
            maps={inspection.conv1}
            label={mapLabel}
            caption={t('steps.conv1.maps', { size: inspection.conv1.size })}
            className="np-maps-conv1"
          />
        ) : (
          empty
        )}
      </Step>

      <Step id="pool" title={t('steps.pool.title')} text={t('steps.pool.text')}>
        {inspection ? (
          <MapGrid
            maps={inspection.pool1}
            label={mapLabel}
            caption={t('steps.pool.maps', { size: inspection.pool1.size })}
            className="np-maps-pool1"
          />
        ) : (
          empty
        )}
      </Step>

      <Step
        id="conv2"
        title={t('steps.conv2.title')}
        text={t('steps.conv2.text', { count: inspection?.conv2.count ?? '' })}
      >
        {inspection ? (
          <MapGrid
            maps={inspection.conv2}
            label={mapLabel}
            caption={t('steps.conv2.maps', {
              size: inspection.conv2.size,
              pooled: inspection.pool2.size,
            })}
            className="np-maps-conv2"
          />
        ) : (
          empty
        )}
      </Step>

      <Step
        id="dense"
        title={t('steps.dense.title')}
        text={t('steps.dense.text', { inputs: flatInputs || '…' })}
      >
        {inspection ? (
          <table className="np-scores">
            <thead>
              <tr>
                <th scope="col" aria-label="digit" />
                <th scope="col">{t('steps.dense.scores')}</th>
                <th scope="col">{t('steps.dense.probability')}</th>
              </tr>
            </thead>
            <tbody>
              {scores.map((score, digit) => (
                <tr key={digit} className={digit === best ? 'np-score-best' : undefined}>
                  <th scope="row">{digit}</th>
                  <td>
                    <span className="np-score-track">
                      <span
                        className={score >= 0 ? 'np-score-bar np-score-pos' : 'np-score-bar np-score-neg'}
                        style={{
                          width: `${(Math.abs(score) / scoreMax) * 50}%`,
                          left: score >= 0 ? '50%' : `${50 - (Math.abs(score) / scoreMax) * 50}%`,
                        }}
                      />
                    </span>
                    <span className="np-score-value">{score.toFixed(1)}</span>
                  </td>
                  <td className="np-score-prob">
                    {formatPercent(inspection.probabilities[digit] ?? 0, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          empty
        )}
      </Step>
    </div>
  );
}
