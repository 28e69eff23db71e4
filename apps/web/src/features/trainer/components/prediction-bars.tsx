import { Progress } from 'antd';
import { classColor } from '../limits.ts';
import { formatPercent, useTrainerTexts } from '../texts.ts';

export interface PredictionBarsProps {
  labels: readonly string[];
  probabilities: ArrayLike<number>;
  caption: string;
}

/** One confidence bar per class; the most likely class is highlighted. */
export function PredictionBars({ labels, probabilities, caption }: PredictionBarsProps) {
  const { t, language } = useTrainerTexts();
  let best = 0;
  for (let i = 1; i < probabilities.length; i++)
    if ((probabilities[i] ?? 0) > (probabilities[best] ?? 0)) best = i;
  return (
    <figure className="trainer-bars">
      <figcaption>{caption}</figcaption>
      <ul aria-label={t('preview.bars')}>
        {labels.map((name, i) => {
          const p = probabilities[i] ?? 0;
          const percent = formatPercent(p, language);
          return (
            <li
              key={`${i}-${name}`}
              aria-label={t('preview.bar', { name, percent })}
              className={i === best ? 'trainer-bar trainer-bar-best' : 'trainer-bar'}
            >
              <span className="trainer-bar-name">{name}</span>
              <Progress
                percent={Math.round(p * 100)}
                strokeColor={classColor(i)}
                size="small"
                showInfo={false}
              />
              <span className="trainer-bar-value">{percent}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
