/**
 * The picture with a box around every recognised line (thick) and word (thin), coloured by confidence.
 * Clicking a line's box selects it (the text list highlights it, and the reverse). In crop mode, dragging
 * draws the region to read instead.
 */
import { useMemo, useRef, useState, type PointerEvent } from 'react';
import type { OcrResult } from '../../../lib/ocr/index.ts';
import { regionBetween, type Region } from '../picture.ts';
import { confidenceLevel, LEVEL_COLOURS, wordsOf } from '../words.ts';
import { useTexts } from '../use-texts.ts';

export interface ResultViewProps {
  picture: HTMLCanvasElement;
  result: OcrResult | null;
  selected: number | null;
  onSelect: (index: number) => void;
  cropping: boolean;
  onCropRegion: (region: Region | undefined) => void;
}

export function ResultView({ picture, result, selected, onSelect, cropping, onCropRegion }: ResultViewProps) {
  const { t } = useTexts();
  const src = useMemo(() => picture.toDataURL('image/png'), [picture]);
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ from: { x: number; y: number }; to: { x: number; y: number } } | null>(
    null,
  );
  const { width, height } = picture;
  const stroke = Math.max(2, Math.round(Math.max(width, height) / 400));

  const toPicture = (event: PointerEvent) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0) return { x: 0, y: 0 };
    return {
      x: ((event.clientX - box.left) / box.width) * width,
      y: ((event.clientY - box.top) / box.height) * height,
    };
  };
  const region = drag && regionBetween(drag.from, drag.to, width, height);

  return (
    <div className="tk-picture">
      <img src={src} alt="" className="tk-picture-image" draggable={false} />
      <svg
        ref={svg}
        className={cropping ? 'tk-overlay tk-overlay-crop' : 'tk-overlay'}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('result.imageAria')}
        data-testid="ocr-overlay"
        onPointerDown={(event) => {
          if (!cropping) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          const at = toPicture(event);
          setDrag({ from: at, to: at });
          onCropRegion(undefined);
        }}
        onPointerMove={(event) => {
          if (cropping && drag && event.buttons) setDrag({ ...drag, to: toPicture(event) });
        }}
        onPointerUp={(event) => {
          if (!cropping || !drag) return;
          const done = { ...drag, to: toPicture(event) };
          setDrag(done);
          onCropRegion(regionBetween(done.from, done.to, width, height));
        }}
      >
        {!cropping &&
          result?.lines.map((line, index) => {
            const colour = LEVEL_COLOURS[confidenceLevel(line.confidence)];
            const isSelected = index === selected;
            return (
              <g key={index} data-testid="ocr-line-box" data-selected={isSelected || undefined}>
                {wordsOf(line).map((word, w) => (
                  <rect
                    key={w}
                    x={word.box.x}
                    y={word.box.y}
                    width={word.box.width}
                    height={word.box.height}
                    fill="none"
                    stroke={LEVEL_COLOURS[confidenceLevel(word.confidence)]}
                    strokeWidth={Math.max(1, stroke / 2)}
                    strokeDasharray={`${stroke * 2} ${stroke}`}
                    opacity={0.8}
                  />
                ))}
                <polygon
                  points={line.polygon.map(([x, y]) => `${x},${y}`).join(' ')}
                  fill={colour}
                  fillOpacity={isSelected ? 0.25 : 0.04}
                  stroke={colour}
                  strokeWidth={isSelected ? stroke * 2 : stroke}
                  className="tk-line-box"
                  onClick={() => onSelect(index)}
                >
                  <title>{`${line.text} · ${Math.round(line.confidence * 100)}%`}</title>
                </polygon>
              </g>
            );
          })}
        {cropping && region && (
          <rect
            x={region.x}
            y={region.y}
            width={region.width}
            height={region.height}
            fill="#1677ff"
            fillOpacity={0.15}
            stroke="#1677ff"
            strokeWidth={stroke}
          />
        )}
      </svg>
    </div>
  );
}
