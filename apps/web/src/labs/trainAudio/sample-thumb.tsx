import { memo, useEffect, useRef } from 'react';
import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { drawFeatures, playClip } from './feature-picture.ts';
import type { Sample } from './project.ts';

export interface SampleThumbProps {
  sample: Sample;
  label: string;
  deleteLabel: string;
  onDelete: () => void;
}

/** A sample's spectrogram as a small picture: click plays it, × deletes it. */
export const SampleThumb = memo(function SampleThumb({
  sample,
  label,
  deleteLabel,
  onDelete,
}: SampleThumbProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) drawFeatures(canvas.current, sample.db);
  }, [sample]);
  return (
    <li className="train-audio-thumb">
      <button type="button" aria-label={label} onClick={() => playClip(sample.samples, sample.sampleRate)}>
        <canvas ref={canvas} />
      </button>
      <Button size="small" type="text" aria-label={deleteLabel} icon={<CloseOutlined />} onClick={onDelete} />
    </li>
  );
});
