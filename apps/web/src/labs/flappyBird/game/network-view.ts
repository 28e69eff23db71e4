/**
 * Draws a bird's network as it thinks: every connection coloured by the sign of its weight (blue pushes
 * towards flapping, orange holds back) and lit by the signal it carries right now (|weight × activation|);
 * every neuron filled by its activation.
 */
import type { Genome } from '@ai-edu/ml/neuroevolution/index.ts';
import { FONT } from './canvas.ts';

export interface NetworkLabels {
  inputs: readonly string[];
  hidden: string;
  output: string;
  flap: string;
}

const POSITIVE = [22, 119, 255] as const;
const NEGATIVE = [250, 140, 22] as const;

function rgba([r, g, b]: readonly number[], alpha: number): string {
  return `rgba(${r}, ${g}, ${b}, ${alpha.toFixed(3)})`;
}

/** Draws `genome` with the layer activations `acts` (index 0 = inputs) into a width × height area. */
export function drawNetwork(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  genome: Genome,
  acts: readonly Float64Array[],
  labels: NetworkLabels,
  threshold: number,
): void {
  ctx.clearRect(0, 0, width, height);
  const shape = genome.shape;
  const compact = width < 360;
  const labelFont = `${compact ? 11 : 12}px ${FONT}`;
  ctx.font = labelFont;
  const labelWidth = Math.max(0, ...labels.inputs.map((text) => ctx.measureText(text).width));
  // Room for the input labels on the left and the output value on the right; the rest spreads the layers.
  const left = Math.min(width * 0.45, labelWidth + 28);
  const right = compact ? 54 : 70;
  const top = 26;
  const bottom = 12;
  const columns = shape.length;
  const xOf = (l: number) => left + ((width - left - right) * l) / (columns - 1);
  const yOf = (l: number, i: number) => {
    const n = shape[l]!;
    const span = height - top - bottom;
    const gap = Math.min(span / n, 36);
    return top + span / 2 + (i - (n - 1) / 2) * gap;
  };
  const radius = (l: number) => (l === 0 || l === columns - 1 ? 11 : 9);

  // Connections first, under the neurons.
  for (let l = 0; l + 1 < columns; l++) {
    const fanIn = shape[l]!;
    const w = genome.weights[l]!;
    const a = acts[l]!;
    for (let j = 0; j < shape[l + 1]!; j++) {
      for (let i = 0; i < fanIn; i++) {
        const weight = w[j * fanIn + i]!;
        const signal = Math.min(1, Math.abs(weight * a[i]!));
        ctx.strokeStyle = rgba(weight >= 0 ? POSITIVE : NEGATIVE, 0.12 + 0.88 * signal);
        ctx.lineWidth = 0.6 + Math.min(3.4, Math.abs(weight) * 1.4);
        ctx.beginPath();
        ctx.moveTo(xOf(l), yOf(l, i));
        ctx.lineTo(xOf(l + 1), yOf(l + 1, j));
        ctx.stroke();
      }
    }
  }

  const output = acts[columns - 1]![0] ?? 0;
  const flapping = output > threshold;
  for (let l = 0; l < columns; l++) {
    for (let i = 0; i < shape[l]!; i++) {
      const x = xOf(l);
      const y = yOf(l, i);
      const a = acts[l]![i] ?? 0;
      const r = radius(l);
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fillStyle = '#fff';
      ctx.fill();
      if (l === columns - 1) {
        ctx.fillStyle = flapping ? '#52c41a' : rgba([140, 140, 160], 0.25 + 0.5 * a);
      } else {
        const v = Math.max(-1, Math.min(1, a));
        ctx.fillStyle = rgba(v >= 0 ? POSITIVE : NEGATIVE, Math.abs(v));
      }
      ctx.fill();
      ctx.lineWidth = flapping && l === columns - 1 ? 3 : 1.5;
      ctx.strokeStyle = flapping && l === columns - 1 ? '#237804' : '#1f1f3a';
      ctx.stroke();
    }
  }

  // Labels: inputs with their current values, the hidden layer, the output.
  ctx.textBaseline = 'middle';
  ctx.font = labelFont;
  ctx.textAlign = 'right';
  for (let i = 0; i < shape[0]!; i++) {
    const y = yOf(0, i);
    ctx.fillStyle = '#3a3f5c';
    ctx.fillText(labels.inputs[i] ?? '', xOf(0) - 16, y - 7);
    ctx.fillStyle = '#8c8fa6';
    ctx.fillText((acts[0]![i] ?? 0).toFixed(2), xOf(0) - 16, y + 8);
  }
  ctx.textAlign = 'center';
  ctx.fillStyle = '#8c8fa6';
  if (columns > 2) ctx.fillText(labels.hidden, xOf(1), 11);
  ctx.fillText(labels.output, xOf(columns - 1), 11);
  const ox = xOf(columns - 1);
  const oy = yOf(columns - 1, 0);
  ctx.textAlign = 'left';
  ctx.font = `700 ${compact ? 12 : 13}px ${FONT}`;
  ctx.fillStyle = flapping ? '#389e0d' : '#8c8fa6';
  ctx.fillText(flapping ? labels.flap : output.toFixed(2), ox + 16, oy);
}
