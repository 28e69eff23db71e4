import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { FEATURE_IDS, LIMITS, type FeatureId, type PlaygroundSettings } from '@ai-edu/ml/nn/index.ts';
import { featureMaps } from '../feature-maps.ts';
import { FEATURE_LABELS, HEATMAP_RESOLUTION } from '../meta.ts';
import { useSnapshot, useTexts, type Translate } from '../use-lab.ts';
import { HeatmapCanvas } from './heatmap-canvas.tsx';
import { HelpLabel, Hint } from './help.tsx';
import { NetworkLinks, type Anchor } from './network-links.tsx';
import type { SettingsChange } from './run-bar.tsx';

/** Geometry of the drawing, in CSS pixels. */
const NODE = 36;
const ROW = 44;
const LABEL = 60;
const MIN_GAP = 30;
const MAX_GAP = 110;

/** Left edge of column `col` (0: the features, then the hidden layers, last the output). */
const columnX = (col: number, gap: number) => LABEL + col * (NODE + gap);
/** Top edge of row `row` of a column of `count` neurons, centred in a drawing `height` tall. */
const rowY = (height: number, count: number, row: number) =>
  (height - count * ROW) / 2 + row * ROW + (ROW - NODE) / 2;

/** Width of the element, followed as it resizes (the drawing spreads its columns to fit). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function neuronName(t: Translate, id: string): string {
  const [layer, index] = id.split('_').map(Number);
  if (layer === undefined || index === undefined) return FEATURE_LABELS[id as FeatureId] ?? id;
  return t('network.neuron', { layer, index: index + 1 });
}

interface NodeProps {
  kind: 'feature' | 'neuron';
  x: number;
  y: number;
  values: Float32Array | undefined;
  label: string;
  pressed: boolean;
  dim?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

const Node = memo(function Node({ kind, x, y, values, label, pressed, dim, disabled, onClick }: NodeProps) {
  return (
    <button
      type="button"
      className={['nn-node', `nn-node-${kind}`, dim ? 'nn-node-off' : ''].join(' ')}
      style={{ left: x, top: y, width: NODE, height: NODE }}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      <HeatmapCanvas values={values} resolution={HEATMAP_RESOLUTION} />
    </button>
  );
});

interface NetworkDiagramProps {
  settings: PlaygroundSettings;
  onChange: SettingsChange;
  /** The neuron shown large in the output panel (null: the output). */
  selected: string | null;
  onSelect: (id: string | null) => void;
}

/**
 * The network: the features, each hidden layer (with its +/− buttons) and the output, every neuron drawn as
 * its heat map and every link as a curve whose colour is the sign of the weight and whose width its size.
 */
