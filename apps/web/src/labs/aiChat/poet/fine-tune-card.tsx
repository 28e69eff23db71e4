import { useState } from 'react';
import { Alert, Button, Input, Progress, Space, Tag } from 'antd';
import { FINE_TUNING } from '@ai-edu/ml/poet/class-texts.ts';
import type { PoetProblem, Tuning } from './use-poet.ts';
import { usePoetTexts } from './use-poet-texts.ts';
import type { PoetCorpusId } from './corpora.ts';

const STORE_KEY = 'ai-edu:poet-class-texts';

function stored(): string {
  try {
    return window.localStorage.getItem(STORE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Bits per character at each step, as a small line (the class sees it fall). */
function Curve({ values, steps, label }: { values: readonly number[]; steps: number; label: string }) {
  if (values.length < 2) return null;
  const max = Math.max(...values);
  const min = Math.min(...values, 0);
  const x = (i: number) => (i / Math.max(1, steps - 1)) * 200;
  const y = (v: number) => 50 - ((v - min) / Math.max(1e-6, max - min)) * 48;
  return (
    <svg className="poet-curve" viewBox="0 0 200 52" role="img" aria-label={label}>
      <polyline points={values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')} />
    </svg>
  );
}

export interface FineTuneCardProps {
  /** Which poet: its example texts are in its language. */
  corpus: PoetCorpusId;
  tuning: Tuning | undefined;
  tuned: boolean;
  problem: PoetProblem | undefined;
  busy: boolean;
  onTune: (text: string) => void;
  onStop: () => void;
  onReset: () => void;
}

/** Fine-tuning on the class's own texts: paste, train a minute or two, see the loss fall, or go back. */
export function FineTuneCard({
  corpus,
  tuning,
  tuned,
  problem,
  busy,
  onTune,
  onStop,
  onReset,
}: FineTuneCardProps) {
  const { t } = usePoetTexts();
  const [text, setText] = useState(stored);
  const change = (value: string) => {
    setText(value);
    try {
      window.localStorage.setItem(STORE_KEY, value);
    } catch {
      // Private mode: the texts just are not kept.
    }
  };
  const running = tuning?.running === true;
  const tooLong = [...text].length > FINE_TUNING.maxChars;
  return (
    <div className="poet-tune" data-testid="poet-tune">
      <p>{t('tune.text')}</p>
      <Input.TextArea
        value={text}
        onChange={(e) => change(e.target.value)}
        placeholder={t(`tune.placeholder.${corpus}`)}
        aria-label={t('tune.label')}
        autoSize={{ minRows: 3, maxRows: 8 }}
        disabled={running}
        status={tooLong ? 'error' : undefined}
      />
      <Space wrap className="poet-tune-actions">
        {running ? (
          <Button onClick={onStop}>{t('tune.stop')}</Button>
        ) : (
          <Button type="primary" disabled={busy || !text.trim() || tooLong} onClick={() => onTune(text)}>
            {t('tune.start')}
          </Button>
        )}
        {tuned && !running && <Button onClick={onReset}>{t('tune.reset')}</Button>}
        {tuned && <Tag color="purple">{t('tune.tuned')}</Tag>}
      </Space>
      {tooLong && <Alert type="error" showIcon title={t('tune.tooLong', { count: FINE_TUNING.maxChars })} />}
      {problem?.kind === 'tooFewTexts' && (
        <Alert type="warning" showIcon title={t('tune.tooFew', { count: problem.count })} />
      )}
      {problem?.kind === 'tooLong' && (
        <Alert type="error" showIcon title={t('tune.tooLong', { count: problem.count })} />
      )}
      {tuning && (
        <div className="poet-tune-progress" data-testid="poet-tune-progress">
          <Progress percent={Math.round((tuning.step / tuning.steps) * 100)} size="small" />
          <p>{t('tune.progress', { step: tuning.step, steps: tuning.steps, pieces: tuning.pieces })}</p>
          <Curve values={tuning.curve} steps={tuning.steps} label={t('tune.curve')} />
          <p>{t('tune.before', { bits: tuning.bitsBefore.toFixed(2) })}</p>
          {tuning.bitsAfter !== undefined && (
            <p data-testid="poet-tune-after">{t('tune.after', { bits: tuning.bitsAfter.toFixed(2) })}</p>
          )}
          {tuning.unknown.length > 0 && (
            <p className="poet-muted">
              {t('tune.unknownChars', { chars: tuning.unknown.slice(0, 20).join(' ') })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
