/**
 * "How does the computer read?": the engine's steps shown on the user's own picture — the black-and-white
 * map the detector produced, the line boxes, the first line's characters — and why handwriting is hard.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Card, Typography } from 'antd';
import type { OcrResult } from '../../../lib/ocr/index.ts';
import { cropPicture } from '../picture.ts';
import { useTexts } from '../use-texts.ts';

function MapCanvas({ map, alt }: { map: ImageData; alt: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    canvas.width = map.width;
    canvas.height = map.height;
    canvas.getContext('2d')?.putImageData(map, 0, 0);
  }, [map]);
  return <canvas ref={ref} className="tk-how-image" role="img" aria-label={alt} data-testid="ocr-map" />;
}

function LinesPicture({ picture, result }: { picture: HTMLCanvasElement; result: OcrResult }) {
  const src = useMemo(() => picture.toDataURL('image/jpeg', 0.7), [picture]);
  const stroke = Math.max(2, Math.round(Math.max(picture.width, picture.height) / 300));
  return (
    <svg viewBox={`0 0 ${picture.width} ${picture.height}`} className="tk-how-image" aria-hidden="true">
      <image href={src} width={picture.width} height={picture.height} opacity={0.5} />
      {result.lines.map((line, i) => (
        <polygon
          key={i}
          points={line.polygon.map(([x, y]) => `${x},${y}`).join(' ')}
          fill="none"
          stroke="#1677ff"
          strokeWidth={stroke}
        />
      ))}
    </svg>
  );
}

function FirstLine({ picture, result }: { picture: HTMLCanvasElement; result: OcrResult }) {
  const line = result.lines[0];
  const crop = useMemo(() => {
    if (!line) return null;
    const box = {
      x: Math.floor(line.box.x),
      y: Math.floor(line.box.y),
      width: Math.max(1, Math.ceil(line.box.width)),
      height: Math.max(1, Math.ceil(line.box.height)),
    };
    return { box, src: cropPicture(picture, box).toDataURL('image/png') };
  }, [picture, line]);
  if (!line || !crop) return null;
  const { box, src } = crop;
  return (
    <div className="tk-how-line">
      <svg viewBox={`0 0 ${box.width} ${box.height}`} className="tk-how-line-image" aria-hidden="true">
        <image href={src} width={box.width} height={box.height} />
        {line.chars.map((char, i) => (
          <rect
            key={i}
            x={char.box.x - box.x}
            y={char.box.y - box.y}
            width={char.box.width}
            height={char.box.height}
            fill="none"
            stroke={i % 2 ? '#eb2f96' : '#1677ff'}
            strokeWidth={Math.max(1, box.height / 30)}
          />
        ))}
      </svg>
      <div className="tk-how-chars">
        {line.chars.map((char, i) => (
          <span key={i} className="tk-how-char" title={`${Math.round(char.confidence * 100)}%`}>
            {char.text === ' ' ? '␣' : char.text}
          </span>
        ))}
      </div>
    </div>
  );
}

export function HowItWorks({
  picture,
  result,
}: {
  picture: HTMLCanvasElement | null;
  result: OcrResult | null;
}) {
  const { t } = useTexts();
  const ready = picture && result;
  return (
    <Card title={t('how.title')} className="tk-how" data-testid="ocr-how">
      <Typography.Paragraph>{t('how.intro')}</Typography.Paragraph>
      <ol className="tk-how-steps">
        <li>
          <Typography.Title level={5}>{t('how.regions.title')}</Typography.Title>
          <Typography.Paragraph>{t('how.regions.text')}</Typography.Paragraph>
          {result?.detectionMap && <MapCanvas map={result.detectionMap} alt={t('how.regions.alt')} />}
        </li>
        <li>
          <Typography.Title level={5}>{t('how.lines.title')}</Typography.Title>
          <Typography.Paragraph>{t('how.lines.text')}</Typography.Paragraph>
          {ready && (
            <>
              <LinesPicture picture={picture} result={result} />
              <Typography.Text type="secondary">
                {t('how.lines.count', { count: result.lines.length })}
              </Typography.Text>
            </>
          )}
        </li>
        <li>
          <Typography.Title level={5}>{t('how.chars.title')}</Typography.Title>
          <Typography.Paragraph>{t('how.chars.text')}</Typography.Paragraph>
          {ready && result.lines[0] && (
            <>
              <Typography.Text type="secondary">
                {t('how.chars.example', { count: result.lines[0].chars.length })}
              </Typography.Text>
              <FirstLine picture={picture} result={result} />
            </>
          )}
        </li>
        <li>
          <Typography.Title level={5}>{t('how.language.title')}</Typography.Title>
          <Typography.Paragraph>{t('how.language.text')}</Typography.Paragraph>
        </li>
      </ol>
      <Typography.Title level={5}>{t('how.hard.title')}</Typography.Title>
      <Typography.Paragraph>{t('how.hard.text')}</Typography.Paragraph>
    </Card>
  );
}
