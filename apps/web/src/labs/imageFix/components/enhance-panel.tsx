/** The enhancement sliders: automatic contrast (CLAHE), colour balance, denoise (median or bilateral), sharpen. */
import { Button, Radio, Slider, Typography } from 'antd';
import type { DenoiseMethod } from '../opencv-protocol.ts';
import { useTexts } from '../use-texts.ts';

/** Strengths 0–100 as the sliders show them. */
export interface EnhanceChoice {
  contrast: number;
  colour: number;
  denoise: number;
  denoiseMethod: DenoiseMethod;
  sharpen: number;
}

export const DEFAULT_ENHANCE: EnhanceChoice = {
  contrast: 60,
  colour: 70,
  denoise: 50,
  denoiseMethod: 'median',
  sharpen: 30,
};

export interface EnhancePanelProps {
  choice: EnhanceChoice;
  onChoice: (next: EnhanceChoice) => void;
  onApply: () => void;
  busy: boolean;
  ready: boolean;
}

export function EnhancePanel({ choice, onChoice, onApply, busy, ready }: EnhancePanelProps) {
  const { t } = useTexts();
  const slider = (key: 'contrast' | 'colour' | 'denoise' | 'sharpen') => (
    <div className="fix-slider-row" key={key}>
      <Typography.Text strong>{t(`enhance.${key}`)}</Typography.Text>
      <Slider
        min={0}
        max={100}
        value={choice[key]}
        onChange={(value) => onChoice({ ...choice, [key]: value })}
        aria-label={t(`enhance.${key}`)}
      />
      <Typography.Text type="secondary">{t(`enhance.${key}Hint`)}</Typography.Text>
    </div>
  );
  return (
    <div className="fix-panel">
      <Typography.Paragraph>{t('enhance.intro')}</Typography.Paragraph>
      {slider('contrast')}
      {slider('colour')}
      {slider('denoise')}
      <Radio.Group
        value={choice.denoiseMethod}
        onChange={(event) => onChoice({ ...choice, denoiseMethod: event.target.value as DenoiseMethod })}
      >
        <Radio value="median">{t('enhance.median')}</Radio>
        <Radio value="bilateral">{t('enhance.bilateral')}</Radio>
      </Radio.Group>
      {slider('sharpen')}
      <Button
        type="primary"
        onClick={onApply}
        loading={busy}
        disabled={!ready}
        className="fix-row"
        data-testid="fix-enhance-run"
      >
        {t('enhance.apply')}
      </Button>
    </div>
  );
}
