import type { Dispatch } from 'react';
import { InputNumber, Select, Switch } from 'antd';
import type { ProjectSettings } from '@ai-edu/ml/text/index.ts';
import { EPOCH_RANGE, L2_STRENGTHS, LEARNING_RATES } from '../meta.ts';
import type { ProjectAction } from '../project-state.ts';
import { useTexts } from '../use-texts.ts';

/** The menu's choices plus the current value when a file brought another one. */
const choices = (values: readonly number[], current: number) =>
  [...new Set([...values, current])].sort((a, b) => a - b).map((v) => ({ value: v, label: String(v) }));

/** Epochs, learning rate, L2 penalty, bigrams and seed, each with one line saying what it does. */
export function SettingsForm({
  settings,
  dispatch,
  disabled,
}: {
  settings: ProjectSettings;
  dispatch: Dispatch<ProjectAction>;
  disabled: boolean;
}) {
  const { t } = useTexts();
  const set = (patch: Partial<ProjectSettings>) => dispatch({ type: 'settings', settings: patch });
  return (
    <div className="tt-settings">
      <label className="tt-setting">
        <span className="tt-setting-label">{t('train.epochs')}</span>
        <InputNumber
          min={EPOCH_RANGE.min}
          max={EPOCH_RANGE.max}
          step={EPOCH_RANGE.step}
          precision={0}
          value={settings.epochs}
          disabled={disabled}
          onChange={(value) => value !== null && set({ epochs: value })}
        />
        <span className="tt-setting-hint">{t('train.epochsHint')}</span>
      </label>
      <label className="tt-setting">
        <span className="tt-setting-label">{t('train.learningRate')}</span>
        <Select
          value={settings.learningRate}
          disabled={disabled}
          options={choices(LEARNING_RATES, settings.learningRate)}
          onChange={(value) => set({ learningRate: value })}
          popupMatchSelectWidth={false}
        />
        <span className="tt-setting-hint">{t('train.learningRateHint')}</span>
      </label>
      <label className="tt-setting">
        <span className="tt-setting-label">{t('train.l2')}</span>
        <Select
          value={settings.l2}
          disabled={disabled}
          options={choices(L2_STRENGTHS, settings.l2)}
          onChange={(value) => set({ l2: value })}
          popupMatchSelectWidth={false}
        />
        <span className="tt-setting-hint">{t('train.l2Hint')}</span>
      </label>
      <label className="tt-setting">
        <span className="tt-setting-label">{t('train.seed')}</span>
        <InputNumber
          min={0}
          max={0xffffffff}
          precision={0}
          value={settings.seed}
          disabled={disabled}
          onChange={(value) => value !== null && set({ seed: value })}
        />
        <span className="tt-setting-hint">{t('train.seedHint')}</span>
      </label>
      <div className="tt-setting tt-setting-wide">
        <span className="tt-setting-label">{t('train.bigrams')}</span>
        <Switch
          checked={settings.bigrams}
          disabled={disabled}
          onChange={(bigrams) => set({ bigrams })}
          aria-label={t('train.bigrams')}
        />
        <span className="tt-setting-hint">{t('train.bigramsHint')}</span>
      </div>
    </div>
  );
}
