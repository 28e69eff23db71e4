import { memo, type Dispatch } from 'react';
import { Button, Segmented, Slider, Tag } from 'antd';
import {
  CaretRightOutlined,
  PauseOutlined,
  ReloadOutlined,
  StepForwardOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { LabT } from '../i18n.ts';
import { MAX_LEARNING_RATE, MIN_LEARNING_RATE, SPEEDS, type Speed } from '../meta.ts';
import type { Action } from '../model.ts';

const LOG_MIN = Math.log10(MIN_LEARNING_RATE);
const LOG_MAX = Math.log10(MAX_LEARNING_RATE);
const MARKS = { [-3]: '0.001', [-2]: '0.01', [-1]: '0.1', 0: '1' };

/** A learning rate from the slider's log scale, rounded to two significant digits (0.5, 0.051 …). */
const rateFromSlider = (value: number) => Number((10 ** value).toPrecision(2));

/** A learning rate for display: two decimals, or two significant digits below 0.1. */
export const formatRate = (rate: number) =>
  rate >= 0.1 ? rate.toFixed(2) : String(Number(rate.toPrecision(2)));

export interface TrainingControlsProps {
  t: LabT;
  running: boolean;
  /** 'Step' only makes sense while the descent can still move. */
  canStep: boolean;
  hasPoints: boolean;
  learningRate: number;
  /** The largest stable learning rate for the current points (Infinity for none). */
  limit: number;
  speed: Speed;
  dispatch: Dispatch<Action>;
}

/**
 * Play/pause, step, reset, speed, and the learning rate on a log scale with its stability limit and the
 * too-large demo. Memoised: none of its props change from one step of the descent to the next.
 */
export const TrainingControls = memo(function TrainingControls(props: TrainingControlsProps) {
  const { t, dispatch, learningRate, limit } = props;
  const tooLarge = learningRate > limit;
  return (
    <>
      <div className="lr-buttons">
        {props.running ? (
          <Button type="primary" icon={<PauseOutlined />} onClick={() => dispatch({ type: 'pause' })}>
            {t('train.pause')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<CaretRightOutlined />}
            onClick={() => dispatch({ type: 'play' })}
            disabled={!props.hasPoints}
          >
            {t('train.play')}
          </Button>
        )}
        <Button
          icon={<StepForwardOutlined />}
          onClick={() => dispatch({ type: 'advance', steps: 1 })}
          disabled={!props.canStep}
        >
          {t('train.step')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => dispatch({ type: 'reset' })}>
          {t('train.reset')}
        </Button>
        <Segmented<Speed>
          className="lr-speed"
          value={props.speed}
          onChange={(value) => dispatch({ type: 'speed', value })}
          options={(Object.keys(SPEEDS) as Speed[]).map((s) => ({ value: s, label: t(`train.${s}`) }))}
          aria-label={t('train.speed')}
        />
      </div>

      <div className="lr-rate">
        <div className="lr-rate-head">
          <span className="lr-field-label">{t('train.learningRate')}</span>
          <span className={tooLarge ? 'lr-rate-value lr-rate-bad' : 'lr-rate-value'} data-testid="lr-rate">
            {formatRate(learningRate)}
          </span>
          {tooLarge ? (
            <Tag color="error" variant="filled">
              {t('train.tooLargeTag')}
            </Tag>
          ) : (
            Number.isFinite(limit) && (
              <span className="lr-rate-limit">{t('train.stableBelow', { limit: formatRate(limit) })}</span>
            )
          )}
        </div>
        <div className="lr-rate-row">
          <Slider
            className="lr-rate-slider"
            min={LOG_MIN}
            max={LOG_MAX}
            step={0.01}
            value={Math.log10(learningRate)}
            onChange={(value) => dispatch({ type: 'learningRate', value: rateFromSlider(value) })}
            tooltip={{ formatter: (value) => (value === undefined ? '' : formatRate(rateFromSlider(value))) }}
            marks={MARKS}
            aria-label={t('train.learningRate')}
          />
          <Button
            danger
            icon={<ThunderboltOutlined />}
            onClick={() => dispatch({ type: 'tooLarge' })}
            disabled={!props.hasPoints}
          >
            {t('train.tooLargeButton')}
          </Button>
        </div>
      </div>
    </>
  );
});
