import { useMemo } from 'react';
import { topWeights, type TextClassifier } from '@ai-edu/ml/text/index.ts';
import { classColor, TOP_LEARNED } from '../meta.ts';
import { formatSigned, useTexts } from '../use-texts.ts';

/** For each class, the n-grams with the largest positive weights. */
export function LearnedView({ model, classNames }: { model: TextClassifier; classNames: readonly string[] }) {
  const { t } = useTexts();
  const rows = useMemo(
    () => classNames.map((_, k) => topWeights(model, k, TOP_LEARNED).filter((w) => w.weight > 0.005)),
    [model, classNames],
  );
  return (
    <div className="tt-learned">
      <h3 className="tt-subtitle">{t('learned.title')}</h3>
      <p className="tt-muted">{t('learned.hint')}</p>
      <dl>
        {rows.map((weights, k) => (
          <div key={k} className="tt-learned-row">
            <dt style={{ color: classColor(k) }}>{classNames[k]}</dt>
            <dd>
              {weights.map((w) => (
                <span key={w.feature} className="tt-gram" title={t(`test.kind.${w.kind}`)}>
                  {w.feature}
                  <small>{formatSigned(w.weight)}</small>
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
