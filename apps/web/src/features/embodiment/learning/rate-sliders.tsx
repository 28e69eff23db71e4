import { Slider } from 'antd';
import { useLearningTexts } from './i18n.ts';
import type { Rates } from './maze-session.ts';

type RateKey = keyof Rates;
const RATE_SLIDERS: { key: RateKey; min: number; max: number; step: number }[] = [
  { key: 'alpha', min: 0, max: 1, step: 0.05 },
  { key: 'gamma', min: 0, max: 0.99, step: 0.01 },
  { key: 'epsilon', min: 0, max: 1, step: 0.05 },
];

/** The three rates of Q-learning, each a slider with its value and what it does in words. */
export function RateSliders({ rates, onChange }: { rates: Rates; onChange: (rates: Rates) => void }) {
  const { t } = useLearningTexts();
  return RATE_SLIDERS.map(({ key, min, max, step }) => (
    <div key={key} className="learning-rate">
      <div className="learning-rate-head">
        <strong>{t(`${key}.label`)}</strong>
        <span className="learning-rate-value">{rates[key].toFixed(2)}</span>
      </div>
      <Slider
        min={min}
        max={max}
        step={step}
        value={rates[key]}
        ariaLabelForHandle={t(`${key}.label`)}
        onChange={(value: number) => onChange({ ...rates, [key]: value })}
      />
      <p>{t(`${key}.help`)}</p>
    </div>
  ));
}
