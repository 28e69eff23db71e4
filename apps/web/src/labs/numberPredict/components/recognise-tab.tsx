import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Segmented } from 'antd';
import { ClearOutlined, FileImageOutlined } from '@ant-design/icons';
import { digitPixels } from '@ai-edu/ml/digits/dataset.ts';
import { preprocessDrawing, type GreyImage } from '@ai-edu/ml/digits/preprocess.ts';
import { loadPack } from '../pack.ts';
import type { LabState } from '../use-digit-lab.ts';
import { formatPercent, useTexts } from '../use-texts.ts';
import type { NetworkId } from '../worker-protocol.ts';
import { DrawingPad, type DrawingPadHandle } from './drawing-pad.tsx';
import { InsideNetwork } from './inside-network.tsx';
import { MapCanvas, inkPalette } from './map-canvas.tsx';
import { ProbabilityBars } from './probability-bars.tsx';

export interface RecogniseTabProps {
  lab: LabState;
  /** Test accuracy of the network trained here (null until there is one). */
  yoursAccuracy: number | null;
  choice: NetworkId;
  onChoice: (choice: NetworkId) => void;
  /** Asks the worker to recognise a 28×28 digit (null: the drawing was cleared). */
  recognise: (network: NetworkId, pixels: Float32Array | null) => void;
}

/** Below this probability the answer is shown as a guess the network is unsure of. */
const SURE = 0.6;

/** Write a digit, see what the network reads (28×28), what it answers, and every step in between. */
export function RecogniseTab({ lab, yoursAccuracy, choice, onChoice, recognise }: RecogniseTabProps) {
  const { t, lang } = useTexts();
  const pad = useRef<DrawingPadHandle>(null);
  const [drawing, setDrawing] = useState<GreyImage | null>(null);
  const [sample, setSample] = useState<number | null>(null);
  const [sampleBusy, setSampleBusy] = useState(false);

  const hasYours = lab.filters.yours !== null;
  const network: NetworkId = choice === 'yours' && hasYours ? 'yours' : 'ready';
  const prepared = useMemo(() => (drawing ? preprocessDrawing(drawing) : null), [drawing]);

  // Recognised again whenever the digit, the chosen network or the trained network changes.
  useEffect(() => {
    recognise(network, prepared?.digit.pixels ?? null);
  }, [recognise, network, prepared, lab.yoursVersion]);

  // An answer that arrives after the pad was cleared is not shown.
  const answer = prepared ? lab.answer : null;
  const inspection = answer?.inspection ?? null;
  const filters = (answer && lab.filters[answer.network]) ?? lab.filters[network] ?? lab.filters.ready;
  const servedAccuracy = lab.info?.heldOutAccuracy ?? null;
  const probabilities = inspection?.probabilities ?? null;
  const best = probabilities ? probabilities.indexOf(Math.max(...probabilities)) : -1;
  const bestP = probabilities?.[best] ?? 0;
  const pct = (value: number) => formatPercent(value, lang);

  const onDraw = (next: GreyImage | null) => {
    setDrawing(next);
  };

  const clear = () => {
    setSample(null);
    pad.current?.clear();
  };

  const showSample = async () => {
    setSampleBusy(true);
    try {
      const { test } = await loadPack();
      const i = Math.floor(Math.random() * test.count);
      pad.current?.showDigit(digitPixels(test, i));
      setSample(test.labels[i] ?? null);
    } catch (error) {
      console.warn('digit pack failed to load', error);
    } finally {
      setSampleBusy(false);
    }
  };

  const accuracyHint = (value: number | null, key: 'model.readyHint' | 'model.yoursHint') =>
    value === null ? '' : t(key, { accuracy: formatPercent(value, lang, 1) });

  return (
    <div className="np-recognise">
      <div className="np-top">
        <Card className="np-card np-draw-card" title={t('draw.title')} size="small">
          <div className="np-pad-wrap">
            <DrawingPad
              ref={pad}
              label={t('draw.aria')}
              onChange={(next) => {
                if (sample !== null && next === null) setSample(null);
                onDraw(next);
              }}
            />
            {!drawing && (
              <span className="np-pad-hint" aria-hidden>
                {t('draw.hint')}
              </span>
            )}
          </div>
          <div className="np-pad-actions">
            <Button icon={<ClearOutlined />} onClick={clear} disabled={!drawing}>
              {t('draw.clear')}
            </Button>
            <Button icon={<FileImageOutlined />} onClick={() => void showSample()} loading={sampleBusy}>
              {t('draw.sample')}
            </Button>
          </div>
          <p className="np-sample-note" aria-live="polite">
            {sample !== null ? t('draw.sampleLabel', { digit: sample }) : ' '}
          </p>
        </Card>

        <Card className="np-card np-sees-card" title={t('sees.title')} size="small">
          <div className="np-sees">
            {prepared ? (
              <MapCanvas
                data={prepared.digit.pixels}
                width={28}
                height={28}
                palette={inkPalette}
                label={t('steps.pixels.input')}
                className="np-sees-canvas np-grid-28"
              />
            ) : (
              <div className="np-sees-canvas np-sees-blank np-grid-28" />
            )}
          </div>
          <p className="np-sees-note">{t('sees.note')}</p>
        </Card>

        <Card className="np-card np-result-card" title={t('result.title')} size="small">
          <div className="np-model-choice">
            <span className="np-model-label">{t('model.label')}</span>
            <Segmented<NetworkId>
              value={network}
              onChange={onChoice}
              options={[
                { value: 'ready', label: t('model.ready') },
                { value: 'yours', label: t('model.yours'), disabled: !hasYours },
              ]}
            />
            <span className="np-model-hint">
              {network === 'yours'
                ? accuracyHint(yoursAccuracy, 'model.yoursHint')
                : `${accuracyHint(servedAccuracy, 'model.readyHint')}${hasYours ? '' : ` · ${t('model.yoursNone')}`}`}
            </span>
          </div>
          <div className="np-answer" aria-live="polite">
            {probabilities ? (
              <>
                <span className="np-answer-label">{t('result.guess')}</span>
                <output className="np-answer-digit" aria-label={`${t('result.guess')} ${best}`}>
                  {best}
                </output>
                <span className={bestP >= SURE ? 'np-answer-sure' : 'np-answer-sure np-answer-unsure'}>
                  {bestP >= SURE ? t('result.confidence', { percent: pct(bestP) }) : t('result.unsure')}
                </span>
              </>
            ) : (
              <span className="np-answer-empty">{t('result.empty')}</span>
            )}
          </div>
          <ProbabilityBars
            probabilities={probabilities}
            label={t('result.chartAria')}
            barLabel={(digit, percent) => t('result.probability', { digit, percent })}
            formatPercent={pct}
          />
        </Card>
      </div>

      {filters && (
        <InsideNetwork drawing={drawing} prepared={prepared} inspection={inspection} filters={filters} />
      )}
    </div>
  );
}
