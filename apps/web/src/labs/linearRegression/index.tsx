import { useMemo, useReducer, useState } from 'react';
import { Alert } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { closedForm, domainScaler, lossGrid, surfaceWindow, type Line } from '@ai-edu/ml/regression/index.ts';
import { LabFrame } from '../../components/lab-frame.tsx';
import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { COLORS } from './components/colors.ts';
import { DataPlot } from './components/data-plot.tsx';
import { LearnCards } from './components/learn-cards.tsx';
import { LossCurve } from './components/loss-curve.tsx';
import { LossSurface } from './components/loss-surface.tsx';
import { PlotToolbar } from './components/plot-toolbar.tsx';
import { formatRate, TrainingControls } from './components/training-controls.tsx';
import { texts } from './i18n.ts';
import { DEFAULT_PRESET, findPreset, SLUG, SPEEDS, SURFACE_NODES } from './meta.ts';
import {
  currentLine,
  followWindow,
  formatNumber,
  initialState,
  reducer,
  scaledPoints,
  summarize,
} from './model.ts';
import { useDescentLoop } from './use-descent-loop.ts';
import './linear-regression.css';

const ORIGIN: Line = { w: 0, b: 0 };
const LESSONS = ['model', 'loss', 'gradient', 'rate', 'exact', 'scaling'] as const;

/**
 * The linear regression lab: points on a chart, a line y = w·x + b fitted by animated gradient descent,
 * the loss surface over (w, b) with the descent path, the loss curve, and the exact least-squares answer
 * to compare with. The maths lives in packages/ml/src/regression.
 */
