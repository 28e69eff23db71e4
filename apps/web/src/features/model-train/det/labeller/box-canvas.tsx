/**
 * The drawing surface of the labelling tool: one image on a canvas with its boxes. Drag on empty ground to
 * draw a box of the active class; drag a box to move it, its handles to resize it; click to select; wheel
 * zooms around the pointer; drag with the middle/right button, or with Space held, pans. Boxes are image
 * pixels; the parent owns them (`onChange` once per finished gesture).
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { TrainBox } from '@ai-edu/contract';
import { classColor, drawBoxes, prepareCanvas, type DrawnBox } from '../draw.ts';
import {
  cursorFor,
  handlePoint,
  hitTest,
  HANDLES,
  isBoxBigEnough,
  moveRect,
  rectFromCorners,
  resizeRect,
  roundRect,
  type BoxPart,
  type Handle,
  type Point,
  type Rect,
} from './geometry.ts';
import { fitView, panBy, screenToImage, wheelFactor, zoomAt, type View } from './view.ts';

/** Handle grab radius and drawn size, in screen pixels. */
const HANDLE_RADIUS = 7;
const HANDLE_SIZE = 7;

export interface BoxCanvasHandle {
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
}

export interface BoxCanvasProps {
  imageUrl: string;
  /** The stored size (the loaded image's own size wins once it is known). */
  width: number;
  height: number;
  boxes: readonly TrainBox[];
  classes: readonly string[];
  activeClass: number;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onChange: (boxes: TrainBox[]) => void;
  readOnly?: boolean;
  /** Canvas height in CSS pixels. */
  canvasHeight?: number;
  /** Accessible description of the canvas. */
  label: string;
}

type Drag =
  | { type: 'draw'; start: Point; current: Point }
  | { type: 'move'; index: number; start: Point; current: Point }
  | { type: 'resize'; index: number; handle: Handle; start: Point; current: Point }
  | { type: 'pan'; last: Point };

/** The boxes as they look during a gesture (the moved or resized box changed). */
function applyDrag(boxes: readonly TrainBox[], drag: Drag | null, imageW: number, imageH: number): Rect[] {
  const rects: Rect[] = boxes.map((b) => ({ x: b.x, y: b.y, w: b.w, h: b.h }));
  if (drag?.type === 'move' && rects[drag.index]) {
    rects[drag.index] = moveRect(
      rects[drag.index]!,
      drag.current.x - drag.start.x,
      drag.current.y - drag.start.y,
      imageW,
      imageH,
    );
  }
  if (drag?.type === 'resize' && rects[drag.index]) {
    rects[drag.index] = resizeRect(
      rects[drag.index]!,
      drag.handle,
      drag.current.x - drag.start.x,
      drag.current.y - drag.start.y,
      imageW,
      imageH,
    );
  }
  return rects;
}

