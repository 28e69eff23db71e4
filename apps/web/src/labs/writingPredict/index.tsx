/**
 * Stick-figure prediction (writingPredict): draw on the pad and the doodle model guesses live what it shows
 * (the top five with their shares), with the 28×28 picture it sees and some of the drawings it learned
 * from. Students teach it new labels with a few drawings (a nearest-neighbour vote over the model's
 * descriptions, saved in this browser per account, exported and imported as a file), and can have the
 * school's painting model turn the sketch into a picture (paid, through the AI gateway).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Typography } from 'antd';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { topK } from '@ai-edu/ml/doodles/model.ts';
import { strokesToInput } from '@ai-edu/ml/doodles/raster.ts';
import { DownloadProgress } from '../../components/download-progress.tsx';
import { LabFrame } from '../../components/lab-frame.tsx';
import { DoodlePad, type PadStroke } from '../../features/doodles/components/doodle-pad.tsx';
import { readDoodle } from '../../features/doodles/doodle-model.ts';
import { useSessionUser } from '../../lib/session-user.ts';
import { safeStorage } from '../../lib/storage.ts';
import { DrawingTools, PEN_WIDTHS, type PadMode } from './components/drawing-tools.tsx';
import { GuessList } from './components/guess-list.tsx';
import { HowItWorks } from './components/how-it-works.tsx';
import { ModelView } from './components/model-view.tsx';
import { SketchPanel } from './components/sketch-panel.tsx';
import { TeachPanel } from './components/teach-panel.tsx';
import { invitedExamples, knownThings } from './invitation.ts';
import { mixPredictions } from './predictions.ts';
import { readSavedLabels, serialiseLabels, storageKey, type TaughtLabel } from './taught-labels.ts';
import { useDoodleReader, useTaughtFeatures } from './use-doodle-reader.ts';
import { SLUG, useTexts } from './use-texts.ts';
import './writing-predict.css';

/** The signed-in account's taught labels, saved in this browser on every change. */
function useSavedLabels() {
  const key = storageKey(useSessionUser()?.uid);
  const [saved, setSaved] = useState(() => ({ key, labels: readSavedLabels(safeStorage.getItem(key)) }));
  // Another account signed in on this page: its own labels.
  if (saved.key !== key) setSaved({ key, labels: readSavedLabels(safeStorage.getItem(key)) });
  const change = (labels: TaughtLabel[]) => {
    setSaved({ key, labels });
    if (labels.length > 0) safeStorage.setItem(key, serialiseLabels(labels));
    else safeStorage.removeItem(key);
  };
  return [saved.key === key ? saved.labels : [], change] as const;
}

export default function WritingPredictLab() {
  const { t, language } = useTexts();
  const reader = useDoodleReader();
  const ready = reader.state.kind === 'ready' ? reader.state : undefined;
  const [strokes, setStrokes] = useState<PadStroke[]>([]);
  const [mode, setMode] = useState<PadMode>('pen');
  const [penWidth, setPenWidth] = useState<number>(PEN_WIDTHS.initial);
  const [labels, setLabels] = useSavedLabels();
  const taught = useTaughtFeatures(ready?.model, labels);

  // Every change of the drawing (at most once a frame while drawing) is read again: the guesses are live.
  const input = useMemo(() => strokesToInput(strokes), [strokes]);
  const reading = useMemo(() => (ready && input ? readDoodle(ready.model, input) : null), [ready, input]);
  const guesses = useMemo(
    () =>
      ready && reading
        ? mixPredictions({
            probs: reading.probs,
            features: reading.features,
            baseExamples: ready.baseExamples,
            taught,
          })
        : [],
    [ready, reading, taught],
  );
  const bestCategory = reading ? topK(reading.probs, 1)[0]?.index : undefined;

  return (
    <LabFrame
      slug={SLUG}
      tip={t('tip', { examples: invitedExamples(language), count: DOODLE_CATEGORIES.length })}
      className="wp-lab"
      progress={
        reader.state.kind === 'loading' && (
          <div className="wp-loading" role="status">
            <span>{t('loading')}</span>
            <DownloadProgress source={reader.downloads} />
          </div>
        )
      }
    >
      {reader.state.kind === 'error' && (
        <Alert
          type="error"
          showIcon
          message={t('loadFailed')}
          description={reader.state.message}
          action={<Button onClick={reader.retry}>{t('retry')}</Button>}
        />
      )}
      <div className="wp-main">
        <Card title={t('pad.title')} className="wp-pad-card">
          <DrawingTools
            mode={mode}
            onMode={setMode}
            penWidth={penWidth}
            onPenWidth={setPenWidth}
            canUndo={strokes.length > 0}
            onUndo={() => setStrokes(strokes.slice(0, -1))}
            onClear={() => setStrokes([])}
          />
          <DoodlePad
            strokes={strokes}
            onChange={(next) => setStrokes(next)}
            label={t('pad.label')}
            penWidth={penWidth}
            mode={mode}
            className="wp-pad"
          />
          <details className="wp-known">
            <summary>{t('pad.known', { count: DOODLE_CATEGORIES.length })}</summary>
            {knownThings(language)}
          </details>
        </Card>
        <Card title={t('guesses.title')} className="wp-guess-card" data-testid="wp-guesses">
          {ready && (
            <>
              {guesses.length > 0 ? (
                <GuessList guesses={guesses} />
              ) : (
                <Typography.Paragraph className="wp-guess-empty">
                  {strokes.length > 0 ? t('guesses.tooSmall') : t('guesses.empty')}
                </Typography.Paragraph>
              )}
              <ModelView model={ready.model} input={input} category={bestCategory} />
            </>
          )}
        </Card>
      </div>
      <div className="wp-more">
        <TeachPanel labels={labels} onLabels={setLabels} input={input} onAdded={() => setStrokes([])} />
        <SketchPanel strokes={strokes} />
      </div>
      <HowItWorks />
      <Typography.Paragraph type="secondary" className="wp-credit">
        {t('credit')}
      </Typography.Paragraph>
    </LabFrame>
  );
}
