import { Spin } from 'antd';
import {
  MIN_PER_CLASS_FOR_EVALUATION,
  type Evaluation,
  type LabelledSentence,
} from '@ai-edu/ml/text/index.ts';
import { classColor } from '../meta.ts';
import { formatPercent, useTexts } from '../use-texts.ts';

const SHOWN_MISTAKES = 5;

/** Cross-validation: accuracy on held-out examples, the confusion table and the sentences guessed wrong. */
export function EvaluationView({
  status,
  evaluation,
  data,
  classNames,
}: {
  status: 'evaluating' | 'done';
  evaluation: Evaluation | null;
  data: readonly LabelledSentence[];
  classNames: readonly string[];
}) {
  const { t, lang } = useTexts();
  if (status === 'evaluating') {
    return (
      <div className="tt-evaluation tt-evaluation-running">
        <Spin size="small" /> {t('evaluation.running')}
      </div>
    );
  }
  if (!evaluation) {
    return (
      <div className="tt-evaluation">
        <h3 className="tt-subtitle">{t('evaluation.title')}</h3>
        <p className="tt-muted">{t('evaluation.needMore', { min: MIN_PER_CLASS_FOR_EVALUATION })}</p>
      </div>
    );
  }
  const shown = evaluation.mistakes.slice(0, SHOWN_MISTAKES);
  return (
    <div className="tt-evaluation" data-testid="tt-evaluation">
      <h3 className="tt-subtitle">{t('evaluation.title')}</h3>
      <div className="tt-eval-score">
        <strong data-testid="tt-eval-accuracy">{formatPercent(evaluation.accuracy, lang)}</strong>
        <span>{t('evaluation.accuracy')}</span>
      </div>
      <p className="tt-muted">{t('evaluation.how', { folds: evaluation.folds })}</p>
      <div className="tt-confusion-wrap">
        <table className="tt-confusion" aria-describedby="tt-confusion-caption">
          <thead>
            <tr>
              <th aria-hidden />
              {classNames.map((name, k) => (
                <th key={k} scope="col" style={{ color: classColor(k) }}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {evaluation.confusion.map((row, actual) => (
              <tr key={actual}>
                <th scope="row" style={{ color: classColor(actual) }}>
                  {classNames[actual]}
                </th>
                {row.map((n, guess) => (
                  <td
                    key={guess}
                    className={
                      n === 0 ? 'tt-cell-zero' : actual === guess ? 'tt-cell-right' : 'tt-cell-wrong'
                    }
                  >
                    {n}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="tt-muted tt-confusion-caption" id="tt-confusion-caption">
        {t('evaluation.table')}
      </p>
      {evaluation.mistakes.length === 0 ? (
        <p className="tt-muted">{t('evaluation.allRight')}</p>
      ) : (
        <>
          <h4 className="tt-minor-title">{t('evaluation.mistakes')}</h4>
          <ul className="tt-mistakes">
            {shown.map((m) => {
              const example = data[m.index];
              return (
                <li key={m.index}>
                  <span className="tt-mistake-dot" style={{ background: classColor(example?.label ?? 0) }} />
                  <span className="tt-mistake-text">{example?.text}</span>
                  <span className="tt-mistake-guess" style={{ color: classColor(m.predicted) }}>
                    {t('evaluation.guessed', { name: classNames[m.predicted] ?? '' })}
                  </span>
                </li>
              );
            })}
          </ul>
          {evaluation.mistakes.length > shown.length && (
            <p className="tt-muted">
              {t('evaluation.more', { n: evaluation.mistakes.length - shown.length })}
            </p>
          )}
        </>
      )}
    </div>
  );
}
