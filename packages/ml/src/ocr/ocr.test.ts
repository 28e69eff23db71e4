import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  characterAccuracy,
  charPolygon,
  cropLine,
  ctcAlphabet,
  ctcGreedyDecode,
  detectionInput,
  detectionSize,
  detectRegions,
  minAreaRect,
  padCropWidth,
  readingOrder,
  rotateCrop180,
  unclip,
  type Point,
} from './index.ts';

/** Probabilities [steps × classes] where each step's likeliest class is the given index. */
function oneHot(indices: number[], classes: number, p = 0.9): Float32Array {
  const out = new Float32Array(indices.length * classes).fill((1 - p) / (classes - 1));
  indices.forEach((k, t) => (out[t * classes + k] = p));
  return out;
}

/** A probability map with filled axis-aligned rectangles of 0.9 on 0.05. */
function mapWith(width: number, height: number, rects: { x: number; y: number; w: number; h: number }[]) {
  const prob = new Float32Array(width * height).fill(0.05);
  for (const r of rects)
    for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) prob[y * width + x] = 0.9;
  return prob;
}

describe('box geometry', () => {
  it('finds the smallest rotated rectangle, corners in reading order', () => {
    // A 40 × 10 rectangle turned by 30°, sampled densely.
    const angle = Math.PI / 6;
    const points: Point[] = [];
    for (let u = 0; u <= 40; u += 1)
      for (let v = 0; v <= 10; v += 1)
        points.push([
          100 + u * Math.cos(angle) - v * Math.sin(angle),
          50 + u * Math.sin(angle) + v * Math.cos(angle),
        ]);
    const rect = minAreaRect(points);
    expect(rect.width).toBeCloseTo(40, 5);
    expect(rect.height).toBeCloseTo(10, 5);
    const [tl, tr] = rect.corners;
    expect(tl[0]).toBeCloseTo(100, 5); // starts at the left end, top side
    expect(tl[1]).toBeCloseTo(50, 5);
    expect(Math.atan2(tr[1] - tl[1], tr[0] - tl[0])).toBeCloseTo(angle, 5); // runs along the text
  });

  it('starts a tall-but-wide box on its long side, left to right', () => {
    const rect = minAreaRect([
      [10, 10],
      [70, 10],
      [70, 30],
      [10, 30],
    ]);
    expect(rect.corners[0]).toEqual([10, 10]);
    expect(rect.corners[1]).toEqual([70, 10]);
    expect(rect.corners[2]).toEqual([70, 30]);
    expect(rect.corners[3]).toEqual([10, 30]);
  });

  it('unclips by area × ratio ÷ perimeter on every side', () => {
    const rect = minAreaRect([
      [0, 0],
      [60, 0],
      [60, 20],
      [0, 20],
    ]);
    const grown = unclip(rect, 1.5);
    const d = (60 * 20 * 1.5) / 160;
    expect(grown.width).toBeCloseTo(60 + 2 * d);
    expect(grown.height).toBeCloseTo(20 + 2 * d);
    expect(grown.corners[0][0]).toBeCloseTo(-d);
    expect(grown.corners[0][1]).toBeCloseTo(-d);
    expect(boundsOf(grown.corners, 100, 100)).toEqual({ x: 0, y: 0, width: 60 + d, height: 20 + d });
  });

  it('orders lines top to bottom, and left to right within a row', () => {
    const item = (name: string, x: number, y: number) => ({ name, box: { x, y, width: 50, height: 20 } });
    const ordered = readingOrder([item('c', 0, 60), item('b', 100, 3), item('a', 0, 0)]);
    expect(ordered.map((i) => i.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('detection post-processing', () => {
  it('sizes the detector input in multiples of 32, at most 960', () => {
    expect(detectionSize(1280, 720)).toEqual({ width: 960, height: 544 });
    expect(detectionSize(100, 20)).toEqual({ width: 96, height: 32 });
  });

  it('normalises pixels into BGR planes', () => {
    const rgba = new Uint8ClampedArray([255, 0, 0, 255]); // one red pixel
    const input = detectionInput(rgba, 1, 1);
    expect(input[0]).toBeCloseTo((0 - 0.406) / 0.225); // blue plane first
    expect(input[2]).toBeCloseTo((1 - 0.485) / 0.229); // red plane last
  });

  it('turns each connected text region into one grown box, and drops faint or tiny ones', () => {
    const width = 200;
    const height = 100;
    const prob = mapWith(width, height, [
      { x: 20, y: 10, w: 100, h: 12 }, // a line
      { x: 30, y: 60, w: 150, h: 10 }, // another
      { x: 5, y: 90, w: 2, h: 2 }, // a speck
    ]);
    // A faint region: above the pixel threshold, below the box threshold.
    for (let y = 40; y < 50; y++) for (let x = 20; x < 80; x++) prob[y * width + x] = 0.4;
    const regions = detectRegions(prob, width, height);
    expect(regions).toHaveLength(2);
    const boxes = regions.map((r) => boundsOf(r.rect.corners)).sort((a, b) => a.y - b.y);
    const d1 = (100 * 12 * 1.5) / (2 * 112);
    expect(boxes[0]!.x).toBeCloseTo(20 - d1, 5);
    expect(boxes[0]!.width).toBeCloseTo(100 + 2 * d1, 5);
    expect(boxes[0]!.height).toBeCloseTo(12 + 2 * d1, 5);
    expect(boxes[1]!.y).toBeLessThan(60);
    expect(regions[0]!.score).toBeCloseTo(0.9, 5);
  });
});

describe('recognition', () => {
  const alphabet = ctcAlphabet('a\nb\nc\n');

  it('counts the dictionary as the model does: blank first, space last', () => {
    expect(alphabet).toEqual(['', 'a', 'b', 'c', ' ']);
  });

  it('decodes CTC greedily: repeats merge, a blank separates doubled letters', () => {
    // a a _ b _ b c c _ → "abbc"
    const decoded = ctcGreedyDecode(oneHot([1, 1, 0, 2, 0, 2, 3, 3, 0], 5), 9, 5, alphabet);
    expect(decoded.text).toBe('abbc');
    expect(decoded.chars.map((c) => [c.start, c.end])).toEqual([
      [0, 2],
      [3, 4],
      [5, 6],
      [6, 8],
    ]);
    expect(decoded.confidence).toBeCloseTo(0.9);
  });

  it('reads nothing from all blanks', () => {
    const decoded = ctcGreedyDecode(oneHot([0, 0, 0], 5), 3, 5, alphabet);
    expect(decoded).toMatchObject({ text: '', confidence: 0, chars: [] });
  });

  it('places each character along the line in step order', () => {
    const rect = minAreaRect([
      [0, 0],
      [90, 0],
      [90, 10],
      [0, 10],
    ]);
    const decoded = ctcGreedyDecode(oneHot([1, 0, 0, 2, 0, 0, 3, 0, 0], 5), 9, 5, alphabet);
    const boxes = decoded.chars.map((_, i) => boundsOf(charPolygon(rect, decoded, i)));
    expect(boxes.map((b) => Math.round(b.x))).toEqual([0, 20, 50]); // halfway to the neighbours: steps 2 and 5 of 9;
    expect(boxes.every((b) => b.height === 10)).toBe(true);
  });

  it('cuts a line out at the recogniser height, scaled to −1…1, and turns it round', () => {
    // 40 × 10 image: left half black, right half white.
    const data = new Uint8ClampedArray(40 * 10 * 4);
    for (let y = 0; y < 10; y++)
      for (let x = 20; x < 40; x++) data.fill(255, (y * 40 + x) * 4, (y * 40 + x) * 4 + 4);
    const rect = minAreaRect([
      [0, 0],
      [40, 0],
      [40, 10],
      [0, 10],
    ]);
    const crop = cropLine({ data, width: 40, height: 10 }, rect, 48);
    expect(crop.width).toBe(192);
    expect(crop.tensor[10 * 192 + 5]).toBeCloseTo(-1);
    expect(crop.tensor[10 * 192 + 180]).toBeCloseTo(1);
    const turned = rotateCrop180(crop);
    expect(turned.tensor[10 * 192 + 5]).toBeCloseTo(1);
    const padded = padCropWidth(cropLine({ data, width: 40, height: 10 }, rect, 48, 100), 150);
    expect(padded.width).toBe(150);
    expect(padded.tensor[120]).toBe(0);
    expect(padded.tensor[0]).toBeCloseTo(-1);
  });

  it('scores character accuracy by edit distance', () => {
    expect(characterAccuracy('hello', 'hello')).toBe(1);
    expect(characterAccuracy('hello', 'helo')).toBeCloseTo(0.8);
    expect(characterAccuracy('你好世界', '你好')).toBeCloseTo(0.5);
    expect(characterAccuracy('ab', 'xyzxyz')).toBe(0);
  });
});
