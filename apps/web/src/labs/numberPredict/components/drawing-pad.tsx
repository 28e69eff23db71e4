import { useEffect, useImperativeHandle, useRef, type PointerEvent, type Ref } from 'react';
import type { GreyImage } from '@ai-edu/ml/digits/preprocess.ts';
import { CANVAS_PIXELS, PEN_WIDTH } from '../meta.ts';

export interface DrawingPadHandle {
  clear: () => void;
  /** Paints a 28×28 digit (grey levels in [0, 1]) over the whole pad, as if it had been written there. */
  showDigit: (pixels: Float32Array) => void;
}

export interface DrawingPadProps {
  ref?: Ref<DrawingPadHandle>;
  label: string;
  /** The drawing as ink levels in [0, 1] (null when blank), at most once per frame while writing. */
  onChange: (drawing: GreyImage | null) => void;
}

const INK = '#1d2045';

/** Ink levels of the canvas: its alpha channel (the paper is the transparent canvas on a white box). */
function readInk(canvas: HTMLCanvasElement): GreyImage | null {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const pixels = new Float32Array(canvas.width * canvas.height);
  let any = false;
  for (let i = 0; i < pixels.length; i++) {
    const a = (data[i * 4 + 3] ?? 0) / 255;
    pixels[i] = a;
    if (a > 0) any = true;
  }
  return any ? { width: canvas.width, height: canvas.height, pixels } : null;
}

/**
 * A square canvas to write one digit on with a mouse, a finger or a pen (pointer events, so all three
 * alike; the page does not scroll while writing on it).
 */
export function DrawingPad({ ref, label, onChange }: DrawingPadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef(0);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const report = (now = false) => {
    cancelAnimationFrame(frame.current);
    const send = () => {
      const canvas = canvasRef.current;
      if (canvas) onChangeRef.current(readInk(canvas));
    };
    if (now) send();
    else frame.current = requestAnimationFrame(send);
  };

  const context = () => {
    const ctx = canvasRef.current?.getContext('2d', { willReadFrequently: true });
    if (ctx) {
      ctx.strokeStyle = INK;
      ctx.fillStyle = INK;
      ctx.lineWidth = PEN_WIDTH;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
    }
    return ctx;
  };

  useImperativeHandle(ref, () => ({
    clear() {
      const ctx = context();
      ctx?.clearRect(0, 0, CANVAS_PIXELS, CANVAS_PIXELS);
      report(true);
    },
    showDigit(pixels) {
      const ctx = context();
      if (!ctx) return;
      const small = document.createElement('canvas');
      small.width = 28;
      small.height = 28;
      const image = new ImageData(28, 28);
      for (let i = 0; i < 784; i++) {
        image.data.set([0x1d, 0x20, 0x45, Math.round((pixels[i] ?? 0) * 255)], i * 4);
      }
      small.getContext('2d')?.putImageData(image, 0, 0);
      ctx.clearRect(0, 0, CANVAS_PIXELS, CANVAS_PIXELS);
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(small, 0, 0, CANVAS_PIXELS, CANVAS_PIXELS);
      report(true);
    },
  }));

  const point = (canvas: HTMLCanvasElement, { clientX, clientY }: { clientX: number; clientY: number }) => {
    const rect = canvas.getBoundingClientRect();
    return {
      x: ((clientX - rect.left) / rect.width) * CANVAS_PIXELS,
      y: ((clientY - rect.top) / rect.height) * CANVAS_PIXELS,
    };
  };

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    try {
      // Keeps the stroke going when the pen leaves the box for a moment.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: draw without capture.
    }
    const p = point(event.currentTarget, event);
    last.current = p;
    const ctx = context();
    ctx?.beginPath();
    ctx?.arc(p.x, p.y, PEN_WIDTH / 2, 0, Math.PI * 2);
    ctx?.fill();
    report();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const ctx = context();
    if (!ctx) return;
    // Coalesced events keep fast strokes smooth where the browser batches pointer moves.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const canvas = event.currentTarget;
    const points = (events.length > 0 ? events : [event]).map((e) => point(canvas, e));
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    for (const p of points) ctx.lineTo(p.x, p.y);
    ctx.stroke();
    last.current = points.at(-1) ?? last.current;
    report();
  };

  const up = () => {
    if (!last.current) return;
    last.current = null;
    report(true);
  };

  return (
    <canvas
      ref={canvasRef}
      className="np-pad"
      width={CANVAS_PIXELS}
      height={CANVAS_PIXELS}
      role="img"
      aria-label={label}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onLostPointerCapture={up}
    />
  );
}
