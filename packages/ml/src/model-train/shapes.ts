/**
 * Generated datasets (seeded, pixels only: the callers write PNGs), for tests, benches and e2e runs.
 *
 * - detection: coloured circles, squares and triangles (1–3 per image, 36–110 px at 320) on cluttered
 *   backgrounds (a random two-colour gradient, pixel noise, random lines and small dots of other colours),
 *   with their boxes in pixels. The class is the SHAPE, never the colour (every shape takes any colour);
 *   clutter is thinner or smaller than any object.
 * - classification: textures the backbone tells apart (stripes, dots, checks, rings), random colours, scale,
 *   angle and noise.
 */
import { seededRandom, type Rng } from '../random.ts';

export const SHAPE_CLASSES = ['circle', 'square', 'triangle'] as const;
export const TEXTURE_CLASSES = ['stripes', 'dots', 'checks', 'rings'] as const;

export interface PixelBox {
  /** Class index. */
  readonly label: number;
  /** Top-left corner and size in pixels. */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface GeneratedImage {
  readonly width: number;
  readonly height: number;
  /** RGBA, row-major, opaque. */
  readonly data: Uint8ClampedArray;
}

export interface DetectionSample extends GeneratedImage {
  readonly boxes: PixelBox[];
}

export interface ClassificationSample extends GeneratedImage {
  readonly label: number;
}

type Rgb = [number, number, number];

function hsv(h: number, s: number, v: number): Rgb {
  const f = (n: number) => {
    const k = (n + h * 6) % 6;
    return Math.round(255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [f(5), f(3), f(1)];
}

const randomColour = (rng: Rng, saturation = 0.6 + 0.4 * rng(), value = 0.55 + 0.45 * rng()) =>
  hsv(rng(), saturation, value);

function gradientBackground(data: Uint8ClampedArray, size: number, rng: Rng, noise: number) {
  const a = randomColour(rng, 0.1 + 0.5 * rng(), 0.3 + 0.6 * rng());
  const b = randomColour(rng, 0.1 + 0.5 * rng(), 0.3 + 0.6 * rng());
  const angle = rng() * Math.PI * 2;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = Math.min(1, Math.max(0, 0.5 + ((x / size - 0.5) * ux + (y / size - 0.5) * uy)));
      const o = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) data[o + c] = a[c]! + (b[c]! - a[c]!) * t + (rng() - 0.5) * 2 * noise;
      data[o + 3] = 255;
    }
  }
}

/** Paints the pixels where `inside(px, py)` holds, anti-aliased with 2×2 sub-samples, within a bounding box. */
function paint(
  data: Uint8ClampedArray,
  size: number,
  colour: Rgb,
  bounds: { x0: number; y0: number; x1: number; y1: number },
  inside: (x: number, y: number) => boolean,
) {
  const x0 = Math.max(0, Math.floor(bounds.x0));
  const y0 = Math.max(0, Math.floor(bounds.y0));
  const x1 = Math.min(size - 1, Math.ceil(bounds.x1));
  const y1 = Math.min(size - 1, Math.ceil(bounds.y1));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      let cover = 0;
      for (const [sx, sy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ] as const)
        if (inside(x + sx, y + sy)) cover += 0.25;
      if (cover === 0) continue;
      const o = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) data[o + c] = data[o + c]! * (1 - cover) + colour[c]! * cover;
    }
  }
}

function drawLine(data: Uint8ClampedArray, size: number, rng: Rng) {
  const ax = rng() * size;
  const ay = rng() * size;
  const bx = rng() * size;
  const by = rng() * size;
  const width = 1 + rng() * 4;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy || 1;
  paint(
    data,
    size,
    randomColour(rng),
    {
      x0: Math.min(ax, bx) - width,
      y0: Math.min(ay, by) - width,
      x1: Math.max(ax, bx) + width,
      y1: Math.max(ay, by) + width,
    },
    (x, y) => {
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
      const px = ax + t * dx - x;
      const py = ay + t * dy - y;
      return px * px + py * py <= (width / 2) ** 2;
    },
  );
}

