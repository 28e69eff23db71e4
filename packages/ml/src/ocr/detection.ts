/**
 * DB (differentiable binarisation) text detection, the parts around the model: the input tensor, and turning
 * the model's text-probability map into line rectangles (threshold → connected regions → rotated rectangle →
 * unclip), as PaddleOCR's DBPostProcess does.
 */
import { boundsOf, minAreaRect, unclip, type Point, type RotatedRect } from './geometry.ts';

/** The longest side the detector sees (PaddleOCR's default limit); sides are multiples of 32. */
export const DETECT_MAX_SIDE = 960;

/** The detector's input size for an image: at most DETECT_MAX_SIDE, each side a multiple of 32. */
export function detectionSize(width: number, height: number, maxSide = DETECT_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const round32 = (n: number) => Math.max(32, Math.round((n * scale) / 32) * 32);
  return { width: round32(width), height: round32(height) };
}

/** ImageNet mean and std per channel, in the B, G, R order PaddleOCR's OpenCV images have. */
const MEAN_BGR = [0.406, 0.456, 0.485];
const STD_BGR = [0.225, 0.224, 0.229];

/** RGBA pixels → the detector's float input [1, 3, h, w] (BGR planes, normalised). */
export function detectionInput(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): Float32Array {
  const plane = width * height;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) {
      const value = rgba[i * 4 + (2 - c)]! / 255; // c = 0 is blue
      out[c * plane + i] = (value - MEAN_BGR[c]!) / STD_BGR[c]!;
    }
  }
  return out;
}

export interface DetectOptions {
  /** A pixel is text when its probability is above this. */
  threshold?: number;
  /** A region is kept when its mean probability is above this. */
  boxThreshold?: number;
  unclipRatio?: number;
  /** Regions thinner than this (map pixels) are noise. */
  minSize?: number;
  maxRegions?: number;
}

export interface DetectedRegion {
  /** Unclipped rectangle, in map pixels. */
  rect: RotatedRect;
  /** Mean probability over the region's pixels. */
  score: number;
}

/** Pixels above the threshold → 1, else 0: the black-and-white map "how it works" shows. */
export function binarise(prob: Float32Array, threshold = 0.3): Uint8Array {
  const out = new Uint8Array(prob.length);
  for (let i = 0; i < prob.length; i++) out[i] = prob[i]! > threshold ? 1 : 0;
  return out;
}

/** Text regions in a probability map (width × height, values 0–1). */
export function detectRegions(
  prob: Float32Array,
  width: number,
  height: number,
  {
    threshold = 0.3,
    boxThreshold = 0.6,
    unclipRatio = 1.5,
    minSize = 3,
    maxRegions = 1000,
  }: DetectOptions = {},
): DetectedRegion[] {
  const mask = binarise(prob, threshold);
  const label = new Int32Array(mask.length);
  const regions: DetectedRegion[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < mask.length && regions.length < maxRegions; start++) {
    if (!mask[start] || label[start]) continue;
    next += 1;
    // Flood fill (8-connected), collecting the region's boundary pixels' corners for the hull.
    const points: Point[] = [];
    let sum = 0;
    let count = 0;
    label[start] = next;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      sum += prob[i]!;
      count += 1;
      let edge = false;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue;
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
            edge = true;
            continue;
          }
          const j = ny * width + nx;
          if (!mask[j]) {
            edge = true;
            continue;
          }
          if (!label[j]) {
            label[j] = next;
            stack.push(j);
          }
        }
      }
      if (edge) points.push([x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]);
    }
    if (points.length === 0) continue;
    const rect = minAreaRect(points);
    if (Math.min(rect.width, rect.height) < minSize) continue;
    const score = sum / count;
    if (score < boxThreshold) continue;
    const grown = unclip(rect, unclipRatio);
    if (Math.min(grown.width, grown.height) < minSize + 2) continue;
    regions.push({ rect: grown, score });
  }
  return regions;
}

/** Scales a rectangle from map pixels to image pixels (the map is the resized image's size). */
export function scaleRect(rect: RotatedRect, sx: number, sy: number): RotatedRect {
  const corners = rect.corners.map(([x, y]) => [x * sx, y * sy] as Point) as RotatedRect['corners'];
  const length = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1]);
  return { corners, width: length(corners[0], corners[1]), height: length(corners[1], corners[2]) };
}

export { boundsOf };
