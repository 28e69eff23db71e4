import { useMemo } from 'react';
import { Segmented, Tooltip } from 'antd';
import { explain, type TextClassifier } from '@ai-edu/ml/text/index.ts';
import { classColor, TOP_FEATURES } from '../meta.ts';
import { formatSigned, useTexts } from '../use-texts.ts';

const POSITIVE = '20, 163, 127';
const NEGATIVE = '214, 51, 108';

/** Background for a share of the score: green towards the class, red away, stronger for bigger pushes. */
function shade(score: number, max: number): string | undefined {
  if (max === 0 || Math.abs(score) < 1e-9) return undefined;
  const alpha = 0.12 + 0.58 * Math.min(1, Math.abs(score) / max);
  return `rgba(${score > 0 ? POSITIVE : NEGATIVE}, ${alpha.toFixed(3)})`;
}

export interface ExplanationViewProps {
  model: TextClassifier;
  sentence: string;
  classNames: readonly string[];
  classIndex: number;
  onClassChange: (index: number) => void;
}

/**
 * Why class k got its score: the sentence painted by each part's share of Σ count × weight, the n-grams that
 * pushed most (either way) as a diverging bar list, and bias + contributions = score.
 */
export function ExplanationView({
  model,
  sentence,
  classNames,
  classIndex,
  onClassChange,
}: ExplanationViewProps) {
  const { t } = useTexts();
  const explanation = useMemo(() => explain(model, sentence, classIndex), [model, sentence, classIndex]);
  const name = classNames[classIndex] ?? '';
  const maxSegment = Math.max(0, ...explanation.segments.map((s) => Math.abs(s.score)));
  const top = explanation.contributions
    .filter((c) => Math.abs(c.contribution) >= 0.005)
    .slice(0, TOP_FEATURES);
  const maxContribution = Math.max(1e-9, ...top.map((c) => Math.abs(c.contribution)));

  return (
    <div className="tt-explain" data-testid="tt-explanation">
      <div className="tt-explain-head">
        <h3 className="tt-subtitle">{t('test.explainFor')}</h3>
        <Segmented
          size="small"
          value={classIndex}
          onChange={(value) => onClassChange(value)}
          options={classNames.map((n, k) => ({
            value: k,
            label: <span style={{ color: classColor(k) }}>{n}</span>,
          }))}
        />
      </div>
      <p className="tt-highlight" data-testid="tt-highlight">
        {explanation.segments.map((segment) =>
          segment.score === 0 ? (
            <span key={segment.start}>{segment.text}</span>
          ) : (
            <Tooltip
              key={segment.start}
              title={t('test.segmentTitle', { value: formatSigned(segment.score), name })}
            >
              <mark
                tabIndex={0}
                style={{ background: shade(segment.score, maxSegment) }}
                className={segment.score > 0 ? 'tt-push-for' : 'tt-push-against'}
                data-score={segment.score}
              >
                {segment.text}
              </mark>
            </Tooltip>
          ),
        )}
      </p>
      <p className="tt-muted">{t('test.highlightHint', { name })}</p>
      {top.length > 0 ? (
        <>
          <h4 className="tt-minor-title">{t('test.contributions')}</h4>
          <ul className="tt-contributions">
            {top.map((c) => {
              const width = `${((Math.abs(c.contribution) / maxContribution) * 50).toFixed(1)}%`;
              return (
                <li key={c.feature} data-feature={c.feature}>
                  <span className="tt-gram" title={t(`test.kind.${c.kind}`)}>
                    {c.feature}
                    {c.count > 1 && <small>×{c.count}</small>}
                  </span>
                  <span className="tt-diverging" aria-hidden>
                    <i
                      className={c.contribution > 0 ? 'tt-bar-for' : 'tt-bar-against'}
                      style={c.contribution > 0 ? { left: '50%', width } : { right: '50%', width }}
                    />
                  </span>
                  <span
                    className={c.contribution > 0 ? 'tt-value tt-value-for' : 'tt-value tt-value-against'}
                  >
                    {formatSigned(c.contribution)}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="tt-muted">{t('test.noKnown')}</p>
      )}
      <div className="tt-sum">
        <span>
          {t('test.bias')} <strong>{formatSigned(explanation.bias)}</strong>
        </span>
        <span>
          {t('test.total', { name })}{' '}
          <strong data-testid="tt-logit">{formatSigned(explanation.logit)}</strong>
        </span>
      </div>
      {explanation.unknown.length > 0 && (
        <p className="tt-muted tt-unknown">{t('test.unknown', { list: explanation.unknown.join(' · ') })}</p>
      )}
    </div>
  );
}
