/**
 * Finding the handwritten sums on a page and cutting each into characters, without a network:
 *
 * 1. ink: the photo to grey, then a threshold between paper and ink chosen by Otsu's method (the level that
 *    best splits the page's brightness histogram into two groups), so lighting need not be set by hand;
 * 2. lines: rows with no ink separate exercise lines (the horizontal projection profile);
 * 3. characters: connected components (pixels of ink touching each other, diagonals included) of a line;
 *    components one above the other are one character (the two bars of "=", the bar and dots of "÷", a
 *    "5" whose top stroke came apart); a component much smaller than the line's height is a dot (a decimal
 *    point, or with two more the "…" of a remainder): a dot has no shape worth asking the network about.
 */
import { type Box, type GreyImage } from '../digits/preprocess.ts';

/** Pixels as in ImageData: RGBA bytes, row by row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** Otsu's threshold of 256-bin grey levels: the cut that maximises the spread between the two groups. */
export function otsuThreshold(histogram: readonly number[]): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  let sumAll = 0;
  histogram.forEach((count, level) => (sumAll += count * level));
  let best = 0;
  let bestSpread = -1;
  let weightBelow = 0;
  let sumBelow = 0;
  for (let t = 0; t < 256; t++) {
    weightBelow += histogram[t] ?? 0;
    if (weightBelow === 0) continue;
    const weightAbove = total - weightBelow;
    if (weightAbove === 0) break;
    sumBelow += t * (histogram[t] ?? 0);
    const meanBelow = sumBelow / weightBelow;
    const meanAbove = (sumAll - sumBelow) / weightAbove;
    const spread = weightBelow * weightAbove * (meanBelow - meanAbove) ** 2;
    if (spread > bestSpread) {
      bestSpread = spread;
      best = t;
    }
  }
  return best;
}

export interface InkMap {
  /** 1 where there is ink (darker than the threshold), 0 on paper. */
  mask: Uint8Array;
  /** How dark each pixel is, 0 (paper white) to 1 (black): the soft edges the network is used to. */
  ink: GreyImage;
  threshold: number;
}

/** Dark ink on light paper, found with Otsu's threshold (a page with almost no ink gets an empty mask). */
export function inkMap(image: RgbaImage): InkMap {
  const { width, height, data } = image;
  const grey = new Uint8Array(width * height);
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < width * height; i++) {
    const g = Math.round(
      0.299 * (data[i * 4] ?? 0) + 0.587 * (data[i * 4 + 1] ?? 0) + 0.114 * (data[i * 4 + 2] ?? 0),
    );
    grey[i] = g;
    histogram[g]!++;
  }
  const threshold = otsuThreshold(histogram);
  const mask = new Uint8Array(width * height);
  const pixels = new Float32Array(width * height);
  // Paper's level: the brightest common grey; ink is measured as darkness below it.
  let paper = 255;
  for (let seen = 0; paper > 0 && seen < width * height * 0.05; paper--) seen += histogram[paper] ?? 0;
  const contrast = paper - threshold > 8;
  for (let i = 0; i < width * height; i++) {
    const g = grey[i] ?? 255;
    if (contrast && g < threshold) mask[i] = 1;
    pixels[i] = Math.max(0, Math.min(1, (paper - g) / Math.max(1, paper - 40)));
  }
  return { mask, ink: { width, height, pixels }, threshold };
}

/** Bands of rows holding ink, top to bottom, each with the columns its ink spans. */
export function findLines(mask: Uint8Array, width: number, height: number): Box[] {
  const rowInk = new Array<number>(height).fill(0);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rowInk[y]! += mask[y * width + x] ?? 0;
  const minInk = Math.max(1, Math.round(width * 0.001));
  const bands: [number, number][] = [];
  for (let y = 0; y < height; y++) {
    if ((rowInk[y] ?? 0) < minInk) continue;
    const last = bands.at(-1);
    if (last && last[1] === y - 1) last[1] = y;
    else bands.push([y, y]);
  }
  if (bands.length === 0) return [];
  // A thin band (the dot of a "÷" above its line, a stray mark) joins the nearest tall one if it is close.
  const heights = bands.map(([a, b]) => b - a + 1).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)] ?? 1;
  const merged: [number, number][] = [];
  for (const band of bands) {
    const last = merged.at(-1);
    const tall = (b: [number, number]) => b[1] - b[0] + 1 >= median * 0.4;
    if (last && (!tall(band) || !tall(last)) && band[0] - last[1] <= median * 0.35) last[1] = band[1];
    else merged.push([band[0], band[1]]);
  }
  return merged
    .filter(([a, b]) => b - a + 1 >= median * 0.25)
    .map(([y0, y1]) => {
      let x0 = width;
      let x1 = -1;
      for (let y = y0; y <= y1; y++) {
        for (let x = 0; x < width; x++) {
          if (mask[y * width + x]) {
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
          }
        }
      }
      return { x0, y0, x1, y1 };
    });
}

/** One character of a line: its box in the page and its own ink (neighbours' ink left out). */
export interface CharPiece {
  box: Box;
  /** The character's ink alone, cropped to its box. */
  image: GreyImage;
  /** Recognised by its size alone ('.' a dot, '…' two or three dots in a row); else the network decides. */
  fixed?: '.' | '…';
}

