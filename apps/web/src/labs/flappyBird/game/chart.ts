/** A small line chart of the best and the average score of every generation, drawn on a canvas. */
import type { GenerationStats } from '@ai-edu/ml/neuroevolution/index.ts';
import { FONT } from './canvas.ts';

export const CHART_COLORS = { best: '#fa8c16', average: '#1677ff' } as const;

export interface ChartLabels {
  generation: string;
  pipes: string;
}

/** A "nice" upper bound for an axis: 1, 2 or 5 times a power of ten, at least `value`. */
export function niceCeil(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const m of [1, 2, 5, 10]) if (m * power >= value) return m * power;
  return 10 * power;
}

export function drawChart(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  history: readonly GenerationStats[],
  labels: ChartLabels,
): void {
  ctx.clearRect(0, 0, width, height);
  const pad = { left: 40, right: 12, top: 12, bottom: 30 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const n = history.length;
  const maxX = Math.max(10, n);
  const maxY = niceCeil(Math.max(5, ...history.map((h) => h.best)));
  const x = (g: number) => pad.left + ((g - 1) / Math.max(1, maxX - 1)) * plotW;
  const y = (v: number) => pad.top + plotH - (v / maxY) * plotH;

  // Grid and axes.
  ctx.font = `11px ${FONT}`;
  ctx.fillStyle = '#8c8fa6';
  ctx.strokeStyle = '#eceef5';
  ctx.lineWidth = 1;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (let k = 0; k <= 4; k++) {
    const v = (maxY * k) / 4;
    const yy = Math.round(y(v)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(pad.left, yy);
    ctx.lineTo(width - pad.right, yy);
    ctx.stroke();
    ctx.fillText(String(Math.round(v)), pad.left - 6, yy);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const step = niceCeil(maxX / 6);
  for (const g of [1, ...Array.from({ length: Math.floor(maxX / step) }, (_, k) => (k + 1) * step)]) {
    if (g === 1 || g - 1 >= step / 2) ctx.fillText(String(g), x(g), height - pad.bottom + 5);
  }
  ctx.textAlign = 'right';
  ctx.fillText(labels.generation, width - pad.right, height - 13);
  ctx.save();
  ctx.translate(11, pad.top + plotH / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(labels.pipes, 0, 0);
  ctx.restore();
  if (n === 0) return;

  const trace = (pick: (h: GenerationStats) => number) => {
    ctx.beginPath();
    history.forEach((h, i) => {
      if (i === 0) ctx.moveTo(x(1), y(pick(h)));
      else ctx.lineTo(x(i + 1), y(pick(h)));
    });
  };
  const line = (pick: (h: GenerationStats) => number, color: string, fill: boolean) => {
    if (fill) {
      trace(pick);
      ctx.lineTo(x(n), y(0));
      ctx.lineTo(x(1), y(0));
      ctx.closePath();
      ctx.fillStyle = `${color}22`;
      ctx.fill();
    }
    trace(pick);
    ctx.strokeStyle = color;
    ctx.lineWidth = 2.5;
    ctx.lineJoin = 'round';
    ctx.stroke();
    if (n <= 40) {
      ctx.fillStyle = color;
      history.forEach((h, i) => {
        ctx.beginPath();
        ctx.arc(x(i + 1), y(pick(h)), 2.8, 0, Math.PI * 2);
        ctx.fill();
      });
    }
  };
  line((h) => h.average, CHART_COLORS.average, true);
  line((h) => h.best, CHART_COLORS.best, false);
}