function drawDot(data: Uint8ClampedArray, size: number, rng: Rng, maxRadius: number) {
  const cx = rng() * size;
  const cy = rng() * size;
  const r = 2 + rng() * (maxRadius - 2);
  paint(
    data,
    size,
    randomColour(rng),
    { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r },
    (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r,
  );
}

/** Draws a shape of class `label` filling the box (a triangle points up, apex at the top middle). */
function drawShape(data: Uint8ClampedArray, size: number, label: number, box: PixelBox, colour: Rgb) {
  const { x, y, w, h } = box;
  const bounds = { x0: x, y0: y, x1: x + w, y1: y + h };
  const cx = x + w / 2;
  const cy = y + h / 2;
  if (label === 0) {
    paint(
      data,
      size,
      colour,
      bounds,
      (px, py) => ((px - cx) / (w / 2)) ** 2 + ((py - cy) / (h / 2)) ** 2 <= 1,
    );
  } else if (label === 1) {
    paint(data, size, colour, bounds, (px, py) => px >= x && px <= x + w && py >= y && py <= y + h);
  } else {
    paint(data, size, colour, bounds, (px, py) => {
      if (py < y || py > y + h) return false;
      const half = ((py - y) / h) * (w / 2);
      return Math.abs(px - cx) <= half;
    });
  }
}

const overlaps = (a: PixelBox, b: PixelBox, gap: number) =>
  a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;

export interface DetectionOptions {
  /** Image side in pixels (square images). */
  readonly size?: number;
  /** 2 or 3: circle, square (, triangle). */
  readonly classes?: number;
  readonly minObjects?: number;
  readonly maxObjects?: number;
}

/** One detection image: cluttered background and 1–3 non-overlapping shapes. */
export function generateDetectionImage(rng: Rng, options: DetectionOptions = {}): DetectionSample {
  const size = options.size ?? 320;
  const classes = Math.min(SHAPE_CLASSES.length, Math.max(1, options.classes ?? 3));
  const min = options.minObjects ?? 1;
  const max = options.maxObjects ?? 3;
  const data = new Uint8ClampedArray(size * size * 4);
  gradientBackground(data, size, rng, 18);
  const scale = size / 320;
  const lines = 3 + Math.floor(rng() * 6);
  for (let i = 0; i < lines; i++) drawLine(data, size, rng);
  const dots = 4 + Math.floor(rng() * 10);
  for (let i = 0; i < dots; i++) drawDot(data, size, rng, 8 * scale);
  const count = min + Math.floor(rng() * (max - min + 1));
  const boxes: PixelBox[] = [];
  for (let tries = 0; boxes.length < count && tries < 50; tries++) {
    const label = Math.floor(rng() * classes);
    const side = (36 + rng() * 74) * scale;
    const aspect = 0.75 + rng() * 0.5;
    const w = Math.round(side * Math.sqrt(aspect));
    const h = Math.round(side / Math.sqrt(aspect));
    const box = { label, x: Math.floor(rng() * (size - w)), y: Math.floor(rng() * (size - h)), w, h };
    if (boxes.some((b) => overlaps(b, box, 4 * scale))) continue;
    boxes.push(box);
    drawShape(data, size, label, box, randomColour(rng, 0.7 + 0.3 * rng(), 0.6 + 0.4 * rng()));
  }
  return { width: size, height: size, data, boxes };
}

/** `count` detection images from one seed (the same seed gives the same images). */
export function generateDetectionDataset(
  seed: number,
  count: number,
  options: DetectionOptions = {},
): DetectionSample[] {
  const rng = seededRandom(seed);
  return Array.from({ length: count }, () => generateDetectionImage(rng, options));
}

function texture(label: number, rng: Rng, size: number): (x: number, y: number) => number {
  const angle = rng() * Math.PI;
  const period = size * (0.08 + 0.1 * rng());
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const ox = rng() * size;
  const oy = rng() * size;
  const u = (x: number, y: number) => ((x - ox) * c + (y - oy) * s) / period;
  const v = (x: number, y: number) => (-(x - ox) * s + (y - oy) * c) / period;
  const frac = (t: number) => t - Math.floor(t);
  switch (TEXTURE_CLASSES[label]) {
    case 'stripes':
      return (x, y) => (frac(u(x, y)) < 0.5 ? 1 : 0);
    case 'dots':
      return (x, y) => ((frac(u(x, y)) - 0.5) ** 2 + (frac(v(x, y)) - 0.5) ** 2 < 0.09 ? 1 : 0);
    case 'checks':
      return (x, y) => ((Math.floor(u(x, y)) + Math.floor(v(x, y))) & 1 ? 1 : 0);
    default: {
      const cx = size * (0.3 + 0.4 * rng());
      const cy = size * (0.3 + 0.4 * rng());
      return (x, y) => (frac(Math.hypot(x - cx, y - cy) / period) < 0.5 ? 1 : 0);
    }
  }
}

/** `perClass` images of each of the first `classes` textures (2–4), in class order, from one seed. */
export function generateClassificationImages(
  seed: number,
  classes: number,
  perClass: number,
  size = 224,
): ClassificationSample[] {
  if (classes < 1 || classes > TEXTURE_CLASSES.length)
    throw new Error(`classes must be 1–${TEXTURE_CLASSES.length}`);
  const rng = seededRandom(seed);
  const out: ClassificationSample[] = [];
  for (let label = 0; label < classes; label++) {
    for (let n = 0; n < perClass; n++) {
      const data = new Uint8ClampedArray(size * size * 4);
      const ink = randomColour(rng);
      const paper = randomColour(rng, 0.2 * rng(), 0.7 + 0.3 * rng());
      const pattern = texture(label, rng, size);
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const t = pattern(x, y);
          const o = (y * size + x) * 4;
          for (let c = 0; c < 3; c++)
            data[o + c] = paper[c]! + (ink[c]! - paper[c]!) * t + (rng() - 0.5) * 30;
          data[o + 3] = 255;
        }
      }
      out.push({ width: size, height: size, data, label });
    }
  }
  return out;
}
