/**
 * The handwritten symbols the math lab's network tells apart, and a generator that draws the operators and
 * brackets the way a hand might: each one a few pen strokes with a random thickness, slant, size and wobble.
 * Digits come from MNIST; MNIST has no "+" or "÷", so we draw those ourselves (seeded, so the same seed
 * gives the same pictures). The decimal point and the remainder dots are not here: a dot has no shape to
 * learn, so the segmenter recognises it by its size (`segment.ts`).
 */
import { type Rng } from '../random.ts';
import { preprocessDrawing, type GreyImage } from '../digits/preprocess.ts';
import { DIGIT_PIXELS } from '../digits/dataset.ts';

/** The network's classes, in output order: the ten digits first, so a digit's class is its value. */
export const SYMBOLS = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '+',
  '-',
  '×',
  '÷',
  '=',
  '(',
  ')',
] as const;
export type MathSymbol = (typeof SYMBOLS)[number];
/** The symbols our generator draws (everything but the digits). */
export const DRAWN_SYMBOLS = SYMBOLS.slice(10) as readonly MathSymbol[];

type Point = [number, number];
/** A pen stroke through points in a unit square (x right, y down). */
type Stroke = Point[];

/** An arc from `from` to `to` degrees around (cx, cy), as a polyline. */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): Stroke {
  const points: Stroke = [];
  for (let i = 0; i <= 12; i++) {
    const a = ((from + ((to - from) * i) / 12) * Math.PI) / 180;
    points.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return points;
}

/** A dot: a very short stroke (the pen touching the paper). */
const dot = (x: number, y: number): Stroke => [
  [x - 0.02, y],
  [x + 0.02, y],
];

/** The strokes of a symbol, with the random choices a hand makes (lengths, gaps, curvature). */
function symbolStrokes(symbol: MathSymbol, rng: Rng): Stroke[] {
  const r = (a: number, b: number) => a + (b - a) * rng();
  switch (symbol) {
    case '+': {
      const cx = r(0.4, 0.6);
      const cy = r(0.4, 0.6);
      return [
        [
          [r(0.05, 0.2), cy],
          [r(0.8, 0.95), cy + r(-0.05, 0.05)],
        ],
        [
          [cx, r(0.05, 0.2)],
          [cx + r(-0.05, 0.05), r(0.8, 0.95)],
        ],
      ];
    }
    case '-':
      return [
        [
          [r(0.05, 0.15), 0.5],
          [r(0.85, 0.95), 0.5 + r(-0.06, 0.06)],
        ],
      ];
    case '×':
      return [
        [
          [r(0.1, 0.25), r(0.1, 0.25)],
          [r(0.75, 0.9), r(0.75, 0.9)],
        ],
        [
          [r(0.75, 0.9), r(0.1, 0.25)],
          [r(0.1, 0.25), r(0.75, 0.9)],
        ],
      ];
    case '÷': {
      const gap = r(0.18, 0.32);
      return [
        [
          [r(0.05, 0.15), 0.5],
          [r(0.85, 0.95), 0.5 + r(-0.04, 0.04)],
        ],
        dot(r(0.42, 0.58), 0.5 - gap),
        dot(r(0.42, 0.58), 0.5 + gap),
      ];
    }
    case '=': {
      const gap = r(0.12, 0.25);
      return [
        [
          [r(0.05, 0.15), 0.5 - gap],
          [r(0.85, 0.95), 0.5 - gap + r(-0.04, 0.04)],
        ],
        [
          [r(0.05, 0.15), 0.5 + gap],
          [r(0.85, 0.95), 0.5 + gap + r(-0.04, 0.04)],
        ],
      ];
    }
    case '(': {
      const bulge = r(0.15, 0.35);
      return [arc(0.5 + bulge, 0.5, bulge + 0.1, r(0.4, 0.48), r(110, 130), r(230, 250))];
    }
    case ')': {
      const bulge = r(0.15, 0.35);
      return [arc(0.5 - bulge, 0.5, bulge + 0.1, r(0.4, 0.48), r(-70, -50), r(50, 70))];
    }
    default:
      throw new Error(`the generator draws operators, not ${symbol}`);
  }
}

export interface DrawStyle {
  /** Pen width as a share of the symbol's size. */
  thickness: number;
  /** Shear: how far the top leans right, as a share of the height. */
  slant: number;
  /** Rotation in degrees. */
  rotation: number;
  /** Random wobble of every stroke point, as a share of the size. */
  jitter: number;
}

/** A random hand: thickness 6–16 % of the size, slant ±0.25, rotation ±10°, wobble up to 4 %. */
export function randomStyle(rng: Rng): DrawStyle {
  return {
    thickness: 0.06 + rng() * 0.1,
    slant: (rng() * 2 - 1) * 0.25,
    rotation: (rng() * 2 - 1) * 10,
    jitter: rng() * 0.04,
  };
}

/** Distance from p to the segment ab. */
function segmentDistance(px: number, py: number, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/**
 * Draws `symbol` in a `size`×`size` grey image (ink 1 on paper 0), strokes anti-aliased over one pixel.
 * `size` is the symbol's box; the pen may reach a little outside it, so the image has a margin.
 */
export function drawSymbol(symbol: MathSymbol, rng: Rng, size = 40, style = randomStyle(rng)): GreyImage {
  const margin = Math.ceil(size * 0.25);
  const side = size + 2 * margin;
  const angle = (style.rotation * Math.PI) / 180;
  const place = ([x, y]: Point): Point => {
    const wx = x + (rng() * 2 - 1) * style.jitter;
    const wy = y + (rng() * 2 - 1) * style.jitter;
    const sx = wx - 0.5 + style.slant * (0.5 - wy);
    const sy = wy - 0.5;
    return [
      margin + size * (0.5 + sx * Math.cos(angle) - sy * Math.sin(angle)),
      margin + size * (0.5 + sx * Math.sin(angle) + sy * Math.cos(angle)),
    ];
  };
  const strokes = symbolStrokes(symbol, rng).map((stroke) => stroke.map(place));
  const radius = Math.max(0.8, (style.thickness * size) / 2);
  const pixels = new Float32Array(side * side);
  for (const stroke of strokes) {
    for (let i = 0; i < stroke.length - 1 || i === 0; i++) {
      const a = stroke[i]!;
      const b = stroke[Math.min(i + 1, stroke.length - 1)]!;
      const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0]) - radius - 1));
      const x1 = Math.min(side - 1, Math.ceil(Math.max(a[0], b[0]) + radius + 1));
      const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1]) - radius - 1));
      const y1 = Math.min(side - 1, Math.ceil(Math.max(a[1], b[1]) + radius + 1));
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const ink = Math.max(0, Math.min(1, radius + 0.5 - segmentDistance(x + 0.5, y + 0.5, a, b)));
          const k = y * side + x;
          pixels[k] = Math.max(pixels[k] ?? 0, ink);
        }
      }
    }
  }
  return { width: side, height: side, pixels };
}

/** A drawn symbol prepared like an MNIST digit (28×28 bytes): what the network trains on. */
export function symbolDigit(symbol: MathSymbol, rng: Rng): Uint8Array {
  const prepared = preprocessDrawing(drawSymbol(symbol, rng));
  const out = new Uint8Array(DIGIT_PIXELS);
  if (prepared) prepared.digit.pixels.forEach((v, i) => (out[i] = Math.round(Math.min(1, v) * 255)));
  return out;
}
