/**
 * Decoding of the detection head's output into boxes; shared by the page (TF.js), the ONNX path
 * (onnxruntime-web) and the Python snippet, so all three agree.
 *
 * The head's output has K + 4 channels per cell of an H×W grid over the stretched S×S image:
 * - channels 0 … K−1: heat-map logits; after sigmoid, the chance that an object of that class is centred in
 *   the cell;
 * - channel K, K+1: dx, dy — where the centre lies inside the cell (0 … 1, raw regression, not squashed);
 * - channel K+2, K+3: log(w / stride), log(h / stride) — the box size in cells, as a logarithm.
 * So for the cell (row, col): cx = (col + dx) / W, cy = (row + dy) / H, w = exp(lw) / W, h = exp(lh) / H,
 * all fractions 0–1 of the image (and so of the original image, since det stretches the whole image).
 *
 * A detection is a cell whose heat value is ≥ the threshold and ≥ all 8 neighbours of the same class
 * (3×3 local maximum); then per-class non-maximum suppression at IoU 0.5 drops a weaker box of the same
 * class that overlaps a stronger one (two peaks on one large shape), and the best `maxDetections` stay.
 */
import { iou } from './metrics.ts';

export interface Detection {
  /** Class index. */
  readonly label: number;
  /** Heat-map value at the peak (0–1). */
  readonly score: number;
  /** Top-left corner, width and height: fractions 0–1 of the image. */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface DecodeInput {
  /** H×W×K, row-major (NHWC without the batch), AFTER sigmoid. */
  readonly heatmap: ArrayLike<number>;
  /** H×W×4: dx, dy, log(w/stride), log(h/stride). */
  readonly boxes: ArrayLike<number>;
  readonly H: number;
  readonly W: number;
  readonly K: number;
  readonly threshold?: number;
  readonly maxDetections?: number;
}

/** What the ONNX metadata `decode` entry says (JSON), so another program can decode the same way. */
export const DET_DECODE = {
  rule: 'centernet-peaks-v1',
  threshold: 0.3,
  maxDetections: 20,
  peakWindow: 3,
  nms: 'per-class',
  nmsIou: 0.5,
  heatmap: 'sigmoid applied; [H, W, K]',
  boxes:
    '[H, W, 4] = dx, dy, lw, lh; cx = (col + dx) / W, cy = (row + dy) / H, w = exp(lw) / W, h = exp(lh) / H; x = cx - w / 2, y = cy - h / 2 (fractions of the image, clipped to 0..1)',
} as const;

/** The largest log-size decoded (e^4 = 55 cells): a wild value on an untrained head stays finite. */
const MAX_LOG_SIZE = 4;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

export function decodeDetections(input: DecodeInput): Detection[] {
  const { heatmap, boxes, H, W, K } = input;
  const threshold = input.threshold ?? DET_DECODE.threshold;
  const maxDetections = input.maxDetections ?? DET_DECODE.maxDetections;
  if (heatmap.length !== H * W * K) throw new Error(`heatmap has ${heatmap.length} values, not ${H * W * K}`);
  if (boxes.length !== H * W * 4) throw new Error(`boxes has ${boxes.length} values, not ${H * W * 4}`);
  const found: Detection[] = [];
  for (let row = 0; row < H; row++) {
    for (let col = 0; col < W; col++) {
      for (let k = 0; k < K; k++) {
        const score = heatmap[(row * W + col) * K + k]!;
        if (!(score >= threshold) || !isPeak(heatmap, H, W, K, row, col, k, score)) continue;
        const b = (row * W + col) * 4;
        const cx = (col + boxes[b]!) / W;
        const cy = (row + boxes[b + 1]!) / H;
        const w = Math.exp(Math.min(MAX_LOG_SIZE, boxes[b + 2]!)) / W;
        const h = Math.exp(Math.min(MAX_LOG_SIZE, boxes[b + 3]!)) / H;
        const x0 = clamp01(cx - w / 2);
        const y0 = clamp01(cy - h / 2);
        const x1 = clamp01(cx + w / 2);
        const y1 = clamp01(cy + h / 2);
        if (x1 <= x0 || y1 <= y0) continue;
        found.push({ label: k, score, x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
      }
    }
  }
  found.sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  for (const d of found) {
    if (kept.length >= maxDetections) break;
    if (kept.some((k) => k.label === d.label && iou(k, d) >= DET_DECODE.nmsIou)) continue;
    kept.push(d);
  }
  return kept;
}

/** ≥ every neighbour in the 3×3 window; ties go to the first cell in reading order so one plateau gives one box. */
function isPeak(
  heat: ArrayLike<number>,
  H: number,
  W: number,
  K: number,
  row: number,
  col: number,
  k: number,
  score: number,
): boolean {
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const r = row + dy;
      const c = col + dx;
      if (r < 0 || r >= H || c < 0 || c >= W) continue;
      const other = heat[(r * W + c) * K + k]!;
      if (other > score) return false;
      if (other === score && (dy < 0 || (dy === 0 && dx < 0))) return false;
    }
  }
  return true;
}
