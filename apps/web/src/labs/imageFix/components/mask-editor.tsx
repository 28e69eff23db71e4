/**
 * Painting the repair mask over the photo: press and drag to brush over scratches and spots (red), or switch
 * to the eraser to rub out marks that are not damage. The brush size is in photo pixels. Every stroke is one
 * undo step (kept by the page). The mask is a byte per pixel: 255 = repair this pixel.
 */
import { useEffect, useRef, type PointerEvent } from 'react';
import { useTexts } from '../use-texts.ts';
import { CanvasView } from './canvas-view.tsx';

export interface MaskEditorProps {
  picture: HTMLCanvasElement;
  mask: Uint8Array;
  brush: number;
  erase: boolean;
  /** A stroke finished: the new mask (a copy; the page keeps the old one for undo). */
  onStroke: (mask: Uint8Array) => void;
}

/** Draws the mask as translucent red onto the overlay canvas. */
function paintOverlay(canvas: HTMLCanvasElement, mask: Uint8Array, width: number, height: number) {
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return;
  const pixels = context.createImageData(width, height);
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    pixels.data[p * 4] = 255;
    pixels.data[p * 4 + 1] = 30;
    pixels.data[p * 4 + 2] = 30;
    pixels.data[p * 4 + 3] = 170;
  }
  context.putImageData(pixels, 0, 0);
}

export function MaskEditor({ picture, mask, brush, erase, onStroke }: MaskEditorProps) {
  const { t } = useTexts();
  const overlay = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<Uint8Array | null>(null);
  const { width, height } = picture;

  useEffect(() => {
    if (overlay.current) paintOverlay(overlay.current, mask, width, height);
  }, [mask, width, height]);

  const stamp = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = overlay.current;
    const drawing = stroke.current;
    if (!canvas || !drawing) return;
    const box = canvas.getBoundingClientRect();
    const cx = ((event.clientX - box.left) / box.width) * width;
    const cy = ((event.clientY - box.top) / box.height) * height;
    const r = brush / 2;
    const context = canvas.getContext('2d');
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(height - 1, Math.ceil(cy + r)); y++)
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(width - 1, Math.ceil(cx + r)); x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        if (dx * dx + dy * dy <= r * r) drawing[y * width + x] = erase ? 0 : 255;
      }
    if (!context) return;
    context.globalCompositeOperation = erase ? 'destination-out' : 'source-over';
    context.fillStyle = 'rgba(255, 30, 30, 0.67)';
    context.beginPath();
    context.arc(cx, cy, r, 0, Math.PI * 2);
    context.fill();
    context.globalCompositeOperation = 'source-over';
  };

  return (
    <div className="fix-mask" data-testid="fix-mask-editor">
      <div className="fix-mask-stack" style={{ aspectRatio: `${width} / ${height}` }}>
        <CanvasView
          picture={picture}
          className="fix-compare-layer"
          label={t('repair.maskPicture')}
          testId="fix-picture"
        />
        <canvas
          ref={overlay}
          className="fix-compare-layer fix-mask-overlay"
          role="img"
          aria-label={t('repair.maskAria')}
          data-testid="fix-mask"
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            stroke.current = new Uint8Array(mask);
            stamp(event);
          }}
          onPointerMove={(event) => {
            if (stroke.current) stamp(event);
          }}
          onPointerUp={() => {
            if (stroke.current) onStroke(stroke.current);
            stroke.current = null;
          }}
          onPointerCancel={() => {
            if (stroke.current) onStroke(stroke.current);
            stroke.current = null;
          }}
        />
      </div>
    </div>
  );
}
