import { useEffect, useRef } from 'react';
import { drawPicture } from './picture.ts';

interface PictureCanvasProps {
  pictures: Float32Array;
  index: number;
  side: number;
  /** Pixels on a side of the canvas (the picture is enlarged to it). */
  size: number;
  /** What a screen reader hears; none: the picture is decoration (its button says what it is). */
  label?: string;
  className?: string;
}

/** One of the painter's pictures, enlarged; `label` is what a screen reader hears. */
export function PictureCanvas({ pictures, index, side, size, label, className }: PictureCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current) drawPicture(ref.current, pictures, index, side);
  }, [pictures, index, side]);
  return (
    <canvas
      ref={ref}
      width={size}
      height={size}
      className={className}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
