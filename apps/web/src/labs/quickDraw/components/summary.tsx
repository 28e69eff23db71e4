/**
 * After six rounds: each drawing small, what was asked, whether the computer got it and its top 3 with
 * percentages; "look inside" opens How it works for that drawing.
 */
import { Button, Card, Space, Tag, Typography } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  EyeOutlined,
  LinkOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { keyName, targetKey } from '../game.ts';
import type { FinishedRound } from '../use-game.ts';
import { formatPercent, useTexts } from '../use-texts.ts';
import { StrokeThumb } from './stroke-thumb.tsx';

export interface SummaryProps {
  rounds: readonly FinishedRound[];
  seed: number;
  inspected: number | null;
  onInspect: (index: number) => void;
  onPlayAgain: () => void;
}

export function Summary({ rounds, seed, inspected, onInspect, onPlayAgain }: SummaryProps) {
  const { t, lang } = useTexts();
  const guessed = rounds.filter((r) => r.outcome === 'guessed').length;
  return (
    <Card className="qd-summary" title={t('summary.title')}>
      <Typography.Paragraph strong data-testid="qd-score">
        {t('summary.score', { count: guessed, total: rounds.length })}
      </Typography.Paragraph>
      <ul className="qd-summary-grid">
        {rounds.map((round, i) => {
          const thing = keyName(targetKey(round.target), lang);
          const ok = round.outcome === 'guessed';
          return (
            <li
              key={i}
              className={`qd-summary-card ${inspected === i ? 'qd-summary-card-open' : ''}`}
              data-testid="qd-summary-card"
            >
              <div className="qd-summary-thumb">
                {round.strokes.length > 0 ? (
                  <StrokeThumb strokes={round.strokes} label={t('summary.drawing', { thing })} size={120} />
                ) : (
                  <span className="qd-summary-nothing">{t('summary.nothing')}</span>
                )}
              </div>
              <div className="qd-summary-asked">{t('summary.asked', { thing })}</div>
              <Tag color={ok ? 'success' : 'error'} icon={ok ? <CheckCircleFilled /> : <CloseCircleFilled />}>
                {ok ? t('summary.guessed') : t('summary.missed')}
              </Tag>
              {round.reading && (
                <>
                  <Typography.Text type="secondary" className="qd-summary-top-title">
                    {t('summary.top')}
                  </Typography.Text>
                  <ol className="qd-summary-top" aria-label={t('summary.top')}>
                    {round.reading.guesses.slice(0, 3).map((g) => (
                      <li key={g.key}>
                        <span>{keyName(g.key, lang)}</span> <span>{formatPercent(g.probability, lang)}</span>
                      </li>
                    ))}
                  </ol>
                  <Button size="small" icon={<EyeOutlined />} onClick={() => onInspect(i)}>
                    {t('summary.inside')}
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <Space wrap>
        <Button type="primary" icon={<ReloadOutlined />} onClick={onPlayAgain}>
          {t('summary.again')}
        </Button>
        <Typography.Link href={`?seed=${seed}`} className="qd-replay">
          <LinkOutlined /> {t('summary.replay')} ({t('start.game', { seed })})
        </Typography.Link>
      </Space>
    </Card>
  );
}
