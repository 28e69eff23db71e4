import { useEffect, useImperativeHandle, useRef, type PointerEvent, type Ref } from 'react';
import { Button, Tag } from 'antd';
import {
  PauseCircleOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
  TrophyFilled,
  UpCircleFilled,
} from '@ant-design/icons';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import type { FlappyController, Snapshot } from '../game/controller.ts';
import { texts } from '../i18n.ts';

export interface StageHandle {
  focus: () => void;
}

interface StageProps {
  controller: FlappyController;
  snapshot: Snapshot;
  ref?: Ref<StageHandle>;
}

/**
 * The game canvas with its DOM overlays (start hint, game over, start evolution). Pointer presses anywhere on
 * the stage flap (mouse and touch alike); the keyboard is handled by the controller for the whole page.
 */
export function Stage({ controller, snapshot, ref }: StageProps) {
  const { t } = useLabTranslation('flappyBird', texts);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    controller.setStage(canvas.current);
    return () => controller.setStage(null);
  }, [controller]);
  useImperativeHandle(ref, () => ({ focus: () => box.current?.focus({ preventScroll: true }) }), []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if ((event.target as HTMLElement).closest('button')) return;
    controller.flap();
  };

  const restart = () => {
    controller.restart();
    box.current?.focus({ preventScroll: true });
  };

  const play = snapshot.mode === 'play';
  return (
    <div
      ref={box}
      className={`fb-stage fb-stage-${snapshot.mode}`}
      tabIndex={0}
      role="group"
      aria-label={t('stage.label')}
      onPointerDown={play ? onPointerDown : undefined}
    >
      <canvas ref={canvas} className="fb-canvas" aria-hidden="true" />
      {play && snapshot.phase === 'ready' && (
        <div className="fb-overlay fb-overlay-ready">
          <div className="fb-ready-card">
            <UpCircleFilled className="fb-tap-icon" aria-hidden="true" />
            <strong>{t('stage.ready')}</strong>
            <span>{t('stage.readyHint')}</span>
          </div>
        </div>
      )}
      {play && snapshot.phase === 'over' && (
        <div className="fb-overlay fb-overlay-over">
          <div className="fb-over-card" role="status">
            <h2>{t('stage.gameOver')}</h2>
            <div className="fb-over-scores">
              <div>
                <span>{t('stage.score')}</span>
                <strong data-testid="final-score">{snapshot.score}</strong>
              </div>
              <div>
                <span>{t('stage.best')}</span>
                <strong>{snapshot.best}</strong>
              </div>
            </div>
            {snapshot.newRecord && (
              <Tag icon={<TrophyFilled />} color="gold" className="fb-record">
                {t('stage.newRecord')}
              </Tag>
            )}
            <Button type="primary" size="large" icon={<ReloadOutlined />} onClick={restart}>
              {t('stage.restart')}
            </Button>
            <small>{t('stage.restartHint')}</small>
          </div>
        </div>
      )}
      {!play && !snapshot.running && (
        <div
          className={`fb-overlay ${snapshot.history.length === 0 ? 'fb-overlay-start' : 'fb-overlay-paused'}`}
        >
          {snapshot.history.length === 0 && snapshot.aiScore === 0 ? (
            <Button
              type="primary"
              size="large"
              shape="round"
              icon={<PlayCircleOutlined />}
              onClick={() => controller.setRunning(true)}
            >
              {t('stage.aiStart')}
            </Button>
          ) : (
            <Tag icon={<PauseCircleOutlined />} className="fb-paused-tag">
              {t('stage.aiPaused')}
            </Tag>
          )}
        </div>
      )}
    </div>
  );
}
