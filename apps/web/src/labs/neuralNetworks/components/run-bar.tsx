import { memo, type ReactNode } from 'react';
import { Button, Popover, Select, Tooltip, Typography } from 'antd';
import {
  CaretRightOutlined,
  PauseOutlined,
  ReloadOutlined,
  ShareAltOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import { useLocation } from 'react-router';
import {
  ACTIVATION_NAMES,
  LEARNING_RATES,
  REGULARIZATION_NAMES,
  REGULARIZATION_RATES,
  type PlaygroundSettings,
} from '@ai-edu/ml/nn/index.ts';
import { HelpLabel, Hint } from './help.tsx';
import { formatEpoch, useSnapshot, useStore, useTexts } from '../use-lab.ts';

export type SettingsChange = (patch: Partial<PlaygroundSettings>) => void;

function Epoch() {
  const { t } = useTexts();
  const epoch = useSnapshot((s) => s.epoch);
  return (
    <Tooltip title={t('run.epochHint')}>
      <div className="nn-epoch">
        <span className="nn-epoch-label" id="nn-epoch-label">
          {t('run.epoch')}
        </span>
        <output className="nn-epoch-value" aria-labelledby="nn-epoch-label">
          {formatEpoch(epoch)}
        </output>
      </div>
    </Tooltip>
  );
}

function PlayControls() {
  const { t } = useTexts();
  const store = useStore();
  const playing = useSnapshot((s) => s.playing);
  return (
    <div className="nn-play-controls">
      <Tooltip title={t('run.resetHint')}>
        <Button
          shape="circle"
          size="large"
          icon={<ReloadOutlined />}
          aria-label={t('run.reset')}
          onClick={() => store.reset()}
        />
      </Tooltip>
      <Button
        className="nn-play"
        type="primary"
        shape="circle"
        icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
        aria-label={playing ? t('run.pause') : t('run.play')}
        onClick={() => store.toggle()}
      />
      <Tooltip title={t('run.stepHint')}>
        <Button
          shape="circle"
          size="large"
          icon={<StepForwardOutlined />}
          aria-label={t('run.step')}
          onClick={() => store.step()}
        />
      </Tooltip>
      <Epoch />
    </div>
  );
}

/** The page's share button: the current link, ready to copy. */
export function ShareButton() {
  const { t } = useTexts();
  const { pathname, search } = useLocation();
  const url = `${window.location.origin}${pathname}${search}`;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('share.title')}
      content={
        <div className="nn-share">
          <p>{t('share.text')}</p>
          <Typography.Paragraph
            className="nn-share-url"
            copyable={{ text: url, tooltips: [t('share.copy'), t('share.copied')] }}
            ellipsis={{ rows: 2 }}
          >
            {url}
          </Typography.Paragraph>
        </div>
      }
    >
      <Button icon={<ShareAltOutlined />}>{t('share.button')}</Button>
    </Popover>
  );
}

interface SettingProps {
  id: string;
  label: string;
  hint: string;
  why: string;
  children: ReactNode;
}

function Setting({ id, label, hint, why, children }: SettingProps) {
  return (
    <div className="nn-setting">
      <HelpLabel label={label} why={why} htmlFor={id} />
      {children}
      <Hint>{hint}</Hint>
    </div>
  );
}

/** Play/pause/step/reset, the epoch, and the training settings that apply live. */
export const RunBar = memo(function RunBar({
  settings,
  onChange,
}: {
  settings: PlaygroundSettings;
  onChange: SettingsChange;
}) {
  const { t } = useTexts();
  return (
    <section className="nn-card nn-run-bar">
      <PlayControls />
      <div className="nn-settings">
        <Setting
          id="nn-learning-rate"
          label={t('settings.learningRate')}
          hint={t('settings.learningRateHint')}
          why={t('settings.learningRateWhy')}
        >
          <Select
            id="nn-learning-rate"
            className="nn-select"
            value={settings.learningRate}
            options={LEARNING_RATES.map((value) => ({ value, label: String(value) }))}
            onChange={(learningRate: number) => onChange({ learningRate })}
          />
        </Setting>
        <Setting
          id="nn-activation"
          label={t('settings.activation')}
          hint={t('settings.activationHint')}
          why={t('settings.activationWhy')}
        >
          <Select
            id="nn-activation"
            className="nn-select"
            value={settings.activation}
            options={ACTIVATION_NAMES.map((value) => ({ value, label: t(`activations.${value}`) }))}
            onChange={(activation) => onChange({ activation })}
          />
        </Setting>
        <Setting
          id="nn-regularization"
          label={t('settings.regularization')}
          hint={t('settings.regularizationHint')}
          why={t('settings.regularizationWhy')}
        >
          <Select
            id="nn-regularization"
            className="nn-select"
            value={settings.regularization}
            options={REGULARIZATION_NAMES.map((value) => ({ value, label: t(`regularizations.${value}`) }))}
            onChange={(regularization) =>
              onChange(
                regularization !== 'none' && settings.regularizationRate === 0
                  ? { regularization, regularizationRate: 0.003 }
                  : { regularization },
              )
            }
          />
        </Setting>
        <Setting
          id="nn-regularization-rate"
          label={t('settings.regularizationRate')}
          hint={t('settings.regularizationRateHint')}
          why={t('settings.regularizationRateWhy')}
        >
          <Select
            id="nn-regularization-rate"
            className="nn-select"
            disabled={settings.regularization === 'none'}
            value={settings.regularizationRate}
            options={REGULARIZATION_RATES.map((value) => ({ value, label: String(value) }))}
            onChange={(regularizationRate: number) => onChange({ regularizationRate })}
          />
        </Setting>
      </div>
    </section>
  );
});
