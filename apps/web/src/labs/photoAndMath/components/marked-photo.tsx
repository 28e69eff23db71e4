/**
 * The photo with the marking drawn on it, as a teacher would: a box around every line found (orange when
 * the reading was unsure), a green ✓ or a red ✗ with the right answer next to it, "?" for a line that
 * could not be read.
 */
import { useEffect, useRef } from 'react';
import type { MarkedLine } from '../use-page-reader.ts';

const GREEN = '#389e0d';
const RED = '#cf1322';
const ORANGE = '#fa8c16';
const BLUE = '#1677ff';

export function MarkedPhoto({
  page,
  lines,
  alt,
}: {
  page: HTMLCanvasElement;
  lines: MarkedLine[];
  alt: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const right = Math.max(page.width, ...lines.map((l) => l.read.box.x + l.read.box.width + 10));
    const widest = Math.max(...lines.map((l) => l.read.box.height), 20);
    canvas.width = Math.ceil(right + widest * 6);
    canvas.height = page.height;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(page, 0, 0);
    for (const line of lines) {
      const { x, y, width, height } = line.read.box;
      context.lineWidth = Math.max(1, height / 20);
      context.strokeStyle = line.unsure ? ORANGE : BLUE;
      context.strokeRect(x - 3, y - 3, width + 6, height + 6);
      const size = Math.max(14, height * 0.9);
      context.font = `bold ${size}px sans-serif`;
      context.textBaseline = 'middle';
      const at = x + width + size * 0.5;
      const mid = y + height / 2;
      if (line.mark.status === 'right') {
        context.fillStyle = GREEN;
        context.fillText('✓', at, mid);
      } else if (line.mark.status === 'wrong') {
        context.fillStyle = RED;
        context.fillText(`✗ ${line.mark.expected}`, at, mid);
      } else {
        context.fillStyle = ORANGE;
        context.fillText('?', at, mid);
      }
    }
  }, [page, lines]);
  return <canvas ref={ref} className="pm-photo" role="img" aria-label={alt} data-testid="marked-photo" />;
}
