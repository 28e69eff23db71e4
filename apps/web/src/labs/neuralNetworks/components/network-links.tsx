import { memo, useEffect, useRef } from 'react';
import { weightColor, weightWidth } from '../colors.ts';
import type { LinkView } from '../playground-store.ts';

export interface Anchor {
  x: number;
  y: number;
}

interface NetworkLinksProps {
  width: number;
  height: number;
  links: readonly LinkView[];
  /** Where each link leaves its source (right edge) and enters its destination (left edge). */
  outOf: ReadonlyMap<string, Anchor>;
  into: ReadonlyMap<string, Anchor>;
}

/**
 * The links as curves on one canvas: a few hundred strokes repainted per frame cost far less than as many
 * SVG elements diffed by React and laid out by the browser.
 */
export const NetworkLinks = memo(function NetworkLinks({
  width,
  height,
  links,
  outOf,
  into,
}: NetworkLinksProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const w = Math.round(width * ratio);
    const h = Math.round(height * ratio);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    context.lineCap = 'round';
    context.globalAlpha = 0.85;
    for (const link of links) {
      const from = outOf.get(link.source);
      const to = into.get(link.dest);
      if (!from || !to) continue;
      const mid = (from.x + to.x) / 2;
      context.beginPath();
      context.moveTo(from.x, from.y);
      context.bezierCurveTo(mid, from.y, mid, to.y, to.x, to.y);
      if (link.dead) {
        context.setLineDash([3, 3]);
        context.strokeStyle = '#c9ccd1';
        context.lineWidth = 1;
      } else {
        context.setLineDash([]);
        context.strokeStyle = weightColor(link.weight);
        context.lineWidth = weightWidth(link.weight);
      }
      context.stroke();
    }
  }, [width, height, links, outOf, into]);
  return <canvas ref={ref} className="nn-links" style={{ width, height }} aria-hidden />;
});
