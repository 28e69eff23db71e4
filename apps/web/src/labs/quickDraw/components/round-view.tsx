/**
 * One round: the thing to draw, the clock, the pad with its tools, and what the computer says as the drawing
 * grows; when the round is over, how it ended and the way on.
 */
import { useState } from 'react';
import { Button, Progress, Segmented, Space, Switch, Typography } from 'antd';
import {
  ClearOutlined,
  EditOutlined,
  FastForwardOutlined,
  RightOutlined,
  SoundOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { DoodlePad } from '../../../features/doodles/components/doodle-pad.tsx';
import { keyName, nameWithArticle, targetKey } from '../game.ts';
import { PEN_WIDTH, ROUND_SECONDS } from '../meta.ts';
import type { Game } from '../use-game.ts';
import { useTexts, type LabT } from '../use-texts.ts';

export interface Speech {
  available: boolean;
  enabled: boolean;
  setEnabled: (on: boolean) => void;
}

/** "I see… cat? dog?" for the keys the computer says. */
export function seeingText(t: LabT, keys: readonly string[], lang: string): string {
  if (keys.length === 0) return t('round.waiting');
  const marks = keys.map((key) => t('round.guessMark', { name: keyName(key, lang) }));
  return t('round.seeing', { guesses: marks.join(lang.startsWith('zh') ? '' : ' ') });
}

export function RoundView({ game, speech }: { game: Game; speech: Speech }) {
  const { t, lang } = useTexts();
  const [mode, setMode] = useState<'pen' | 'erase'>('pen');
  const { target, phase, lastRound } = game;
  if (!target) return null;
  const key = targetKey(target);
  const thing = keyName(key, lang);
  const drawing = phase === 'drawing';
  const last = game.round === game.plan.length - 1;

  const says = drawing
    ? game.reading && game.said.length === 0
      ? t('round.unsure')
      : seeingText(t, game.said, lang)
    : lastRound?.outcome === 'guessed'
      ? t('round.got', { thing: nameWithArticle(key, lang) })
      : lastRound?.outcome === 'skipped'
        ? t('round.skipped')
        : t('round.missed');

  return (
    <div
      className="qd-round"
      data-testid="qd-round"
      data-looks={game.looks}
      data-read-ms={game.reading?.ms?.toFixed(2)}
    >
      <div className="qd-round-head">
        <Typography.Text type="secondary">
          {t('round.counter', { round: game.round + 1, rounds: game.plan.length })}
        </Typography.Text>
        <Typography.Title level={3} className="qd-target">
          {target.kind === 'school' ? t('round.drawSchool') : t('round.draw')}{' '}
          <span className="qd-target-name" data-testid="qd-target">
            {thing}
          </span>
        </Typography.Title>
        <div className="qd-clock">
          <Progress
            type="circle"
            size={56}
            percent={(game.secondsLeft / ROUND_SECONDS) * 100}
            format={() => t('round.seconds', { seconds: game.secondsLeft })}
            status={game.secondsLeft <= 5 && drawing ? 'exception' : 'normal'}
            aria-label={t('round.timeAria')}
            data-testid="qd-clock"
          />
        </div>
      </div>

      <div
        className={`qd-says ${!drawing && lastRound?.outcome === 'guessed' ? 'qd-says-got' : ''}`}
        role="status"
        aria-live="polite"
        data-testid="qd-says"
      >
        {says}
      </div>

      <DoodlePad
        strokes={game.strokes}
        onChange={(next) => game.draw(next)}
        label={t('round.pad', { thing })}
        penWidth={PEN_WIDTH}
        mode={mode}
        disabled={!drawing}
        className="qd-pad"
      />

      <div className="qd-tools">
        {drawing ? (
          <Space wrap>
            <Segmented<'pen' | 'erase'>
              value={mode}
              onChange={(value) => setMode(value)}
              options={[
                { value: 'pen', label: t('round.pen'), icon: <EditOutlined /> },
                { value: 'erase', label: t('round.eraser'), icon: <ClearOutlined /> },
              ]}
            />
            <Button
              icon={<UndoOutlined />}
              onClick={() => game.draw(game.strokes.slice(0, -1))}
              disabled={game.strokes.length === 0}
            >
              {t('round.undo')}
            </Button>
            <Button onClick={() => game.draw([])} disabled={game.strokes.length === 0}>
              {t('round.clear')}
            </Button>
            <Button icon={<FastForwardOutlined />} onClick={game.skip}>
              {t('round.skip')}
            </Button>
          </Space>
        ) : (
          <Button
            type="primary"
            size="large"
            icon={<RightOutlined />}
            iconPlacement="end"
            onClick={game.next}
          >
            {last ? t('round.results') : t('round.next')}
          </Button>
        )}
        <span className="qd-speak">
          <SoundOutlined aria-hidden />
          <Switch
            size="small"
            checked={speech.enabled}
            disabled={!speech.available}
            onChange={speech.setEnabled}
            aria-label={t('round.speak')}
          />
          <span>{t('round.speak')}</span>
          {!speech.available && (
            <Typography.Text type="secondary" className="qd-speak-none">
              ({t('round.noVoice')})
            </Typography.Text>
          )}
        </span>
      </div>
    </div>
  );
}