export function NetworkDiagram({ settings, onChange, selected, onSelect }: NetworkDiagramProps) {
  const { t } = useTexts();
  const { ref, width } = useWidth<HTMLDivElement>();
  const heatmaps = useSnapshot((s) => s.heatmaps);
  const links = useSnapshot((s) => s.links);
  const layers = useSnapshot((s) => s.layers);
  const inputs = featureMaps(HEATMAP_RESOLUTION);
  const hidden = settings.hiddenLayers;

  // The geometry follows the network being drawn (`layers`); the buttons follow the settings.
  const columns = layers.length;
  const gap = Math.max(MIN_GAP, Math.min(MAX_GAP, (width - LABEL - 4 - columns * NODE) / (columns - 1)));
  const colX = (col: number) => columnX(col, gap);
  const height = Math.max(FEATURE_IDS.length, ...layers.map((layer) => layer.length)) * ROW;
  const drawingWidth = colX(columns - 1) + NODE + 4;

  // Where each neuron sits: features by their place in the list, others by layer and index. Recomputed only
  // when the shape or the width changes, so the links canvas is not re-laid out on every frame.
  const position = useMemo(() => {
    const at = new Map<string, { x: number; y: number }>();
    FEATURE_IDS.forEach((id, row) =>
      at.set(id, { x: columnX(0, gap), y: rowY(height, FEATURE_IDS.length, row) }),
    );
    layers.slice(1).forEach((layer, i) => {
      layer.forEach((id, row) => at.set(id, { x: columnX(i + 1, gap), y: rowY(height, layer.length, row) }));
    });
    return at;
  }, [layers, height, gap]);
  const anchors = useMemo(() => {
    const outOf = new Map<string, Anchor>();
    const into = new Map<string, Anchor>();
    for (const [id, { x, y }] of position) {
      outOf.set(id, { x: x + NODE, y: y + NODE / 2 });
      into.set(id, { x, y: y + NODE / 2 });
    }
    return { outOf, into };
  }, [position]);

  const toggleFeature = (id: FeatureId) => {
    const on = settings.features.includes(id);
    const features = on
      ? settings.features.filter((f) => f !== id)
      : FEATURE_IDS.filter((f) => f === id || settings.features.includes(f));
    if (features.length > 0) onChange({ features });
  };
  const setLayers = (hiddenLayers: number[]) => onChange({ hiddenLayers });
  const outputId = layers.at(-1)?.[0] ?? '';

  return (
    <section className="nn-card nn-network" aria-labelledby="nn-network-title">
      <div className="nn-network-head">
        <h2 className="nn-card-title" id="nn-network-title">
          <HelpLabel
            label={t('network.hiddenLayers', { count: hidden.length })}
            why={t('network.hiddenWhy')}
          />
        </h2>
        <Tooltip title={t('network.addLayer')}>
          <Button
            size="small"
            shape="circle"
            icon={<PlusOutlined />}
            aria-label={t('network.addLayer')}
            disabled={hidden.length >= LIMITS.maxHiddenLayers}
            onClick={() => setLayers([...hidden, hidden.at(-1) ?? 2])}
          />
        </Tooltip>
        <Tooltip title={t('network.removeLayer')}>
          <Button
            size="small"
            shape="circle"
            icon={<MinusOutlined />}
            aria-label={t('network.removeLayer')}
            disabled={hidden.length === 0}
            onClick={() => setLayers(hidden.slice(0, -1))}
          />
        </Tooltip>
      </div>
      <div className="nn-network-scroll" ref={ref}>
        <div className="nn-network-drawing" style={{ width: drawingWidth }}>
          <div className="nn-layer-heads" style={{ width: drawingWidth }}>
            <span className="nn-layer-head" style={{ left: colX(0) - LABEL, width: LABEL + NODE }}>
              {t('network.features')}
            </span>
            {hidden.map((count, i) => (
              <div key={i} className="nn-layer-head" style={{ left: colX(i + 1) + NODE / 2 - 40, width: 80 }}>
                <div className="nn-layer-buttons">
                  <Button
                    size="small"
                    shape="circle"
                    icon={<PlusOutlined />}
                    aria-label={t('network.addNeuron', { layer: i + 1 })}
                    disabled={count >= LIMITS.maxNeurons}
                    onClick={() => setLayers(hidden.map((n, j) => (j === i ? n + 1 : n)))}
                  />
                  <Button
                    size="small"
                    shape="circle"
                    icon={<MinusOutlined />}
                    aria-label={t('network.removeNeuron', { layer: i + 1 })}
                    disabled={count <= 1}
                    onClick={() => setLayers(hidden.map((n, j) => (j === i ? n - 1 : n)))}
                  />
                </div>
                <span>{t('network.neurons', { count })}</span>
              </div>
            ))}
            <span className="nn-layer-head" style={{ left: colX(columns - 1) + NODE / 2 - 40, width: 80 }}>
              {t('network.output')}
            </span>
          </div>
          <div className="nn-network-body" style={{ height }}>
            <NetworkLinks
              width={drawingWidth}
              height={height}
              links={links}
              outOf={anchors.outOf}
              into={anchors.into}
            />
            {FEATURE_IDS.map((id, row) => {
              const on = settings.features.includes(id);
              const y = rowY(height, FEATURE_IDS.length, row);
              return (
                <div key={id}>
                  <span
                    className={['nn-feature-label', on ? '' : 'nn-feature-off'].join(' ')}
                    style={{ top: y, left: colX(0) - LABEL, width: LABEL - 8, height: NODE }}
                    aria-hidden
                  >
                    {FEATURE_LABELS[id]}
                  </span>
                  <Node
                    kind="feature"
                    x={colX(0)}
                    y={y}
                    values={inputs.get(id)}
                    label={FEATURE_LABELS[id]}
                    pressed={on}
                    dim={!on}
                    disabled={on && settings.features.length === 1}
                    onClick={() => toggleFeature(id)}
                  />
                </div>
              );
            })}
            {layers.slice(1).map((layer) =>
              layer.map((id) => {
                const at = position.get(id);
                if (!at) return null;
                const isOutput = id === outputId;
                const isSelected = isOutput ? selected === null : selected === id;
                return (
                  <Node
                    kind="neuron"
                    key={id}
                    x={at.x}
                    y={at.y}
                    values={heatmaps.neurons.get(id)}
                    label={isOutput ? t('network.output') : neuronName(t, id)}
                    pressed={isSelected}
                    onClick={() => onSelect(isOutput || selected === id ? null : id)}
                  />
                );
              }),
            )}
          </div>
        </div>
      </div>
      <Hint>{t('network.featuresHint')}</Hint>
      <Hint>{t('network.hint')}</Hint>
    </section>
  );
}
