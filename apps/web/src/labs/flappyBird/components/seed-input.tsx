import { InputNumber } from 'antd';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';
import { FLAPPY_LAB } from '../meta.ts';

/** The run's seed: a whole number that fixes every course and every random choice of the evolution. */
export function SeedInput({ value, onChange }: { value: number; onChange: (seed: number) => void }) {
  const { t } = useLabTranslation('flappyBird', texts);
  return (
    <label className="fb-field">
      <span className="fb-field-label">{t('ai.seed')}</span>
      <InputNumber
        aria-label={t('ai.seed')}
        className="fb-seed"
        min={0}
        max={FLAPPY_LAB.maxSeed}
        precision={0}
        value={value}
        onChange={(next) => {
          if (typeof next === 'number' && Number.isInteger(next)) onChange(next);
        }}
      />
    </label>
  );
}
