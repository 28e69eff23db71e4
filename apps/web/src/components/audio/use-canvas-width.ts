/** The pixel width a canvas should have to fill its container (follows resizes; device pixels capped at 2×). */
import { useEffect, useRef, useState, type RefObject } from 'react';

export function useCanvasWidth<T extends HTMLElement>(fallback = 600): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const css = element.clientWidth;
      // Half-pixel changes would redraw for nothing; zero means hidden.
      if (css > 0) setWidth(Math.round(css * Math.min(2, window.devicePixelRatio || 1)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