interface Component {
  box: Box;
  pixels: number[];
}

function components(mask: Uint8Array, width: number, band: Box): Component[] {
  const seen = new Uint8Array(mask.length);
  const out: Component[] = [];
  for (let y = band.y0; y <= band.y1; y++) {
    for (let x = band.x0; x <= band.x1; x++) {
      const start = y * width + x;
      if (!mask[start] || seen[start]) continue;
      const pixels: number[] = [];
      const stack = [start];
      seen[start] = 1;
      const box = { x0: x, y0: y, x1: x, y1: y };
      while (stack.length > 0) {
        const p = stack.pop()!;
        pixels.push(p);
        const px = p % width;
        const py = (p - px) / width;
        if (px < box.x0) box.x0 = px;
        if (px > box.x1) box.x1 = px;
        if (py < box.y0) box.y0 = py;
        if (py > box.y1) box.y1 = py;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = py + dy;
          if (ny < band.y0 || ny > band.y1) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx;
            if (nx < band.x0 || nx > band.x1) continue;
            const q = ny * width + nx;
            if (mask[q] && !seen[q]) {
              seen[q] = 1;
              stack.push(q);
            }
          }
        }
      }
      out.push({ box, pixels });
    }
  }
  return out;
}

const boxWidth = (b: Box) => b.x1 - b.x0 + 1;
const boxHeight = (b: Box) => b.y1 - b.y0 + 1;
const union = (a: Box, b: Box): Box => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
});
/** Columns two boxes share, as a share of the narrower one. */
const columnOverlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1) / Math.min(boxWidth(a), boxWidth(b));

/** Cuts one line (a band of `findLines`) into characters, left to right. */
export function segmentLine(map: InkMap, band: Box): CharPiece[] {
  const { width } = map.ink;
  const lineHeight = boxHeight(band);
  const noise = Math.max(2, Math.round(lineHeight * lineHeight * 0.002));
  const parts = components(map.mask, width, band)
    .filter((c) => c.pixels.length >= noise)
    .sort((a, b) => a.box.x0 - b.box.x0);
  // Components sharing most of their columns are one character ("=", "÷", a broken stroke).
  const groups: Component[] = [];
  for (const part of parts) {
    const host = groups.find((g) => columnOverlap(g.box, part.box) >= 0.3);
    if (host) {
      host.box = union(host.box, part.box);
      host.pixels.push(...part.pixels);
    } else groups.push({ box: { ...part.box }, pixels: [...part.pixels] });
  }
  groups.sort((a, b) => a.box.x0 - b.box.x0);
  // Character height: the tallest groups are digits; a dot is tiny next to them.
  const tallest = Math.max(...groups.map((g) => boxHeight(g.box)), 1);
  const tiny = (g: Component) => boxHeight(g.box) <= tallest * 0.28 && boxWidth(g.box) <= tallest * 0.28;
  // A tiny piece that touches a neighbour, or floats above the baseline, is a bit of a character whose
  // stroke came apart (common in handwriting), not a decimal point: it joins the nearest character.
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i]!;
    if (!tiny(g) || groups.length < 2) continue;
    const gap = (other: Component) => Math.max(other.box.x0 - g.box.x1, g.box.x0 - other.box.x1);
    const others = groups.filter((o) => o !== g && !tiny(o));
    const nearest = others.sort((a, b) => gap(a) - gap(b))[0];
    if (!nearest) continue;
    const centreY = (g.box.y0 + g.box.y1) / 2;
    const onBaseline = centreY >= band.y0 + lineHeight * 0.62;
    if (gap(nearest) <= tallest * 0.06 || !onBaseline) {
      nearest.box = union(nearest.box, g.box);
      nearest.pixels.push(...g.pixels);
      groups.splice(i, 1);
      i--;
    }
  }
  const pieces: CharPiece[] = groups.map((g) => ({
    box: g.box,
    image: cutOut(map, g),
    ...(tiny(g) ? { fixed: '.' as const } : {}),
  }));
  // Two or three dots in a row are the "…" of a remainder.
  const out: CharPiece[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (piece.fixed && last?.fixed && piece.box.x0 - last.box.x1 <= tallest * 0.6) {
      last.box = union(last.box, piece.box);
      last.fixed = '…';
      last.image = cropBox(map.ink, last.box);
    } else out.push(piece);
  }
  return out;
}

/** The ink of one group only, in its box. */
function cutOut(map: InkMap, group: Component): GreyImage {
  const { box } = group;
  const w = boxWidth(box);
  const h = boxHeight(box);
  const pixels = new Float32Array(w * h);
  const { width } = map.ink;
  for (const p of group.pixels) {
    const x = p % width;
    const y = (p - x) / width;
    pixels[(y - box.y0) * w + (x - box.x0)] = Math.max(map.ink.pixels[p] ?? 0, 0.75);
  }
  return { width: w, height: h, pixels };
}

function cropBox(image: GreyImage, box: Box): GreyImage {
  const w = boxWidth(box);
  const h = boxHeight(box);
  const pixels = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++)
      pixels[y * w + x] = image.pixels[(box.y0 + y) * image.width + box.x0 + x] ?? 0;
  }
  return { width: w, height: h, pixels };
}
