import { useMemo, useState } from 'react';
import { Button, Collapse, Input } from 'antd';
import { predict, type TextClassifier } from '@ai-edu/ml/text/index.ts';
import { classColor, LIMITS } from '../meta.ts';
import { formatPercent, formatSigned, useTexts } from '../use-texts.ts';
import { ExplanationView } from './explanation-view.tsx';
import { PanelHeading } from './panel-heading.tsx';

export interface TestPanelProps {
  model: TextClassifier | null;
  classNames: readonly string[];
  samples: readonly string[];
}

/** Step 3: type a sentence, see the predicted class, the confidence per class and why. */
export function TestPanel({ model, classNames, samples }: TestPanelProps) {
  const { t, lang } = useTexts();
  const [sentence, setSentence] = useState('');
  // null follows the prediction; a number is the class the learner picked to explain.
  const [picked, setPicked] = useState<number | null>(null);
  const prediction = useMemo(
    () => (model && sentence.trim() !== '' ? predict(model, sentence) : null),
    [model, sentence],
  );
  const explained = picked !== null && picked < classNames.length ? picked : (prediction?.label ?? 0);

  const choose = (text: string) => {
    setSentence(text);
    setPicked(null);
  };

  return (
    <section className="tt-panel tt-test" aria-label={t('steps.test')}>
      <PanelHeading step={3} title={t('steps.test')} />
      <Input.TextArea
        className="tt-sentence"
        value={sentence}
        placeholder={t('test.placeholder')}
        aria-label={t('test.inputLabel')}
        autoSize={{ minRows: 2, maxRows: 5 }}
        maxLength={LIMITS.maxSentenceLength}
        onChange={(e) => setSentence(e.target.value)}
      />
      {samples.length > 0 && (
        <div className="tt-samples">
          <span className="tt-samples-label">{t('test.samples')}</span>
          {samples.map((sample) => (
            <Button key={sample} size="small" className="tt-sample" onClick={() => choose(sample)}>
              {sample}
            </Button>
          ))}
        </div>
      )}
      {!model ? (
        <p className="tt-placeholder">{t('test.needModel')}</p>
      ) : !prediction ? (
        <p className="tt-placeholder">{t('test.empty')}</p>
      ) : (
        <>
          <div className="tt-result" style={{ borderColor: classColor(prediction.label) }}>
            <span className="tt-result-label">{t('test.result')}</span>
            <strong
              className="tt-result-class"
              style={{ color: classColor(prediction.label) }}
              data-testid="tt-prediction"
            >
              {classNames[prediction.label]}
            </strong>
            <span className="tt-result-sure">
              {t('test.sure', {
                percent: formatPercent(prediction.probabilities[prediction.label] ?? 0, lang),
              })}
            </span>
          </div>
          <div className="tt-bars" role="list" aria-label={t('test.bars')}>
            {classNames.map((name, k) => {
              const p = prediction.probabilities[k] ?? 0;
              return (
                <div key={k} className="tt-bar-row" role="listitem" data-testid="tt-confidence">
                  <span className="tt-bar-name">{name}</span>
                  <span className="tt-bar-track">
                    <i style={{ width: `${(p * 100).toFixed(1)}%`, background: classColor(k) }} />
                  </span>
                  <span className="tt-bar-value">{formatPercent(p, lang)}</span>
                </div>
              );
            })}
          </div>
          <Collapse
            size="small"
            ghost
            className="tt-softmax"
            items={[
              {
                key: 'softmax',
                label: t('test.softmaxTitle'),
                children: (
                  <table className="tt-softmax-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('test.class')}</th>
                        <th scope="col">{t('test.score')}</th>
                        <th scope="col">e^score</th>
                        <th scope="col">{t('test.probability')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {classNames.map((name, k) => {
                        const z = prediction.logits[k] ?? 0;
                        return (
                          <tr key={k}>
                            <th scope="row" style={{ color: classColor(k) }}>
                              {name}
                            </th>
                            <td>{formatSigned(z)}</td>
                            <td>{Math.exp(z).toPrecision(3)}</td>
                            <td>{formatPercent(prediction.probabilities[k] ?? 0, lang)}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                ),
              },
            ]}
          />
          <ExplanationView
            model={model}
            sentence={sentence}
            classNames={classNames}
            classIndex={explained}
            onClassChange={setPicked}
          />
        </>
      )}
    </section>
  );
}
