/** A horizontal loudness bar for the microphone (0..1 from useMicrophone's `level`). */
import { useMicrophoneTexts } from './texts.ts';
import './microphone.css';

export interface LevelMeterProps {
  /** 0 (silent) … 1 (full scale). */
  level: number;
  /** Show the "Loudness" label before the bar (default true). */
  label?: boolean;
}

export function LevelMeter({ level, label = true }: LevelMeterProps) {
  const t = useMicrophoneTexts();
  const percent = Math.round(Math.max(0, Math.min(1, level)) * 100);
  // Green while comfortable, orange when loud, red when it may clip.
  const tone = percent > 90 ? 'hot' : percent > 70 ? 'loud' : 'ok';
  return (
    <div className="level-meter">
      {label && <span className="level-meter-label">{t('level')}</span>}
      <div
        className="level-meter-track"
        role="meter"
        aria-label={t('levelAria')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="level-meter"
        data-level={percent}
      >
        <div className={`level-meter-bar level-meter-${tone}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
