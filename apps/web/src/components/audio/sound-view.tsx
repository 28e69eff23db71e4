/**
 * A recorded or uploaded sound drawn two ways: the waveform (how the microphone moved) above the spectrogram
 * (pitch against time), with optional timed segments (words, sentences) as labelled spans under the
 * waveform and a play button whose cursor runs across both. Plain 2D canvas: no GPU needed.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import { PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { useMicrophoneTexts } from '../microphone/texts.ts';
import { segmentSpan, spectrogramPicture, waveformColumns } from './sound-view-core.ts';
import { useCanvasWidth } from './use-canvas-width.ts';
import './sound-view.css';

export interface SoundSegment {
  text: string;
  startMs: number;
  endMs: number;
}

export interface SoundViewProps {
  samples: Float32Array;
  sampleRate: number;
  segments?: SoundSegment[];
  /** Both pictures together, in CSS pixels (default 240: a third waveform, two thirds spectrogram). */
  height?: number;
  /** The highest pitch the spectrogram shows (default 8 kHz). */
  maxHz?: number;
  /** Hide the one-sentence explanation (when the page explains it already). */
  hideExplanation?: boolean;
}

const WAVE_COLOR = '#1677ff';

function drawWaveform(canvas: HTMLCanvasElement, samples: Float32Array): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#f5f8ff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#d0d7e2';
  ctx.fillRect(0, Math.floor(height / 2), width, 1);
  const { min, max } = waveformColumns(samples, width);
  ctx.fillStyle = WAVE_COLOR;
  const mid = height / 2;
  for (let x = 0; x < width; x++) {
    const top = mid - max[x]! * mid;
    const bottom = mid - min[x]! * mid;
    ctx.fillRect(x, top, 1, Math.max(1, bottom - top));
  }
}

function drawSpectrogram(
  canvas: HTMLCanvasElement,
  samples: Float32Array,
  sampleRate: number,
  maxHz: number,
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const picture = spectrogramPicture(samples, sampleRate, canvas.width, canvas.height, maxHz);
  ctx.putImageData(new ImageData(picture.pixels, picture.width, picture.height), 0, 0);
}

/** Plays the clip once through a fresh AudioContext; returns a stop function and calls `onEnd` at the end. */
function playClip(
  samples: Float32Array,
  sampleRate: number,
  onProgress: (seconds: number) => void,
  onEnd: () => void,
): () => void {
  const context = new AudioContext();
  const buffer = context.createBuffer(1, samples.length, sampleRate);
  buffer.copyToChannel(samples as Float32Array<ArrayBuffer>, 0);
  const node = context.createBufferSource();
  node.buffer = buffer;
  node.connect(context.destination);
  const startedAt = context.currentTime;
  let frame = requestAnimationFrame(function tick() {
    onProgress(context.currentTime - startedAt);
    frame = requestAnimationFrame(tick);
  });
  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    cancelAnimationFrame(frame);
    void context.close().catch(() => undefined);
    onEnd();
  };
  node.onended = finish;
  node.start();
  return () => {
    try {
      node.stop();
    } catch {
      // Not started or already stopped.
    }
    finish();
  };
}

export function SoundView({
  samples,
  sampleRate,
  segments,
  height = 240,
  maxHz = 8000,
  hideExplanation,
}: SoundViewProps) {
  const t = useMicrophoneTexts();
  const [box, width] = useCanvasWidth<HTMLDivElement>();
  const waveRef = useRef<HTMLCanvasElement>(null);
  const spectroRef = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [cursor, setCursor] = useState<number | null>(null);
  const stopPlaying = useRef<(() => void) | null>(null);
  const waveHeight = Math.round(height / 3);
  const spectroHeight = height - waveHeight;
  const seconds = sampleRate > 0 ? samples.length / sampleRate : 0;
  const durationMs = seconds * 1000;

  useEffect(() => {
    const wave = waveRef.current;
    const spectro = spectroRef.current;
    if (!wave || !spectro) return;
    drawWaveform(wave, samples);
    drawSpectrogram(spectro, samples, sampleRate, maxHz);
    // Marked for tests and screen readers: the picture is there.
    wave.dataset.drawn = 'true';
    spectro.dataset.drawn = 'true';
    const timer = setTimeout(() => setDrawn(true), 0);
    return () => clearTimeout(timer);
  }, [samples, sampleRate, maxHz, width, waveHeight, spectroHeight]);

  // A new clip or leaving the page stops the playback.
  useEffect(() => () => stopPlaying.current?.(), [samples]);

  const spans = useMemo(
    () =>
      (segments ?? [])
        .map((segment) => ({ segment, span: segmentSpan(segment, durationMs) }))
        .filter(
          (s): s is { segment: SoundSegment; span: { left: number; width: number } } => s.span !== null,
        ),
    [segments, durationMs],
  );

  const toggle = () => {
    if (stopPlaying.current) {
      stopPlaying.current();
      return;
    }
    stopPlaying.current = playClip(
      samples,
      sampleRate,
      (at) => setCursor(Math.min(at, seconds)),
      () => {
        stopPlaying.current = null;
        setCursor(null);
      },
    );
    setCursor(0);
  };

  return (
    <div className="sound-view" data-testid="sound-view" data-drawn={drawn ? 'true' : undefined}>
      <div className="sound-view-pictures" ref={box}>
        <canvas
          ref={waveRef}
          className="sound-view-wave"
          data-testid="sound-view-waveform"
          data-samples={samples.length}
          width={width}
          height={waveHeight * 2}
          style={{ height: waveHeight }}
          role="img"
          aria-label={t('view.waveformAria')}
        />
        {spans.length > 0 && (
          <div className="sound-view-segments" data-testid="sound-view-segments">
            {spans.map(({ segment, span }, i) => (
              <span
                key={`${segment.startMs}-${i}`}
                className="sound-view-segment"
                style={{ left: `${span.left}%`, width: `${span.width}%` }}
                title={`${(segment.startMs / 1000).toFixed(2)}–${(segment.endMs / 1000).toFixed(2)} s`}
              >
                {segment.text}
              </span>
            ))}
          </div>
        )}
        <canvas
          ref={spectroRef}
          className="sound-view-spectrogram"
          data-testid="sound-view-spectrogram"
          width={width}
          height={spectroHeight * 2}
          style={{ height: spectroHeight }}
          role="img"
          aria-label={t('view.spectrogramAria')}
        />
        {cursor !== null && seconds > 0 && (
          <div className="sound-view-cursor" style={{ left: `${(cursor / seconds) * 100}%` }} />
        )}
      </div>
      <div className="sound-view-footer">
        <Button
          size="small"
          icon={cursor !== null ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={toggle}
          data-testid="sound-view-play"
        >
          {cursor !== null ? t('view.pause') : t('view.play')}
        </Button>
        <Typography.Text type="secondary">
          {t('view.seconds', { seconds: seconds.toFixed(1) })}
        </Typography.Text>
      </div>
      {!hideExplanation && (
        <Typography.Paragraph type="secondary" className="sound-view-explain">
          {t('view.explain')}
        </Typography.Paragraph>
      )}
    </div>
  );
}
