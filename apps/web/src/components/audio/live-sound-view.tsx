/**
 * The microphone right now: a scrolling spectrogram (new sound enters on the right) above the current
 * waveform, read from an AnalyserNode on every animation frame. Plain 2D canvas: no GPU needed.
 */
import { useEffect, useRef } from 'react';
import { Typography } from 'antd';
import { useMicrophoneTexts } from '../microphone/texts.ts';
import { binRanges, COLOR_SCALE, colorIndex } from './sound-view-core.ts';
import { useCanvasWidth } from './use-canvas-width.ts';
import './sound-view.css';

export interface LiveSoundViewProps {
  analyser: AnalyserNode;
  /** CSS pixels of the spectrogram (the waveform below is a third of it). Default 160. */
  height?: number;
  /** The highest pitch shown (default 8 kHz). */
  maxHz?: number;
  /** Pixels the spectrogram moves per animation frame (default 2: ~5 s across 600 px at 60 fps). */
  speed?: number;
  hideExplanation?: boolean;
}

/** What the analyser reports as silent and as loud (dB), the colour scale's ends. */
const FLOOR_DB = -100;
const TOP_DB = -20;

export function LiveSoundView({
  analyser,
  height = 160,
  maxHz = 8000,
  speed = 2,
  hideExplanation,
}: LiveSoundViewProps) {
  const t = useMicrophoneTexts();
  const [box, width] = useCanvasWidth<HTMLDivElement>();
  const spectroRef = useRef<HTMLCanvasElement>(null);
  const waveRef = useRef<HTMLCanvasElement>(null);
  const waveHeight = Math.round(height / 3);

  useEffect(() => {
    const spectro = spectroRef.current?.getContext('2d');
    const wave = waveRef.current?.getContext('2d');
    if (!spectro || !wave) return;
    const rows = spectro.canvas.height;
    const frequency = new Float32Array(analyser.frequencyBinCount);
    const time = new Float32Array(analyser.fftSize);
    const column = spectro.createImageData(speed, rows);
    const binHz = analyser.context.sampleRate / analyser.fftSize;
    const topHz = Math.min(maxHz, analyser.context.sampleRate / 2);
    const bins = binRanges(rows, topHz, binHz, frequency.length - 1);
    spectro.fillStyle = '#000004';
    spectro.fillRect(0, 0, spectro.canvas.width, rows);
    let frame = 0;
    const draw = () => {
      const w = spectro.canvas.width;
      analyser.getFloatFrequencyData(frequency);
      // Scroll left by `speed` pixels and paint the newest column at the right edge.
      spectro.drawImage(spectro.canvas, speed, 0, w - speed, rows, 0, 0, w - speed, rows);
      for (let y = 0; y < rows; y++) {
        let db = -Infinity;
        for (let k = bins.from[y]!; k <= bins.to[y]!; k++) if (frequency[k]! > db) db = frequency[k]!;
        const c = colorIndex(db, FLOOR_DB, TOP_DB) * 3;
        for (let x = 0; x < speed; x++) {
          const p = (y * speed + x) * 4;
          column.data[p] = COLOR_SCALE[c]!;
          column.data[p + 1] = COLOR_SCALE[c + 1]!;
          column.data[p + 2] = COLOR_SCALE[c + 2]!;
          column.data[p + 3] = 255;
        }
      }
      spectro.putImageData(column, w - speed, 0);

      analyser.getFloatTimeDomainData(time);
      const ww = wave.canvas.width;
      const wh = wave.canvas.height;
      wave.fillStyle = '#f5f8ff';
      wave.fillRect(0, 0, ww, wh);
      wave.strokeStyle = '#1677ff';
      wave.lineWidth = 2;
      wave.beginPath();
      for (let x = 0; x < ww; x++) {
        const v = time[Math.floor((x * time.length) / ww)]!;
        const y = wh / 2 - v * (wh / 2);
        if (x === 0) wave.moveTo(x, y);
        else wave.lineTo(x, y);
      }
      wave.stroke();
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    spectro.canvas.dataset.drawn = 'true';
    return () => cancelAnimationFrame(frame);
  }, [analyser, maxHz, speed, width, height, waveHeight]);

  return (
    <div className="live-sound-view" data-testid="live-sound-view">
      <div ref={box}>
        <canvas
          ref={spectroRef}
          data-testid="live-spectrogram"
          width={width}
          height={height * 2}
          style={{ height }}
          role="img"
          aria-label={t('view.spectrogramAria')}
        />
        <canvas
          ref={waveRef}
          data-testid="live-waveform"
          width={width}
          height={waveHeight * 2}
          style={{ height: waveHeight }}
          role="img"
          aria-label={t('view.waveformAria')}
        />
      </div>
      {!hideExplanation && (
        <Typography.Paragraph type="secondary" className="sound-view-explain">
          {t('view.liveExplain')}
        </Typography.Paragraph>
      )}
    </div>
  );
}