export default function LinearRegressionLab() {
  const { t } = useLabTranslation(SLUG, texts);
  const [state, dispatch] = useReducer(reducer, DEFAULT_PRESET, initialState);
  const [showResiduals, setShowResiduals] = useState(true);
  useDescentLoop(state.running, SPEEDS[state.speed], dispatch);

  const preset = findPreset(state.preset);
  const fit = summarize(state);
  const scaled = useMemo(
    () => scaledPoints({ domain: state.domain, points: state.points }),
    [state.domain, state.points],
  );
  const exact = useMemo(() => closedForm(scaled), [scaled]);
  const base = useMemo(() => surfaceWindow([ORIGIN, state.start, exact.line]), [state.start, exact]);
  // Compared by value: the grid is recomputed only when the window really moves.
  const { wMin, wMax, bMin, bMax } = followWindow(base, state.path);
  const grid = useMemo(
    () => lossGrid(scaled, { wMin, wMax, bMin, bMax }, SURFACE_NODES, SURFACE_NODES),
    [scaled, wMin, wMax, bMin, bMax],
  );
  const [dismissedRate, setDismissedRate] = useState<number | null>(null);
  const cards = useMemo(
    () =>
      LESSONS.map((key) => ({
        key,
        title: t(`learn.${key}.title`),
        formula: t(`learn.${key}.formula`),
        text: t(`learn.${key}.text`),
      })),
    [t],
  );
  const realLosses = useMemo(() => {
    const scaler = domainScaler(state.domain);
    return state.losses.map((loss) => scaler.lossToReal(loss));
  }, [state.losses, state.domain]);

  const count = state.points.length;
  const line = currentLine(state);
  const tooLarge = state.learningRate > fit.limit;
  const next =
    count > 0 && state.outcome === 'none'
      ? { w: line.w - state.learningRate * fit.gradient.dw, b: line.b - state.learningRate * fit.gradient.db }
      : null;
  const hasAnswer = exact.status !== 'empty';

  const status = (() => {
    if (state.outcome === 'diverged')
      return { type: 'error' as const, text: t('status.diverged', { count: fit.steps }) };
    if (exact.status === 'single-point') return { type: 'info' as const, text: t('status.single') };
    if (exact.status === 'same-x') return { type: 'info' as const, text: t('status.sameX') };
    if (state.outcome === 'converged')
      return { type: 'success' as const, text: t('status.converged', { count: fit.steps }) };
    if (state.outcome === 'limit')
      return { type: 'info' as const, text: t('status.limit', { count: fit.steps }) };
    return null;
  })();

  const numberCell = (value: number, testId: string) => (
    <td data-testid={testId} data-value={value}>
      {formatNumber(value)}
    </td>
  );

  return (
    <LabFrame slug={SLUG} className="lr-lab">
      <div className="lr-layout">
        <section className="lr-panel lr-data-panel">
          <PlotToolbar
            t={t}
            preset={state.preset}
            count={count}
            showResiduals={showResiduals}
            onShowResiduals={setShowResiduals}
            dispatch={dispatch}
          />
          <div className="lr-plot-wrap">
            {tooLarge && dismissedRate !== state.learningRate && (
              <Alert
                className="lr-too-large"
                type="warning"
                showIcon
                icon={<ThunderboltOutlined />}
                title={t('tooLarge.title')}
                description={t('tooLarge.text', {
                  rate: formatRate(state.learningRate),
                  limit: formatRate(fit.limit),
                })}
                closable={{ onClose: () => setDismissedRate(state.learningRate) }}
                data-testid="lr-too-large"
              />
            )}
            <DataPlot
              points={state.points}
              domain={state.domain}
              xLabel={t(`axes.${preset.xLabel}`)}
              yLabel={t(`axes.${preset.yLabel}`)}
              gdLine={fit.gd.line}
              lsLine={hasAnswer ? fit.ls.line : null}
              showResiduals={showResiduals}
              ariaLabel={t('plot.aria')}
              emptyHint={t('plot.empty')}
              onAdd={(point) => dispatch({ type: 'add', point })}
              onMove={(index, point) => dispatch({ type: 'move', index, point })}
              onRemove={(index) => dispatch({ type: 'remove', index })}
            />
          </div>
          <div className="lr-legend">
            <span className="lr-legend-item">
              <i style={{ background: COLORS.gd }} /> {t('plot.legendGd')}
            </span>
            <span className="lr-legend-item">
              <i className="lr-legend-dashed" style={{ borderColor: COLORS.ls }} /> {t('plot.legendLs')}
            </span>
            <span className="lr-legend-count" data-testid="lr-point-count">
              {t('plot.points', { count })}
            </span>
            <span className="lr-hint">{t('plot.hint')}</span>
          </div>
          {exact.status === 'empty' && <p className="lr-note">{t('status.empty')}</p>}
          {state.preset === 'outlier' && <p className="lr-note lr-note-tip">{t('notes.outlier')}</p>}
          {status && (
            <Alert
              className="lr-status"
              type={status.type}
              showIcon
              title={status.text}
              data-testid="lr-status"
            />
          )}
        </section>

        <div className="lr-side">
          <section className="lr-panel lr-train-panel">
            <TrainingControls
              t={t}
              running={state.running}
              canStep={count > 0 && !state.running && state.outcome === 'none'}
              hasPoints={count > 0}
              learningRate={state.learningRate}
              limit={fit.limit}
              speed={state.speed}
              dispatch={dispatch}
            />

            <table className="lr-numbers">
              <thead>
                <tr>
                  <th>{t('numbers.method')}</th>
                  <th>{t('numbers.w')}</th>
                  <th>{t('numbers.b')}</th>
                  <th>{t('numbers.mse')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th>
                    <i className="lr-swatch" style={{ background: COLORS.gd }} />
                    {t('numbers.gd')}
                    <span className="lr-step" data-testid="lr-steps" data-value={fit.steps}>
                      {t('train.steps', { count: fit.steps })}
                    </span>
                  </th>
                  {numberCell(fit.gd.line.w, 'lr-gd-w')}
                  {numberCell(fit.gd.line.b, 'lr-gd-b')}
                  {numberCell(fit.gd.loss, 'lr-gd-loss')}
                </tr>
                <tr>
                  <th>
                    <i className="lr-swatch lr-swatch-dashed" style={{ borderColor: COLORS.ls }} />
                    {t('numbers.ls')}
                  </th>
                  {numberCell(fit.ls.line.w, 'lr-ls-w')}
                  {numberCell(fit.ls.line.b, 'lr-ls-b')}
                  {numberCell(fit.ls.loss, 'lr-ls-loss')}
                </tr>
              </tbody>
            </table>
          </section>

          <div className="lr-charts">
            <section className="lr-panel lr-chart-panel">
              <h2 className="lr-chart-title">{t('surface.title')}</h2>
              <LossSurface
                grid={grid}
                minimum={exact.loss}
                best={hasAnswer ? exact.line : null}
                path={state.path}
                next={next}
                wLabel={t('surface.wAxis')}
                bLabel={t('surface.bAxis')}
                offMapLabel={t('surface.offMap')}
                ariaLabel={t('surface.aria')}
                onPick={(picked) => dispatch({ type: 'startAt', line: picked })}
              />
              <p className="lr-caption">{t('surface.caption')}</p>
            </section>
            <section className="lr-panel lr-chart-panel">
              <h2 className="lr-chart-title">{t('curve.title')}</h2>
              <LossCurve
                losses={realLosses}
                minimum={fit.ls.loss}
                stepLabel={t('curve.step')}
                lossLabel={t('curve.loss')}
                minimumLabel={t('curve.minimum')}
              />
              <p className="lr-caption">{t('curve.caption')}</p>
            </section>
          </div>
        </div>
      </div>

      <LearnCards title={t('learn.title')} cards={cards} />
    </LabFrame>
  );
}
