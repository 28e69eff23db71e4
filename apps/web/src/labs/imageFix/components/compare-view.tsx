/**
 * Before and after on top of each other: drag the slider to uncover more of one or the other. A zoom slider
 * enlarges both together (scroll to move around), and the result downloads as a PNG. When the two differ in
 * size (after enlarging), the "before" is stretched to the same size on screen.
 */
import { useState } from 'react';
import { Button, Slider, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { downloadPng } from '../picture.ts';
import { useTexts } from '../use-texts.ts';
import { CanvasView } from './canvas-view.tsx';

export interface CompareViewProps {
  before: HTMLCanvasElement;
  after: HTMLCanvasElement;
  beforeLabel: string;
  afterLabel: string;
}

export function CompareView({ before, after, beforeLabel, afterLabel }: CompareViewProps) {
  const { t } = useTexts();
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(1);
  return (
    <div className="fix-compare" data-testid="fix-compare">
      <div className="fix-compare-labels">
        <Typography.Text strong>{beforeLabel}</Typography.Text>
        <Typography.Text strong>{afterLabel}</Typography.Text>
      </div>
      <div className="fix-compare-scroll">
        <div
          className={zoom >= 2 ? 'fix-compare-stack fix-pixelated' : 'fix-compare-stack'}
          style={{ width: `${zoom * 100}%`, aspectRatio: `${after.width} / ${after.height}` }}
        >
          <CanvasView
            picture={before}
            className="fix-compare-layer"
            label={beforeLabel}
            testId="fix-before"
          />
          <CanvasView
            picture={after}
            className="fix-compare-layer"
            style={{ clipPath: `inset(0 0 0 ${split}%)` }}
            label={afterLabel}
            testId="fix-after"
          />
          <div className="fix-compare-line" style={{ left: `${split}%` }} aria-hidden="true" />
        </div>
      </div>
      <div className="fix-compare-controls">
        <span>{t('compare.slider')}</span>
        <Slider
          className="fix-slider"
          min={0}
          max={100}
          value={split}
          onChange={setSplit}
          tooltip={{ formatter: null }}
          aria-label={t('compare.slider')}
        />
        <span>{t('compare.zoom')}</span>
        <Slider
          className="fix-slider"
          min={1}
          max={4}
          step={0.5}
          value={zoom}
          onChange={setZoom}
          tooltip={{ formatter: (v) => `${v}×` }}
          aria-label={t('compare.zoom')}
        />
      </div>
      <Space wrap>
        <Typography.Text type="secondary" data-testid="fix-after-size">
          {t('compare.size', { width: after.width, height: after.height })}
        </Typography.Text>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadPng(after, 'fixed-photo.png')}>
          {t('compare.download')}
        </Button>
      </Space>
    </div>
  );
}