function pointerPoint(event: React.PointerEvent | React.WheelEvent, canvas: HTMLCanvasElement): Point {
  const rect = canvas.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

export const BoxCanvas = forwardRef<BoxCanvasHandle, BoxCanvasProps>(function BoxCanvas(props, ref) {
  const { imageUrl, boxes, classes, activeClass, selected, onSelect, onChange, readOnly, label } = props;
  const canvasHeight = props.canvasHeight ?? 460;
  const wrapRef = useRef<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [cssWidth, setCssWidth] = useState(0);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [view, setView] = useState<View>({ scale: 1, offsetX: 0, offsetY: 0 });
  const [drag, setDragState] = useState<Drag | null>(null);
  // The gesture as events see it: pointer events can come faster than React renders, so handlers read and
  // write this ref and the state only repaints.
  const dragRef = useRef<Drag | null>(null);
  const setDrag = useCallback((next: Drag | null) => {
    dragRef.current = next;
    setDragState(next);
  }, []);
  const [hover, setHover] = useState<BoxPart | null>(null);
  const spaceHeld = useRef(false);

  const imageW = image?.naturalWidth || props.width;
  const imageH = image?.naturalHeight || props.height;
  const fitted = fitView(imageW, imageH, cssWidth, canvasHeight);

  // The canvas follows its container's width.
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const observer = new ResizeObserver(() => setCssWidth(Math.floor(wrap.clientWidth)));
    observer.observe(wrap);
    setCssWidth(Math.floor(wrap.clientWidth));
    return () => observer.disconnect();
  }, []);

  // A new image (or a new size) starts fitted.
  useEffect(() => {
    let live = true;
    setImage(null);
    const img = new Image();
    img.onload = () => live && setImage(img);
    img.src = imageUrl;
    return () => {
      live = false;
    };
  }, [imageUrl]);

  useEffect(() => {
    setView(fitView(imageW, imageH, cssWidth, canvasHeight));
  }, [imageW, imageH, cssWidth, canvasHeight, imageUrl]);

  useImperativeHandle(
    ref,
    () => ({
      zoomIn: () => setView((v) => zoomAt(v, 1.25, { x: cssWidth / 2, y: canvasHeight / 2 }, fitted.scale)),
      zoomOut: () => setView((v) => zoomAt(v, 0.8, { x: cssWidth / 2, y: canvasHeight / 2 }, fitted.scale)),
      fit: () => setView(fitView(imageW, imageH, cssWidth, canvasHeight)),
    }),
    [cssWidth, canvasHeight, fitted.scale, imageW, imageH],
  );

  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.code === 'Space') spaceHeld.current = true;
    };
    const up = (e: KeyboardEvent) => {
      if (e.code === 'Space') spaceHeld.current = false;
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  const liveRects = useCallback(() => applyDrag(boxes, drag, imageW, imageH), [boxes, drag, imageW, imageH]);

  // Paint.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || cssWidth === 0) return;
    const ctx = prepareCanvas(canvas, cssWidth, canvasHeight);
    if (!ctx) return;
    ctx.fillStyle = '#f0f0f0';
    ctx.fillRect(0, 0, cssWidth, canvasHeight);
    if (image) ctx.drawImage(image, view.offsetX, view.offsetY, imageW * view.scale, imageH * view.scale);
    const rects = liveRects();
    const drawn: DrawnBox[] = rects.map((r, i) => {
      const index = classes.indexOf(boxes[i]!.label);
      return {
        ...r,
        color: classColor(index),
        caption: `${index + 1} ${boxes[i]!.label}`,
        strong: i === selected,
      };
    });
    if (drag?.type === 'draw') {
      drawn.push({
        ...rectFromCorners(drag.start, drag.current, imageW, imageH),
        color: classColor(activeClass),
        dashed: true,
      });
    }
    drawBoxes(ctx, drawn, view);
    if (selected !== null && rects[selected]) {
      ctx.fillStyle = '#fff';
      ctx.strokeStyle = '#000';
      ctx.lineWidth = 1;
      for (const handle of HANDLES) {
        const p = handlePoint(rects[selected], handle);
        const x = p.x * view.scale + view.offsetX - HANDLE_SIZE / 2;
        const y = p.y * view.scale + view.offsetY - HANDLE_SIZE / 2;
        ctx.fillRect(x, y, HANDLE_SIZE, HANDLE_SIZE);
        ctx.strokeRect(x, y, HANDLE_SIZE, HANDLE_SIZE);
      }
    }
  }, [
    image,
    view,
    cssWidth,
    canvasHeight,
    liveRects,
    boxes,
    classes,
    selected,
    drag,
    activeClass,
    imageW,
    imageH,
  ]);

  const onPointerDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.setPointerCapture?.(event.pointerId);
    const screen = pointerPoint(event, canvas);
    if (event.button === 1 || event.button === 2 || spaceHeld.current) {
      setDrag({ type: 'pan', last: screen });
      return;
    }
    if (event.button !== 0) return;
    const p = screenToImage(view, screen);
    const hit = hitTest(liveRects(), p, HANDLE_RADIUS / view.scale, selected);
    if (hit) {
      onSelect(hit.index);
      if (readOnly) return;
      setDrag(
        hit.part === 'body'
          ? { type: 'move', index: hit.index, start: p, current: p }
          : { type: 'resize', index: hit.index, handle: hit.part, start: p, current: p },
      );
      return;
    }
    onSelect(null);
    setDrag(readOnly ? { type: 'pan', last: screen } : { type: 'draw', start: p, current: p });
  };

  const onPointerMove = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const screen = pointerPoint(event, canvas);
    const current = dragRef.current;
    if (!current) {
      const hit = hitTest(liveRects(), screenToImage(view, screen), HANDLE_RADIUS / view.scale, selected);
      setHover(hit ? hit.part : null);
      return;
    }
    if (current.type === 'pan') {
      setView((v) => panBy(v, screen.x - current.last.x, screen.y - current.last.y));
      setDrag({ type: 'pan', last: screen });
      return;
    }
    setDrag({ ...current, current: screenToImage(view, screen) });
  };

  const finish = (event: React.PointerEvent<HTMLCanvasElement>) => {
    let current = dragRef.current;
    setDrag(null);
    if (!current || current.type === 'pan' || readOnly) return;
    // The release point is the gesture's end, even if the last move was not seen.
    const canvas = canvasRef.current;
    if (canvas) current = { ...current, current: screenToImage(view, pointerPoint(event, canvas)) };
    if (current.type === 'draw') {
      const rect = rectFromCorners(current.start, current.current, imageW, imageH);
      if (!isBoxBigEnough(rect) || classes.length === 0) return;
      const className = classes[Math.min(activeClass, classes.length - 1)]!;
      onChange([...boxes, { label: className, ...roundRect(rect) }]);
      onSelect(boxes.length);
      return;
    }
    const rects = applyDrag(boxes, current, imageW, imageH);
    const index = current.index;
    const moved = rects[index];
    const before = boxes[index];
    if (!moved || !before) return;
    const rounded = roundRect(moved);
    if (
      rounded.x === before.x &&
      rounded.y === before.y &&
      rounded.w === before.w &&
      rounded.h === before.h
    ) {
      return;
    }
    if (!isBoxBigEnough(rounded)) return;
    onChange(boxes.map((b, i) => (i === index ? { label: b.label, ...rounded } : b)));
  };

  // Wheel zoom needs a non-passive listener (React's onWheel is passive: no preventDefault).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const anchor = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      setView((v) => zoomAt(v, wheelFactor(event.deltaY), anchor, fitted.scale));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [fitted.scale]);

  const cursor = drag?.type === 'pan' ? 'grabbing' : readOnly && !hover ? 'grab' : cursorFor(hover);

  return (
    <div ref={wrapRef} style={{ width: '100%', position: 'relative' }}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        data-testid="det-label-canvas"
        data-zoom={(view.scale / (fitted.scale || 1)).toFixed(2)}
        style={{ display: 'block', cursor, touchAction: 'none', borderRadius: 6 }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={() => setDrag(null)}
        onContextMenu={(e) => e.preventDefault()}
      />
    </div>
  );
});
