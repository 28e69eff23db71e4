/** Shows an existing canvas element (the lab keeps its pictures as canvases) by copying it into its own. */
import { useEffect, useRef, type CSSProperties } from 'react';

export interface CanvasViewProps {
  picture: HTMLCanvasElement;
  className?: string;
  style?: CSSProperties;
  label: string;
  testId?: string;
}

export function CanvasView({ picture, className, style, label, testId }: CanvasViewProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    canvas.width = picture.width;
    canvas.height = picture.height;
    canvas.getContext('2d')?.drawImage(picture, 0, 0);
  }, [picture]);
  return (
    <canvas
      ref={ref}
      className={className}
      style={style}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
}
