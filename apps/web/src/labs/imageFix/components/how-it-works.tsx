/**
 * "How does it work?" for each tool, in words a 12-year-old follows, shown on the student's own photo: the
 * scratch finder's "stands out" map and the mask it made, the brightness histogram before and after the
 * contrast tool, the same small patch before and after denoising and sharpening, and plain enlarging next to
 * the neural network's.
 */
import { useMemo } from 'react';
import { Collapse, Typography } from 'antd';
import { brightnessHistogram } from '@ai-edu/ml/image-fix/difference.ts';
import { canvasOf, canvasToImage } from '../picture.ts';
import { useTexts } from '../use-texts.ts';
import { CanvasView } from './canvas-view.tsx';

export interface HowItWorksProps {
  /** The photo with the current mask painted on it, when there is a mask. */
  maskPicture: HTMLCanvasElement | null;
  /** The scratch finder's map (brighter = stands out more), after "find scratches". */
  responseMap: HTMLCanvasElement | null;
  lastEnhance: { before: HTMLCanvasElement; after: HTMLCanvasElement } | null;
  lastUpscale: { plain: HTMLCanvasElement; ai: HTMLCanvasElement } | null;
}

function Histogram({ picture, label }: { picture: HTMLCanvasElement; label: string }) {
  const bars = useMemo(() => {
    const bins = brightnessHistogram(canvasToImage(picture));
    const grouped = Array.from(
      { length: 64 },
      (_, i) => bins[i * 4]! + bins[i * 4 + 1]! + bins[i * 4 + 2]! + bins[i * 4 + 3]!,
    );
    const top = Math.max(1, ...grouped);
    return grouped.map((n) => n / top);
  }, [picture]);
  return (
    <figure className="fix-how-figure">
      <svg viewBox="0 0 64 32" className="fix-histogram" role="img" aria-label={label}>
        {bars.map((h, i) => (
          <rect
            key={i}
            x={i}
            y={32 - h * 32}
            width={0.9}
            height={h * 32}
            fill={`rgb(${i * 4},${i * 4},${i * 4})`}
            stroke="#1677ff"
            strokeWidth={0.05}
          />
        ))}
      </svg>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** The same small square from the middle of two pictures of the same size, shown large. */
function Patch({ picture, label }: { picture: HTMLCanvasElement; label: string }) {
  const crop = useMemo(() => {
    const side = Math.max(8, Math.round(Math.min(picture.width, picture.height) / 5));
    const [canvas, context] = canvasOf(side, side);
    context.drawImage(
      picture,
      Math.round((picture.width - side) / 2),
      Math.round((picture.height - side) / 2),
      side,
      side,
      0,
      0,
      side,
      side,
    );
    return canvas;
  }, [picture]);
  return (
    <figure className="fix-how-figure">
      <CanvasView picture={crop} className="fix-how-patch fix-pixelated" label={label} />
      <figcaption>{label}</figcaption>
    </figure>
  );
}

export function HowItWorks({ maskPicture, responseMap, lastEnhance, lastUpscale }: HowItWorksProps) {
  const { t } = useTexts();
  const tryIt = <Typography.Text type="secondary">{t('how.tryIt')}</Typography.Text>;
  const items = [
    {
      key: 'find',
      label: t('how.find.title'),
      children: (
        <>
          <Typography.Paragraph>{t('how.find.text')}</Typography.Paragraph>
          {responseMap ? (
            <div className="fix-how-row">
              <figure className="fix-how-figure">
                <CanvasView
                  picture={responseMap}
                  className="fix-how-image"
                  label={t('how.find.map')}
                  testId="how-map"
                />
                <figcaption>{t('how.find.map')}</figcaption>
              </figure>
            </div>
          ) : (
            tryIt
          )}
        </>
      ),
    },
    {
      key: 'inpaint',
      label: t('how.inpaint.title'),
      children: (
        <>
          <Typography.Paragraph>{t('how.inpaint.text')}</Typography.Paragraph>
          <Typography.Paragraph>{t('how.inpaint.methods')}</Typography.Paragraph>
          {maskPicture ? (
            <figure className="fix-how-figure">
              <CanvasView
                picture={maskPicture}
                className="fix-how-image"
                label={t('how.inpaint.mask')}
                testId="how-mask"
              />
              <figcaption>{t('how.inpaint.mask')}</figcaption>
            </figure>
          ) : (
            tryIt
          )}
        </>
      ),
    },
    {
      key: 'contrast',
      label: t('how.contrast.title'),
      children: (
        <>
          <Typography.Paragraph>{t('how.contrast.text')}</Typography.Paragraph>
          {lastEnhance ? (
            <div className="fix-how-row">
              <Histogram picture={lastEnhance.before} label={t('how.contrast.before')} />
              <Histogram picture={lastEnhance.after} label={t('how.contrast.after')} />
            </div>
          ) : (
            tryIt
          )}
        </>
      ),
    },
    {
      key: 'filters',
      label: t('how.filters.title'),
      children: (
        <>
          <Typography.Paragraph>{t('how.filters.colour')}</Typography.Paragraph>
          <Typography.Paragraph>{t('how.filters.denoise')}</Typography.Paragraph>
          <Typography.Paragraph>{t('how.filters.sharpen')}</Typography.Paragraph>
          {lastEnhance ? (
            <div className="fix-how-row">
              <Patch picture={lastEnhance.before} label={t('how.filters.before')} />
              <Patch picture={lastEnhance.after} label={t('how.filters.after')} />
            </div>
          ) : (
            tryIt
          )}
        </>
      ),
    },
    {
      key: 'upscale',
      label: t('how.upscale.title'),
      children: (
        <>
          <Typography.Paragraph>{t('how.upscale.text')}</Typography.Paragraph>
          <Typography.Paragraph>{t('how.upscale.tiles')}</Typography.Paragraph>
          {lastUpscale ? (
            <div className="fix-how-row">
              <Patch picture={lastUpscale.plain} label={t('how.upscale.plain')} />
              <Patch picture={lastUpscale.ai} label={t('how.upscale.ai')} />
            </div>
          ) : (
            tryIt
          )}
        </>
      ),
    },
  ];
  return (
    <section className="fix-how" aria-labelledby="fix-how-title">
      <Typography.Title level={4} id="fix-how-title">
        {t('how.title')}
      </Typography.Title>
      <Collapse items={items} defaultActiveKey={['find']} />
    </section>
  );
}
