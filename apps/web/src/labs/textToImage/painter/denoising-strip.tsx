import { useEffect, useState } from 'react';
import { Button, Slider } from 'antd';
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { PictureCanvas } from './picture-canvas.tsx';
import type { Painted } from './use-painter.ts';
import { usePainterTexts } from './use-painter-texts.ts';

/** Time between two steps while playing: 40 steps in about 3 seconds. */
const PLAY_STEP_MS = 80;
const THUMB_SIZE = 48;

interface DenoisingStripProps {
  painted: Painted;
  side: number;
  /** The frame shown: 0 (the starting noise) … steps (the finished picture). */
  frame: number;
  onFrame: (frame: number) => void;
}

/** Every step of a painting as a strip to scrub or play: from the starting noise to the picture. */
export function DenoisingStrip({ painted, side, frame, onFrame }: DenoisingStripProps) {
  const { t } = usePainterTexts();
  const last = painted.noise.length - 1;
  const [asked, setPlaying] = useState(false);
  // Playing stops by itself at the finished picture.
  const playing = asked && frame < last;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => onFrame(frame + 1), PLAY_STEP_MS);
    return () => window.clearTimeout(timer);
  }, [playing, frame, onFrame]);

  const play = () => {
    if (frame >= last) onFrame(0);
    setPlaying(true);
  };

  return (
    <div className="painter-strip">
      <div className="painter-strip-controls">
        <Button
          icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={() => (playing ? setPlaying(false) : play())}
        >
          {playing ? t('strip.pause') : t('strip.play')}
        </Button>
        <Slider
          className="painter-strip-slider"
          min={0}
          max={last}
          value={frame}
          onChange={(value) => {
            setPlaying(false);
            onFrame(value);
          }}
          tooltip={{ formatter: (value) => t('strip.step', { step: value ?? 0, total: last }) }}
          ariaLabelForHandle={t('strip.label')}
          ariaValueTextFormatterForHandle={(value) => t('strip.step', { step: value ?? 0, total: last })}
        />
      </div>
      <ol className="painter-thumbs" aria-label={t('strip.title')}>
        {painted.noise.map((_, k) => (
          <li key={k}>
            <button
              type="button"
              className={k === frame ? 'painter-thumb painter-thumb-active' : 'painter-thumb'}
              aria-current={k === frame ? 'step' : undefined}
              aria-label={t('strip.thumb', { step: k })}
              onClick={() => {
                setPlaying(false);
                onFrame(k);
              }}
            >
              <PictureCanvas pictures={painted.frames} index={k} side={side} size={THUMB_SIZE} />
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
